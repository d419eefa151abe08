import { rangeBoundToDate, type TransferStatus } from '@traction/core';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern } from '../../db/like';
import type { BankTransfersTable } from '../../db/tables/transfers.tables';

export type NewBankTransfer = Insertable<BankTransfersTable>;

export async function insertBankTransfer(db: Db, row: NewBankTransfer): Promise<bigint> {
  const { id } = await db.insertInto('bank_transfers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertTransferEvent(
  db: Db,
  event: { transferId: bigint; status: TransferStatus; note: string; responseCode?: string | null; adminId?: number | null; at: Date },
): Promise<void> {
  await db
    .insertInto('bank_transfer_events')
    .values({
      transfer_id: event.transferId,
      status: event.status,
      note: event.note,
      response_code: event.responseCode ?? null,
      admin_id: event.adminId ?? null,
      at: event.at,
    })
    .execute();
}

/** The transfer, locked until the caller's transaction ends: every change of status goes through this. */
export function lockBankTransfer(db: Db, id: bigint | number) {
  return db.selectFrom('bank_transfers').selectAll().where('id', '=', BigInt(id)).forUpdate().executeTakeFirst();
}

export function findBankTransfer(db: Db, id: bigint | number) {
  return db.selectFrom('bank_transfers').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export type BankTransferRow = NonNullable<Awaited<ReturnType<typeof findBankTransfer>>>;

export async function updateBankTransfer(db: Db, id: bigint, changes: Updateable<BankTransfersTable>): Promise<void> {
  await db.updateTable('bank_transfers').set(changes).where('id', '=', id).execute();
}

export async function referenceTaken(db: Db, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom('bank_transfers')
    .select('id')
    .where('reference', '=', reference)
    .unionAll(db.selectFrom('ledger_transfers').select(sql<bigint>`id`.as('id')).where('reference', '=', reference))
    .executeTakeFirst();
  return row !== undefined;
}

/** What the fraud rules need to know of a merchant's recent transfers (every posted one counts, failed ones too: velocity is about attempts). */
export async function recentTransferFacts(
  db: Db,
  query: { businessId: number; bankCode: string; accountNumber: string; since: Date; exceptBatch?: bigint | undefined },
) {
  let recentQuery = db
    .selectFrom('bank_transfers')
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount), 0)`.as('amount')])
    .where('business_id', '=', query.businessId)
    .where('created_at', '>=', query.since)
    .where('status', 'not in', ['HELD', 'BLOCKED']);
  // A bulk upload's own rows were approved together by a second admin: they do not count against each other.
  if (query.exceptBatch !== undefined) recentQuery = recentQuery.where((eb) => eb.or([eb('batch_id', 'is', null), eb('batch_id', '<>', query.exceptBatch!)]));
  const recent = await recentQuery.executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom('bank_transfers')
    .select('id')
    .where('business_id', '=', query.businessId)
    .where('bank_code', '=', query.bankCode)
    .where('account_number', '=', query.accountNumber)
    .where('status', '=', 'SUCCESSFUL')
    .limit(1)
    .executeTakeFirst();
  return { transfersLastHour: Number(recent.count), amountLastHourKobo: BigInt(recent.amount), beneficiaryPaidBefore: paid !== undefined };
}

/** A business, its wallet and its settlement account, by id or email. */
export async function findPayingBusiness(db: Db, ref: string) {
  const id = /^\d{1,9}$/.test(ref) ? Number(ref) : null;
  const query = db.selectFrom('businesses as b').leftJoin('wallets as w', 'w.business_id', 'b.id').select(['b.id', 'b.name', 'w.uid as wallet_uid']);
  return (id !== null ? query.where('b.id', '=', id) : query.where(sql<string>`lower(b.email)`, '=', ref.toLowerCase())).executeTakeFirst();
}

export function settlementAccountOf(db: Db, businessId: number) {
  return db
    .selectFrom('bank_accounts')
    .select(['bank_code', 'account_number', 'account_name'])
    .where('business_id', '=', businessId)
    .where('is_settlement', '=', true)
    .executeTakeFirst();
}

export interface TransferListFilters {
  status?: TransferStatus | undefined;
  origin?: string | undefined;
  provider?: string | undefined;
  businessId?: number | undefined;
  batchId?: number | undefined;
  attention?: boolean | undefined;
  search?: string | undefined;
  bankCode?: string | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
}

/** Pending past the re-query schedule, or failed and not yet retried: the Retry Portal's rows. Written once for the column and the filter. */
const needsAttention = sql<boolean>`(t.stuck_at is not null or (t.status = 'FAILED' and not exists (select 1 from bank_transfers r where r.retry_of = t.id)))`;

/** Transfers with their source's name, filtered as the list asks. */
export function transferListQuery(db: Db, filters: TransferListFilters) {
  let query = db
    .selectFrom('bank_transfers as t')
    .leftJoin('businesses as b', 'b.id', 't.business_id')
    .select([
      't.id',
      't.reference',
      't.status',
      't.origin',
      't.business_id',
      'b.name as business_name',
      't.source_account_code',
      't.bank_code',
      't.account_number',
      't.account_name',
      't.amount',
      't.fee',
      't.provider',
      't.session_id',
      't.response_code',
      't.response_message',
      't.batch_id',
      't.stuck_at',
      't.reversal_waiting',
      't.created_at',
      't.updated_at',
      needsAttention.as('needs_attention'),
    ]);
  if (filters.status) query = query.where('t.status', '=', filters.status);
  if (filters.origin) query = query.where('t.origin', '=', filters.origin as 'single');
  if (filters.provider) query = query.where('t.provider', '=', filters.provider as 'providus');
  if (filters.businessId !== undefined) query = query.where('t.business_id', '=', filters.businessId);
  if (filters.batchId !== undefined) query = query.where('t.batch_id', '=', BigInt(filters.batchId));
  if (filters.bankCode) query = query.where('t.bank_code', '=', filters.bankCode);
  if (filters.attention !== undefined) query = query.where(filters.attention ? needsAttention : sql<boolean>`not ${needsAttention}`);
  if (filters.search) {
    const text = filters.search;
    query = query.where((eb) =>
      eb.or([
        eb('t.reference', '=', text),
        eb('t.session_id', '=', text),
        eb('t.account_number', '=', text),
        eb(sql`lower(t.account_name)`, 'like', containsPattern(text.toLowerCase())),
        eb(sql`lower(b.name)`, 'like', containsPattern(text.toLowerCase())),
      ]),
    );
  }
  if (filters.startdatetime) query = query.where('t.created_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) query = query.where('t.created_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  return query;
}

export type TransferListRow = Awaited<ReturnType<ReturnType<typeof transferListQuery>['execute']>>[number];

export function transferEvents(db: Db, transferId: bigint) {
  return db
    .selectFrom('bank_transfer_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.status', 'e.note', 'e.response_code', 'e.at', 'a.first_name', 'a.last_name'])
    .where('e.transfer_id', '=', transferId)
    .orderBy('e.id')
    .execute();
}

/** The ledger transfers a bank transfer posted: its debit, the fee leg, and their reversals. */
export function transferPostings(db: Db, ledgerTransferId: bigint) {
  return db
    .selectFrom('ledger_transfers as l')
    .innerJoin('ledger_accounts as d', 'd.id', 'l.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 'l.credit_account_id')
    .select(['l.id', 'l.reference', 'l.kind', 'l.amount', 'l.created_at', 'd.id as debit_id', 'c.id as credit_id'])
    .where((eb) =>
      eb.or([
        eb('l.id', '=', ledgerTransferId),
        eb('l.parent_transfer_id', '=', ledgerTransferId),
        eb(
          'l.reverses_transfer_id',
          'in',
          eb
            .selectFrom('ledger_transfers as x')
            .select('x.id')
            .where((inner) => inner.or([inner('x.id', '=', ledgerTransferId), inner('x.parent_transfer_id', '=', ledgerTransferId)])),
        ),
      ]),
    )
    .orderBy('l.id')
    .execute();
}

export function retryOfTransfer(db: Db, id: bigint) {
  return db.selectFrom('bank_transfers').select('id').where('retry_of', '=', id).executeTakeFirst();
}

export function adminNameById(db: Db, id: number) {
  return db.selectFrom('admins').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
}

export function transfersByIds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('bank_transfers')
    .select(['id', 'reference', 'status', 'response_code', 'response_message'])
    .where('id', 'in', ids.map(BigInt))
    .execute();
}

/** A new batch id for a bulk upload or a sweep. */
export async function newTransferBatch(db: Db, kind: 'bulk' | 'sweep'): Promise<bigint> {
  const { id } = await db.insertInto('transfer_batches').values({ kind }).returning('id').executeTakeFirstOrThrow();
  return id;
}
