import { lagosDate, type LoanTerms, loanCharges, loanSchedule } from '@traction/core';
import type { Db } from '../db/connect';
import { openCompanyAccounts, post, walletAccount } from '../domains/ledger/index';

/**
 * Loans straight into the tables, for tests that need many rows in several states (the CSV
 * comparison) rather than the commands' path. A disbursed one posts its principal and charges
 * through the ledger as a disbursement does, so the ledger check still holds; its schedule runs
 * from a few days before `now`, so some of it is late; it is under automatic deduction.
 */
export async function insertLoansFor(db: Db, businesses: readonly { id: number; walletUid: string }[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  const company = await openCompanyAccounts(db);
  for (const [index, business] of businesses.entries()) {
    const terms: LoanTerms = {
      // Small enough for any KYC tier's balance cap (a disbursement is a capped credit).
      principal: 100_000 * (index + 1),
      interestBps: 250 * (index % 4),
      fee: index % 2 ? 10_000 : 0,
      frequency: index % 3 ? 'DAILY' : 'WEEKLY',
      instalments: 5 + index,
    };
    const { interest, total } = loanCharges(terms);
    const disbursed = index % 2 === 0;
    const disbursedOn = lagosDate(new Date(now.getTime() - (3 + index) * 86_400_000));
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('loans')
        .values({
          business_id: business.id,
          purpose: index % 5 ? 'WORKING_CAPITAL' : 'TERMINAL',
          ...{ principal: terms.principal, interest_bps: terms.interestBps, fee: terms.fee, frequency: terms.frequency, instalments: terms.instalments },
          interest,
          total_repayable: total,
          status: 'REQUESTED',
          reason: 'Test loan',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      if (!disbursed) return;
      const wallet = await walletAccount(trx, business.walletUid);
      const [transfer] = await post(trx, [
        { debit: company.loansReceivable, credit: wallet.id, amount: terms.principal, kind: 'loan_disbursement', reference: `LOAN-${id}-DISB` },
        ...(total > terms.principal
          ? [
              {
                debit: company.loansReceivable,
                credit: company.loanIncome,
                amount: total - terms.principal,
                kind: 'loan_charge' as const,
                reference: `LOAN-${id}-CHARGE`,
              },
            ]
          : []),
      ]);
      await trx
        .insertInto('loan_instalments')
        .values(loanSchedule(terms, disbursedOn).map((each) => ({ loan_id: id, number: each.number, due_date: each.dueDate, amount: each.amount })))
        .execute();
      await trx
        .updateTable('loans')
        .set({ status: 'DISBURSED', approved_at: now, disbursed_at: now, disbursed_on: disbursedOn, disbursement_transfer_id: transfer!.id })
        .where('id', '=', id)
        .execute();
      // As a disbursement does: the loan is collected by automatic deduction from now on.
      await trx
        .insertInto('deduction_settings')
        .values({ loan_id: id, status: 'ACTIVE', allow_partial: true, source: 'DISBURSEMENT', created_at: now, updated_at: now })
        .execute();
    });
  }
  return ids;
}
