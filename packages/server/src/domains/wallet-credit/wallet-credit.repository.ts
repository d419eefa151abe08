import { koboFromDatabase, type WalletCreditBusiness } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';

/** A business with its wallet and the wallet's ledger balance (reads only: the ledger domain writes those tables). */
function businessWalletQuery(db: Db) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .leftJoin('ledger_accounts as la', 'la.wallet_uid', 'w.uid')
    .select(['b.id', 'b.name', 'b.email', 'b.is_fraud', 'w.uid as wallet_uid', 'w.status as wallet_status', 'la.balance']);
}

function toWalletCreditBusiness(row: RowOf<typeof businessWalletQuery>): WalletCreditBusiness {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isFraud: row.is_fraud,
    // A wallet money has never moved has no ledger account yet: its balance is 0.
    wallet: row.wallet_uid && row.wallet_status ? { uid: row.wallet_uid, status: row.wallet_status, balance: koboFromDatabase(row.balance ?? 0n) } : null,
  };
}

/** The business named by its email (any case) or its id. */
export async function findBusinessWallet(db: Db, ref: string): Promise<WalletCreditBusiness | undefined> {
  const id = /^\d{1,9}$/.test(ref) ? Number(ref) : null;
  const query = businessWalletQuery(db);
  const row = await (id !== null ? query.where('b.id', '=', id) : query.where(sql<string>`lower(b.email)`, '=', ref.toLowerCase())).executeTakeFirst();
  return row ? toWalletCreditBusiness(row) : undefined;
}
