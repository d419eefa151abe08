import { rangeBoundToDate, type SweepStatus } from '@traction/core';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { SweepRowsTable, SweepsTable } from '../../db/tables/sweeps.tables';

// ---- sources

export interface SweepSourceFilters {
  minBalance?: number | undefined;
  bank?: 'WEMA' | 'PROVIDUS' | 'VFD' | undefined;
  walletStatus?: 'ACTIVE' | 'PND' | 'FROZEN' | 'CLOSED' | undefined;
  search?: string | undefined;
}

/**
 * Wallets with a ledger account (a wallet that never held money has none, and nothing to sweep),
 * their balance, and the business's first active fixed account (at `bank` when filtered by it).
 */
export function sweepSourceQuery(db: Db, filters: SweepSourceFilters) {
  let query = db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .innerJoin('ledger_accounts as la', 'la.wallet_uid', 'w.uid')
    .leftJoinLateral(
      (eb) => {
        let fixed = eb
          .selectFrom('fixed_accounts as f')
          .select(['f.bank', 'f.account_number', 'f.account_name'])
          .whereRef('f.business_id', '=', 'b.id')
          .where('f.status', '=', 'ACTIVE');
        if (filters.bank) fixed = fixed.where('f.bank', '=', filters.bank);
        return fixed.orderBy('f.id').limit(1).as('fa');
      },
      (join) => join.onTrue(),
    )
    .select([
      'b.id as business_id',
      'b.name as business_name',
      'b.email as business_email',
      'b.is_fraud',
      'w.uid as wallet_uid',
      'w.status as wallet_status',
      'la.balance',
      'fa.bank as fixed_bank',
      'fa.account_number as fixed_number',
      'fa.account_name as fixed_name',
    ]);
  if (filters.bank) query = query.where('fa.account_number', 'is not', null);
  if (filters.minBalance !== undefined) query = query.where('la.balance', '>=', BigInt(filters.minBalance) as never);
  if (filters.walletStatus) query = query.where('w.status', '=', filters.walletStatus);
  const text = filters.search?.trim();
  if (text) {
    const pattern = lowerPrefixPattern(text);
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(b.name)`, 'like', pattern),
        eb(sql`lower(b.email)`, 'like', pattern),
        ...(id !== null ? [eb('b.id', '=', id)] : []),
        ...(/^\d{10}$/.test(text)
          ? [eb.exists(eb.selectFrom('fixed_accounts as fs').select('fs.id').whereRef('fs.business_id', '=', 'b.id').where('fs.account_number', '=', text))]
          : []),
      ]),
    );
  }
  return query;
}

export type SweepSourceRecord = Awaited<ReturnType<ReturnType<typeof sweepSourceQuery>['execute']>>[number];

/** Businesses by id with their wallet, whether or not the wallet was ever funded (a selection's ids the sources list does not hold). */
export function businessesWithWallets(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .select(['b.id', 'b.name', 'b.is_fraud', 'w.uid as wallet_uid', 'w.status as wallet_status'])
    .where('b.id', 'in', ids)
    .execute();
}

/** The business whose fixed account this is, when a destination is one of our own virtual accounts. */
export function fixedAccountHolder(db: Db, bank: 'WEMA' | 'PROVIDUS' | 'VFD', accountNumber: string) {
  return db
    .selectFrom('fixed_accounts as f')
    .innerJoin('businesses as b', 'b.id', 'f.business_id')
    .select(['b.id', 'b.name'])
    .where('f.bank', '=', bank)
    .where('f.account_number', '=', accountNumber)
    .executeTakeFirst();
}

/** A business's wallet and balance, and the fixed account asked for (or its first active one). */
export function balanceSource(db: Db, businessId: number, accountNumber: string | undefined) {
  return db
    .selectFrom('businesses as b')
    .innerJoin('wallets as w', 'w.business_id', 'b.id')
    .leftJoin('ledger_accounts as la', 'la.wallet_uid', 'w.uid')
    .leftJoinLateral(
      (eb) => {
        let fixed = eb.selectFrom('fixed_accounts as f').select(['f.bank', 'f.account_number', 'f.account_name']).whereRef('f.business_id', '=', 'b.id');
        fixed = accountNumber ? fixed.where('f.account_number', '=', accountNumber) : fixed.where('f.status', '=', 'ACTIVE');
        return fixed.orderBy('f.id').limit(1).as('fa');
      },
      (join) => join.onTrue(),
    )
    .select([
      'b.id',
      'b.name',
      'b.is_fraud',
      'w.uid as wallet_uid',
      'w.status as wallet_status',
      sql<bigint>`coalesce(la.balance, 0)`.as('balance'),
      'fa.bank as fixed_bank',
      'fa.account_number as fixed_number',
      'fa.account_name as fixed_name',
    ])
    .where('b.id', '=', businessId)
    .executeTakeFirst();
}

// ---- sweeps

export async function insertSweep(db: Db, sweep: Insertable<SweepsTable>): Promise<void> {
  await db.insertInto('sweeps').values(sweep).execute();
}

export async function insertSweepRows(db: Db, rows: readonly Insertable<SweepRowsTable>[]): Promise<void> {
  // 17 columns a row: 1,000 rows stay far below the protocol's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1_000) {
    await db
      .insertInto('sweep_rows')
      .values(rows.slice(start, start + 1_000))
      .execute();
  }
}

/** The sweep as stored, locked until the caller's transaction ends: submitting, approving and cancelling take turns. */
export function lockSweep(db: Db, id: number) {
  return db.selectFrom('sweeps').selectAll().where('id', '=', BigInt(id)).forUpdate().executeTakeFirst();
}

export function findSweepRecord(db: Db, id: number) {
  return db.selectFrom('sweeps').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export type SweepRecord = NonNullable<Awaited<ReturnType<typeof findSweepRecord>>>;

export async function updateSweep(db: Db, id: number, changes: Updateable<SweepsTable>): Promise<void> {
  await db.updateTable('sweeps').set(changes).where('id', '=', BigInt(id)).execute();
}

/** Sources whose transfer is not final yet: the run's or the providers' work left. */
const PENDING_SQL = sql<boolean>`(r.state = 'WAITING' or t.status in ('QUEUED', 'SENDING', 'PENDING', 'HELD'))`;

/**
 * Sweeps with their makers, approval and counts. `shown_status` is the status as of `now`:
 * DECLINED and EXPIRED come from the approval request (a pending request past its expiry is
 * expired with nothing run), DONE from the sources (a running sweep none of whose sources waits).
 */
export function sweepQuery(db: Db, now: Date) {
  return db
    .selectFrom('sweeps as s')
    .innerJoin('admins as c', 'c.id', 's.created_by')
    .leftJoin('admins as ap', 'ap.id', 's.approved_by')
    .leftJoin('approval_requests as ar', 'ar.id', 's.approval_request_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sweep_rows as r')
          .leftJoin('bank_transfers as t', 't.id', 'r.transfer_id')
          .select([
            sql<string>`count(*) filter (where r.state <> 'SKIPPED')`.as('to_sweep'),
            sql<string>`count(*) filter (where t.status = 'SUCCESSFUL')`.as('succeeded'),
            sql<string>`count(*) filter (where r.state = 'REFUSED' or t.status in ('FAILED', 'BLOCKED'))`.as('failed'),
            sql<string>`count(*) filter (where ${PENDING_SQL})`.as('pending'),
            sql<string>`coalesce(sum(t.amount) filter (where t.status = 'SUCCESSFUL'), 0)`.as('moved'),
            sql<Date | null>`max(greatest(t.finished_at, r.updated_at))`.as('last_change'),
          ])
          .whereRef('r.sweep_id', '=', 's.id')
          .as('p'),
      (join) => join.onTrue(),
    )
    .select([
      's.id',
      's.status',
      's.bank_code',
      's.bank_name',
      's.account_number',
      's.account_name',
      's.narration',
      's.leave_behind',
      's.fee',
      's.selection_text',
      's.source_count',
      's.skipped_count',
      's.ignored_count',
      's.total',
      's.fees',
      's.reason',
      's.approval_request_id',
      's.job_id',
      's.created_by',
      'c.first_name as c_first_name',
      'c.last_name as c_last_name',
      's.created_at',
      's.submitted_at',
      's.approved_at',
      'ap.first_name as ap_first_name',
      'ap.last_name as ap_last_name',
      's.cancelled_at',
      's.updated_at',
      'p.to_sweep',
      'p.succeeded',
      'p.failed',
      'p.pending',
      'p.moved',
      'p.last_change',
    ])
    .select(shownStatus(now).as('shown_status'));
}

export type SweepViewRecord = Awaited<ReturnType<ReturnType<typeof sweepQuery>['execute']>>[number];

function shownStatus(now: Date) {
  return sql<SweepStatus>`case
    when s.status = 'AWAITING_APPROVAL' and ar.status = 'DECLINED' then 'DECLINED'
    when s.status = 'AWAITING_APPROVAL' and (ar.status = 'EXPIRED' or (ar.status = 'PENDING' and ar.expires_at <= ${now})) then 'EXPIRED'
    when s.status = 'RUNNING' and p.pending = 0 then 'DONE'
    else s.status end`;
}

export interface SweepHistoryFilters {
  status?: SweepStatus | undefined;
  businessId?: number | undefined;
  search?: string | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
}

/** The sweep history, filtered as the list asks. */
export function sweepHistoryQuery(db: Db, now: Date, filters: SweepHistoryFilters) {
  let query = sweepQuery(db, now);
  if (filters.status) query = query.where(sql<boolean>`${shownStatus(now)} = ${filters.status}`);
  if (filters.businessId !== undefined) {
    const businessId = filters.businessId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('sweep_rows as rb').select('rb.row_number').whereRef('rb.sweep_id', '=', 's.id').where('rb.business_id', '=', businessId)),
    );
  }
  const text = filters.search?.trim();
  if (text) {
    const id = /^\d{1,12}$/.test(text) ? BigInt(text) : null;
    query = query.where((eb) =>
      eb.or([
        eb('s.account_number', '=', text),
        eb(sql`lower(s.account_name)`, 'like', containsPattern(text.toLowerCase())),
        ...(id !== null ? [eb('s.id', '=', id as never)] : []),
      ]),
    );
  }
  if (filters.startdatetime) query = query.where('s.created_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) query = query.where('s.created_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  return query;
}

// ---- rows

/** A sweep's sources with their business and transfer, in row order. */
export function sweepRowsOf(db: Db, sweepId: number) {
  return db
    .selectFrom('sweep_rows as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .leftJoin('bank_transfers as t', 't.id', 'r.transfer_id')
    .select([
      'r.row_number',
      'r.state',
      'r.business_id',
      'b.name as business_name',
      'r.wallet_uid',
      'r.fixed_account_bank',
      'r.fixed_account_number',
      'r.fixed_account_name',
      'r.balance',
      'r.amount',
      'r.skip_reason',
      'r.balance_at_run',
      'r.swept',
      'r.refusal',
      'r.transfer_id',
      't.status as transfer_status',
      't.amount as transfer_amount',
      't.reference',
      't.response_code',
      't.response_message',
      't.updated_at as transfer_updated_at',
      'r.updated_at',
    ])
    .where('r.sweep_id', '=', BigInt(sweepId))
    .orderBy('r.row_number')
    .execute();
}

export type SweepRowRecord = Awaited<ReturnType<typeof sweepRowsOf>>[number];

/**
 * The next sources to sweep, locked until the caller's transaction ends and skipping those
 * another process holds: two runs of one sweep (a lease taken over) never take the same source.
 */
export function lockWaitingRows(db: Db, sweepId: number, limit: number) {
  return db
    .selectFrom('sweep_rows as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .select(['r.row_number', 'r.business_id', 'b.name as business_name', 'r.wallet_uid', 'r.amount'])
    .where('r.sweep_id', '=', BigInt(sweepId))
    .where('r.state', '=', 'WAITING')
    .orderBy('r.row_number')
    .limit(limit)
    .forUpdate('r')
    .skipLocked()
    .execute();
}

export async function updateSweepRow(db: Db, sweepId: number, row: number, changes: Updateable<SweepRowsTable>): Promise<void> {
  await db.updateTable('sweep_rows').set(changes).where('sweep_id', '=', BigInt(sweepId)).where('row_number', '=', row).execute();
}

/** The transfer already made for a source, if any: one transfer per (batch, row), ever. */
export function transferOfRow(db: Db, sweepId: number, row: number) {
  return db
    .selectFrom('bank_transfers')
    .select('id')
    .where('batch_id', '=', BigInt(sweepId) as never)
    .where('batch_row', '=', row)
    .executeTakeFirst();
}

/** The sources a selection resolved to, read again with what the preview needs (the fraud mark), at the fixed-account bank filtered by. */
export function sourcesByIds(db: Db, ids: readonly number[], bank: SweepSourceFilters['bank']) {
  if (ids.length === 0) return Promise.resolve([]);
  return sweepSourceQuery(db, { bank })
    .where(sql<boolean>`b.id = any(${[...ids]})`)
    .execute();
}
