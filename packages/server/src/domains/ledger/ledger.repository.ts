import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { Insertable } from 'kysely';
import type { LedgerTransfersTable } from '../../db/tables/ledger.tables';

/** The only SQL that writes the ledger tables (docs/decisions.md "Ledger"). */

export async function insertCompanyAccounts(db: Db, codes: readonly string[]): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(codes.map((code) => ({ code, kind: 'company' as const, allow_negative: true })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function insertWalletAccount(db: Db, wallet: { uid: string; businessId: number }): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ code: `wallet:${wallet.uid}`, kind: 'wallet', wallet_uid: wallet.uid, business_id: wallet.businessId })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export function findWallet(db: Db, uid: string) {
  return db.selectFrom('wallets').select(['uid', 'business_id']).where('uid', '=', uid).executeTakeFirst();
}

const accountColumns = ['id', 'code', 'kind', 'business_id', 'wallet_uid', 'allow_negative', 'balance'] as const;

export function findAccountByCode(db: Db, code: string) {
  return db.selectFrom('ledger_accounts').select(accountColumns).where('code', '=', code).executeTakeFirst();
}

export function findAccountsByCode(db: Db, codes: readonly string[]) {
  return db.selectFrom('ledger_accounts').select(['id', 'code']).where('code', 'in', codes).execute();
}

export function findAccounts(db: Db, ids: readonly number[]) {
  return db.selectFrom('ledger_accounts').select(accountColumns).where('id', 'in', ids).execute();
}

/**
 * Every account a posting names, in one statement: wallet accounts locked `for update` in
 * ascending id order — every posting does, so none deadlocks another — and company accounts
 * read without a lock (they keep no balance row: hot accounts never serialise postings).
 */
export async function lockPostingAccounts(db: Db, ids: readonly number[]) {
  const rows = await sql<{
    id: number;
    code: string;
    kind: 'wallet' | 'company';
    business_id: number | null;
    wallet_uid: string | null;
    allow_negative: boolean;
    balance: string;
  }>`
    with wallets as (
      select id, code, kind, business_id, wallet_uid, allow_negative, balance::text as balance
      from ledger_accounts where id in (${sql.join(ids)}) and kind = 'wallet' order by id for update
    )
    select * from wallets
    union all
    select id, code, kind, business_id, wallet_uid, allow_negative, balance::text from ledger_accounts where id in (${sql.join(ids)}) and kind = 'company'`.execute(
    db,
  );
  return rows.rows;
}

export function insertTransfers(db: Db, rows: readonly Insertable<LedgerTransfersTable>[]) {
  return db.insertInto('ledger_transfers').values(rows).returning(['id', 'reference']).execute();
}

const transferColumns = [
  'id',
  'reference',
  'kind',
  'debit_account_id',
  'credit_account_id',
  'amount',
  'reverses_transfer_id',
  'command_id',
  'admin_id',
  'request_id',
  'narration',
  'parent_transfer_id',
  'counterparty',
  'created_at',
] as const;

/** A transfer, locked so that two reversals of it take turns (a row lock, not an update: the immutability trigger does not fire). */
export function lockTransfer(db: Db, id: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .where('id', '=', id as never)
    .forUpdate()
    .executeTakeFirst();
}

export function findReversalOf(db: Db, id: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .where('reverses_transfer_id', '=', id as never)
    .executeTakeFirst();
}

export function findTransferByReference(db: Db, reference: string) {
  return db.selectFrom('ledger_transfers').select(transferColumns).where('reference', '=', reference).executeTakeFirst();
}

export function findTransfersByReference(db: Db, references: readonly string[]) {
  return db.selectFrom('ledger_transfers').select(transferColumns).where('reference', 'in', references).execute();
}

export function findTransferById(db: Db, id: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .where('id', '=', id as never)
    .executeTakeFirst();
}

/** The fee and cashback legs of a transfer, locked with it for its reversal. */
export function lockChildTransfers(db: Db, parentId: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(transferColumns)
    .where('parent_transfer_id', '=', parentId as never)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Credits minus debits of each account, from its transfers. */
export async function computedBalances(db: Db, ids?: readonly number[]) {
  const filter = ids ? sql`where account_id in (${sql.join(ids)})` : sql``;
  const rows = await sql<{ account_id: number; debits: string; credits: string }>`
    select account_id, sum(debit)::text as debits, sum(credit)::text as credits from (
      select debit_account_id as account_id, amount as debit, 0::bigint as credit from ledger_transfers
      union all
      select credit_account_id, 0::bigint, amount from ledger_transfers
    ) legs ${filter}
    group by account_id`.execute(db);
  return new Map(rows.rows.map((row) => [row.account_id, { debits: BigInt(row.debits), credits: BigInt(row.credits) }]));
}

export function allAccounts(db: Db) {
  return db.selectFrom('ledger_accounts').select(accountColumns).orderBy('id').execute();
}

export async function transferCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Transfers that are reversed by something other than their mirror image. */
export function mismatchedReversals(db: Db) {
  return db
    .selectFrom('ledger_transfers as r')
    .innerJoin('ledger_transfers as o', 'o.id', 'r.reverses_transfer_id')
    .select(['r.reference', 'o.reference as original'])
    .where((eb) =>
      eb.or([
        eb('r.amount', '<>', eb.ref('o.amount')),
        eb('r.debit_account_id', '<>', eb.ref('o.credit_account_id')),
        eb('r.credit_account_id', '<>', eb.ref('o.debit_account_id')),
      ]),
    )
    .execute();
}

/** Each wallet account's entries (its transaction log): how many, how many transfers touch it, and the last balance after. */
export async function walletEntryStats(db: Db) {
  const rows = await sql<{ id: number; legs: string; entries: string; last_after: string | null }>`
    select a.id,
      (select count(*) from ledger_transfers t where t.debit_account_id = a.id or t.credit_account_id = a.id)::text as legs,
      (select count(*) from ledger_wallet_entries e where e.account_id = a.id)::text as entries,
      (select e.balance_after::text from ledger_wallet_entries e where e.account_id = a.id order by e.id desc limit 1) as last_after
    from ledger_accounts a
    where a.kind = 'wallet'`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      { legs: Number(row.legs), entries: Number(row.entries), lastAfter: row.last_after === null ? 0n : BigInt(row.last_after) },
    ]),
  );
}

/** The id of a wallet's newest log entry ('0' for none), as text. */
export async function lastWalletEntry(db: Db, accountId: number): Promise<string> {
  const row = await db
    .selectFrom('ledger_wallet_entries')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return String(row?.last ?? 0);
}

/** Accounts with their business's name (wallets) for naming them to people. */
export function namedAccounts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin('businesses as b', 'b.id', 'a.business_id')
    .select(['a.id', 'a.code', 'b.name as business_name'])
    .where('a.id', 'in', ids)
    .execute();
}
