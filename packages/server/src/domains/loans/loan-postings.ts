import { loanReference } from '@traction/core';
import type { Db } from '../../db/connect';
import { openCompanyAccounts, type PostedTransfer, type PostingMeta, post, walletAccount } from '../ledger/index';

/**
 * A loan's money through the ledger (docs/decisions.md "Loans and deductions"): loans receivable
 * is debited with everything the merchant owes the moment the loan is disbursed, so minus its
 * balance is always what merchants still owe; repayments and write-offs credit it back.
 */

export const disbursementReference = (loanId: number) => `LOAN-${loanId}-DISB`;
export const chargeReference = (loanId: number) => `LOAN-${loanId}-CHARGE`;
export const writeOffReference = (loanId: number) => `LOAN-${loanId}-WO`;

/**
 * One posting: the principal from loans receivable to the merchant's wallet and, when there are
 * any, the interest and fee from loans receivable to loan income (earned when lent: the flat
 * charge is owed whatever happens next, and a write-off takes it back out through write-offs).
 * The ledger applies the money policy to the wallet credited (a fraud, frozen or closed wallet
 * refuses it: 409, nothing posted). Answers the principal's transfer.
 */
export async function postDisbursement(
  db: Db,
  loan: { id: number; principal: bigint; interest: bigint; fee: bigint; walletUid: string },
  meta: PostingMeta,
): Promise<PostedTransfer> {
  const company = await openCompanyAccounts(db);
  const wallet = await walletAccount(db, loan.walletUid);
  const reference = loanReference(loan.id);
  const charges = loan.interest + loan.fee;
  const [principal] = await post(
    db,
    [
      {
        debit: company.loansReceivable,
        credit: wallet.id,
        amount: loan.principal,
        kind: 'loan_disbursement',
        reference: disbursementReference(loan.id),
        narration: `Loan ${reference}`,
        counterparty: `Traction loan ${reference}`,
      },
      ...(charges > 0n
        ? [
            {
              debit: company.loansReceivable,
              credit: company.loanIncome,
              amount: charges,
              kind: 'loan_charge' as const,
              reference: chargeReference(loan.id),
              narration: `Interest and fee on loan ${reference}`,
            },
          ]
        : []),
    ],
    meta,
  );
  return principal!;
}

/** What is still owed on a written-off loan leaves loans receivable for loan write-offs. */
export async function postWriteOff(db: Db, loan: { id: number; amount: bigint }, meta: PostingMeta): Promise<PostedTransfer> {
  const company = await openCompanyAccounts(db);
  const [transfer] = await post(
    db,
    [
      {
        debit: company.loanWriteOffs,
        credit: company.loansReceivable,
        amount: loan.amount,
        kind: 'loan_write_off',
        reference: writeOffReference(loan.id),
        narration: `Write-off of loan ${loanReference(loan.id)}`,
      },
    ],
    meta,
  );
  return transfer!;
}
