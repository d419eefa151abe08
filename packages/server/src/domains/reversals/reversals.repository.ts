import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';

/**
 * Reads of the ledger for reversals (reads only: the ledger domain's `reverse` is the one way a
 * reversal is written).
 */

/** The transfer a wallet transaction log row belongs to. */
export async function transferIdOfWalletEntry(db: Db, entryId: number): Promise<bigint | null> {
  const row = await db
    .selectFrom('ledger_wallet_entries')
    .select('transfer_id')
    .where('id', '=', BigInt(entryId) as never)
    .executeTakeFirst();
  return row ? row.transfer_id : null;
}

/** The merchant wallet accounts among these accounts, with their balance and business. */
export function walletAccountsOf(db: Db, accountIds: readonly number[]) {
  return db
    .selectFrom('ledger_accounts as a')
    .innerJoin('businesses as b', 'b.id', 'a.business_id')
    .select(['a.id', 'a.wallet_uid', 'a.balance', 'a.business_id', 'b.name as business_name'])
    .where('a.id', 'in', accountIds)
    .where('a.kind', '=', 'wallet')
    .orderBy('a.id')
    .execute();
}

/** A wallet account's balance now. */
export async function walletBalance(db: Db, accountId: number): Promise<bigint> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** The legs (fee, cashback) of a transfer, in the order the ledger reverses them. */
export function legsOf(db: Db, transferId: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'reference', 'kind', 'amount', 'debit_account_id', 'credit_account_id', 'created_at'])
    .where('parent_transfer_id', '=', transferId as never)
    .orderBy('id')
    .execute();
}

/** A wallet's log entries written by these transfers, in order: the first's balance before and the last's after bracket them. */
export function walletEntriesOf(db: Db, accountId: number, transferIds: readonly bigint[]) {
  return db
    .selectFrom('ledger_wallet_entries')
    .select(['id', 'balance_before', 'balance_after'])
    .where('account_id', '=', accountId)
    .where('transfer_id', 'in', transferIds as never[])
    .orderBy('id')
    .execute();
}

/**
 * The Funds Reversal history: each reversal of a transaction (the compensating transfer of its
 * principal; the legs' reversals are summed in), with the original, the wallet's business and
 * the admin who reversed it.
 */
export function reversalQuery(db: Db) {
  return db
    .selectFrom('ledger_transfers as r')
    .innerJoin('ledger_transfers as o', 'o.id', 'r.reverses_transfer_id')
    .leftJoin('ledger_accounts as ca', (join) => join.onRef('ca.id', '=', 'o.credit_account_id').on('ca.kind', '=', 'wallet'))
    .leftJoin('ledger_accounts as da', (join) => join.onRef('da.id', '=', 'o.debit_account_id').on('da.kind', '=', 'wallet'))
    .leftJoin('businesses as b', (join) => join.on(sql<boolean>`b.id = coalesce(ca.business_id, da.business_id)`))
    .leftJoin('admins as a', 'a.id', 'r.admin_id')
    .where('r.kind', '=', 'reversal')
    .where('r.parent_transfer_id', 'is', null)
    .select([
      'r.id',
      'r.reference',
      'r.narration',
      'r.admin_id',
      'r.request_id',
      'r.created_at',
      'o.id as original_id',
      'o.reference as original_reference',
      'o.kind as original_kind',
      'o.amount as original_amount',
      'o.created_at as original_created_at',
      'b.id as business_id',
      'b.name as business_name',
      'a.email as admin_email',
      'a.first_name as admin_first_name',
      'a.last_name as admin_last_name',
    ])
    .select(sql<string | null>`coalesce(ca.wallet_uid, da.wallet_uid)::text`.as('wallet_uid'))
    .select(sql<number | null>`coalesce(ca.id, da.id)`.as('wallet_account_id'))
    .select(sql<string>`coalesce((select sum(l.amount) from ledger_transfers l where l.parent_transfer_id = r.id), 0)::text`.as('legs_amount'));
}

export type ReversalQueryRow = RowOf<typeof reversalQuery>;

/** Only reversals of the wallets of this business. */
export const businessFilter = (businessId: number) => sql<boolean>`coalesce(ca.business_id, da.business_id) = ${businessId}`;

/** A reversal's compensating transfers (its principal's, then its legs'), each with the transfer it reverses and the accounts' codes. */
export function compensatingTransfers(db: Db, reversalId: bigint) {
  return db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_transfers as o', 'o.id', 't.reverses_transfer_id')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select([
      't.id',
      't.reference',
      't.amount',
      't.narration',
      'd.code as debit_code',
      'c.code as credit_code',
      'o.id as original_id',
      'o.reference as original_reference',
      'o.kind as original_kind',
      'o.amount as original_amount',
      'o.created_at as original_created_at',
    ])
    .where((eb) => eb.or([eb('t.id', '=', reversalId as never), eb('t.parent_transfer_id', '=', reversalId as never)]))
    .orderBy('t.id')
    .execute();
}

/** One reversal of the history, by its transfer id. */
export function findReversal(db: Db, id: number) {
  return reversalQuery(db)
    .where('r.id', '=', BigInt(id) as never)
    .executeTakeFirst();
}
