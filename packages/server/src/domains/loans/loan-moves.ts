import { canMoveLoan, conflict, LOAN_STATUS_WORDS, type LoanStatus, loanReference } from '@traction/core';
import type { Db } from '../../db/connect';
import { lockLoan, pauseDeductions } from './loans.repository';

export interface LoanMove {
  loanId: number;
  from: LoanStatus;
  to: LoanStatus;
  note?: string | null;
  adminId?: number | null;
  at: Date;
  /** Columns set with the move (approved_by, disbursed_at, closed_at …). */
  set?: Record<string, unknown>;
}

/**
 * Moves a loan the caller has locked (`select … for update`) to another state, as LOAN_MOVES
 * allows, and logs it. Any other move is 409 naming the state the loan is in. The update is
 * guarded by the state read, so a caller that did not lock loses rather than overwrites.
 */
export async function moveLoan(db: Db, move: LoanMove): Promise<void> {
  assertLoanMove(move.loanId, move.from, move.to);
  const updated = await db
    .updateTable('loans')
    .set({ ...(move.set ?? {}), status: move.to, updated_at: move.at })
    .where('id', '=', move.loanId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw conflict(`${loanReference(move.loanId)} changed while this was being done; look again`, { reason: 'loan_changed' });
  }
  await db
    .insertInto('loan_events')
    .values({ loan_id: move.loanId, from_status: move.from, to_status: move.to, note: move.note ?? null, admin_id: move.adminId ?? null, at: move.at })
    .execute();
}

/** 409 naming the loan's state unless LOAN_MOVES allows the move: checked before any money moves for it. */
export function assertLoanMove(loanId: number, from: LoanStatus, to: LoanStatus): void {
  if (!canMoveLoan(from, to)) {
    throw conflict(`${loanReference(loanId)} is ${LOAN_STATUS_WORDS[from].toLowerCase()}: it cannot be ${LOAN_STATUS_WORDS[to].toLowerCase()}`, {
      reason: 'loan_status',
      status: from,
    });
  }
}

/**
 * Moves a loan after a repayment was recorded (its `repaid` already counts it): the last kobo
 * makes it repaid and closes it; any other repayment of a disbursed or defaulted loan makes it
 * repaying (a defaulted loan being paid again is back in collection). The deductions write the
 * repayment and call this in the same transaction, the loan locked.
 */
export async function afterRepayment(db: Db, loanId: number, at: Date, by: { adminId?: number | null; note?: string | null } = {}): Promise<LoanStatus> {
  const loan = await lockLoan(db, loanId);
  if (!loan) throw new Error(`loan ${loanId} does not exist`);
  const move = { loanId, from: loan.status, at, adminId: by.adminId ?? null, note: by.note ?? null };
  if (BigInt(loan.repaid) >= BigInt(loan.total_repayable)) {
    await moveLoan(db, { ...move, to: 'REPAID', set: { closed_at: at } });
    await pauseDeductions(db, loanId, at);
    return 'REPAID';
  }
  if (loan.status === 'DISBURSED' || loan.status === 'DEFAULTED') {
    await moveLoan(db, { ...move, to: 'REPAYING' });
    return 'REPAYING';
  }
  return loan.status;
}
