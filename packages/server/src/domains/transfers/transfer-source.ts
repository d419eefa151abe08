import { conflict, notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import { COMPANY_ACCOUNTS, openCompanyAccounts, walletAccount } from '../ledger/index';
import type { TransferSource } from './start-transfer';
import { findPayingBusiness } from './transfers.repository';

/** A business paying from its wallet, by id or email: 404 when there is none, 409 when it has no wallet. */
export async function walletSource(db: Db, ref: string): Promise<Extract<TransferSource, { kind: 'wallet' }>> {
  const business = await findPayingBusiness(db, ref);
  if (!business) throw notFound(`No business has the ${/^\d+$/.test(ref) ? 'id' : 'email'} ${ref}`);
  if (!business.wallet_uid) throw conflict(`${business.name} has no wallet to pay from`, { reason: 'no_wallet' });
  return { kind: 'wallet', businessId: business.id, businessName: business.name, walletUid: business.wallet_uid };
}

/** The ledger account a stored transfer is paid from. */
export async function sourceAccountIdOf(db: Db, transfer: { wallet_uid: string | null; source_account_code: string }): Promise<number> {
  if (transfer.wallet_uid) return (await walletAccount(db, transfer.wallet_uid)).id;
  const company = await openCompanyAccounts(db);
  const name = (Object.keys(COMPANY_ACCOUNTS) as (keyof typeof COMPANY_ACCOUNTS)[]).find((key) => COMPANY_ACCOUNTS[key] === transfer.source_account_code);
  if (!name) throw new Error(`transfer source ${transfer.source_account_code} is not a company account`);
  return company[name];
}

/** The source of a stored transfer, to send it again. */
export async function sourceOfStored(db: Db, transfer: { business_id: number | null; source_account_code: string }): Promise<TransferSource> {
  if (transfer.business_id !== null) return walletSource(db, String(transfer.business_id));
  const account = transfer.source_account_code === COMPANY_ACCOUNTS.feeIncome ? 'fee-income' : 'adjustments';
  return { kind: 'company', account };
}
