import { conflict, LOAN_APPROVAL_ACTION, LOAN_STATUS_WORDS, loanReference } from '@traction/core';
import type { Db } from '../../db/connect';
import type { ApprovalExecutor, ApprovedRequest } from '../approvals/index';
import { moveLoan } from './loan-moves';
import { type LockedLoan, lockLoan } from './loans.repository';

/** The loan a request names, locked; whether the request still decides it. */
async function loanOf(db: Db, request: ApprovedRequest): Promise<{ loan: LockedLoan; decides: boolean }> {
  const id = Number(request.input.loanId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`approval request ${request.id} names no loan`);
  const loan = await lockLoan(db, id);
  if (!loan) throw new Error(`approval request ${request.id} names loan ${id}, which does not exist`);
  // A loan whose terms were edited names its newer request: the older one decides nothing.
  return { loan, decides: loan.status === 'REQUESTED' && loan.approval_request_id === request.id };
}

/**
 * Approves a requested loan from the approvals queue: the loan becomes approved and nothing
 * moves (disbursing is a separate duty, `loans update --action DISBURSE`). A request the loan no
 * longer waits for — it was cancelled, or its terms changed and a newer request decides it — is
 * refused with a sentence and stays pending, to be declined. A decline of the request the loan
 * waits for declines the loan; a decline of any other changes no loan.
 */
export const loanApprovalExecutor: ApprovalExecutor = {
  commandId: LOAN_APPROVAL_ACTION,
  async execute(db, request, meta) {
    const { loan, decides } = await loanOf(db, request);
    if (!decides) {
      const reference = loanReference(loan.id);
      const why =
        loan.status === 'REQUESTED'
          ? `its terms were changed since: request #${loan.approval_request_id} decides it now`
          : `it is ${LOAN_STATUS_WORDS[loan.status].toLowerCase()}`;
      throw conflict(`Request #${request.id} cannot approve ${reference}: ${why}. Decline this request`, {
        reason: 'loan_not_waiting',
        status: loan.status,
      });
    }
    // The decision's time (the demo data approves in the past).
    const at = meta.at ?? new Date();
    await moveLoan(db, {
      loanId: loan.id,
      from: loan.status,
      to: 'APPROVED',
      adminId: meta.adminId,
      at,
      note: `Approval request #${request.id}`,
      set: { approved_by: meta.adminId, approved_at: at },
    });
    return { reference: null };
  },
  async declined(db, request, meta) {
    const { loan, decides } = await loanOf(db, request);
    if (!decides) return;
    const at = meta.at ?? new Date();
    await moveLoan(db, {
      loanId: loan.id,
      from: loan.status,
      to: 'DECLINED',
      adminId: meta.adminId,
      at,
      note: meta.note ? `Approval request #${request.id}: ${meta.note}` : `Approval request #${request.id}`,
      set: { closed_at: at },
    });
  },
};
