import type { Db } from '../db/connect';
import { openCompanyAccounts, post, walletAccount } from '../domains/ledger/index';
import { insertBusiness, insertWallet } from './merchant-fixtures';
import type { WalletsTable } from '../db/tables/risk.tables';
import type { BusinessesTable } from '../db/tables/businesses.tables';
import type { Insertable } from 'kysely';

let references = 0;
/** A reference never used before in this process. */
export const nextReference = (prefix = 'T') => `${prefix}-${++references}-${Date.now()}`;

/** A business with a wallet and its ledger account; funded from Wema's float when `funds` is given. */
export async function ledgerWallet(
  db: Db,
  options: { funds?: number; wallet?: Partial<Insertable<WalletsTable>>; business?: Partial<Insertable<BusinessesTable>> } = {},
) {
  const business = await insertBusiness(db, options.business);
  const wallet = await insertWallet(db, business.id, options.wallet);
  const account = await db.transaction().execute((trx) => walletAccount(trx, wallet.uid));
  if (options.funds) {
    const company = await openCompanyAccounts(db);
    await db
      .transaction()
      .execute((trx) =>
        post(trx, [{ debit: company.floatWema, credit: account.id, amount: options.funds ?? 0, kind: 'pos_credit', reference: nextReference('FUND') }]),
      );
  }
  return { business, wallet, account };
}

/** Every transfer and account balance, to prove a refusal changed nothing. */
export async function ledgerFingerprint(db: Db) {
  const transfers = await db.selectFrom('ledger_transfers').select(['id', 'reference', 'amount']).orderBy('id').execute();
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute();
  return JSON.stringify({ transfers, accounts }, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}
