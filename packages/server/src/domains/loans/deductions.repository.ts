import {
  COLLECTING_LOAN_STATUSES,
  type DeductionItemRow,
  type DeductionRunRow,
  type DeductionSettingRow,
  type DeductionSettingStatus,
  koboFromDatabase,
  type LoanStatus,
  loanReference,
} from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';

/**
 * Reads and writes of deduction settings, runs and their items (0035). Ledger tables are only read
 * here (a wallet's running balance, a transfer's reference): the ledger domain writes them.
 */

const collecting = sql.join(COLLECTING_LOAN_STATUSES.map((status) => sql.lit(status)));

/** `loanReference` in SQL: LN- and the id, at least six digits. */
const referenceSql = sql<string>`'LN-' || lpad(l.id::text, greatest(6, length(l.id::text)), '0')`;
/** What is still owed, as the loans list says it: nothing before the money left, nor once the loan is closed. */
const outstandingSql = sql<bigint>`case when l.status in (${collecting}) then l.total_repayable - l.repaid - l.written_off else 0::bigint end`;

/** A loan's reference however typed (LN-000042, ln42, 42), or null when the text is none. */
export function loanIdOf(text: string): number | null {
  const match = /^(?:ln-?)?0*(\d{1,9})$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

// ---- settings

export interface SettingFilters {
  search?: string | undefined;
  status?: DeductionSettingStatus | undefined;
  loanId?: number | undefined;
  businessId?: number | undefined;
  inArrears?: boolean | undefined;
}

/**
 * Settings with their loan, merchant and what the loan owes as of `day` (YYYY-MM-DD, Lagos): the
 * arrears from one lateral aggregate over the loan's own instalments (its primary key). Only a
 * loan still being collected has arrears: a closed one's unpaid instalments are history.
 */
export function settingQuery(db: Db, day: string, filters: SettingFilters = {}) {
  let query = db
    .selectFrom('deduction_settings as s')
    .innerJoin('loans as l', 'l.id', 's.loan_id')
    .innerJoin('businesses as b', 'b.id', 'l.business_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('loan_instalments as i')
          .whereRef('i.loan_id', '=', 'l.id')
          .select(
            sql<bigint>`case when l.status in (${collecting})
              then coalesce(sum(i.amount - i.paid) filter (where i.due_date <= ${day}::date), 0)::bigint else 0::bigint end`.as('arrears'),
          )
          .as('a'),
      (join) => join.onTrue(),
    )
    .select([
      's.id',
      's.loan_id',
      'l.status as loan_status',
      'l.business_id',
      'b.name as business_name',
      's.status',
      's.cap_per_run',
      's.allow_partial',
      outstandingSql.as('outstanding'),
      'a.arrears',
      's.last_run_at',
      's.updated_at',
    ]);
  const search = filters.search?.trim();
  if (search) {
    const id = loanIdOf(search);
    query = id !== null ? query.where('l.id', '=', id) : query.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(search)}`);
  }
  if (filters.status) query = query.where('s.status', '=', filters.status);
  if (filters.loanId !== undefined) query = query.where('s.loan_id', '=', filters.loanId);
  if (filters.businessId !== undefined) query = query.where('l.business_id', '=', filters.businessId);
  if (filters.inArrears !== undefined) query = query.where(filters.inArrears ? sql<boolean>`a.arrears > 0` : sql<boolean>`a.arrears = 0`);
  return query;
}

export function toSettingRow(row: RowOf<typeof settingQuery>): DeductionSettingRow {
  return {
    id: row.id,
    loanId: row.loan_id,
    loanReference: loanReference(row.loan_id),
    loanStatus: row.loan_status,
    businessId: row.business_id,
    businessName: row.business_name,
    status: row.status,
    capPerRun: row.cap_per_run === null ? null : koboFromDatabase(row.cap_per_run),
    allowPartial: row.allow_partial,
    outstanding: koboFromDatabase(row.outstanding),
    arrears: koboFromDatabase(row.arrears),
    lastRunAt: isoTimestampOrNull(row.last_run_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** `toSettingRow` as SQL, for exports PostgreSQL writes itself (a setting per loan: tens of thousands). */
export const settingCsv: CsvColumns<DeductionSettingRow> = {
  loanReference: { formulaFree: referenceSql },
  businessName: 'b.name',
  status: 's.status',
  loanStatus: 'l.status',
  capPerRun: 's.cap_per_run',
  allowPartial: 's.allow_partial',
  outstanding: outstandingSql,
  arrears: 'a.arrears',
  lastRunAt: 's.last_run_at',
};

export async function findSetting(db: Db, id: number, day: string): Promise<DeductionSettingRow | undefined> {
  const row = await settingQuery(db, day).where('s.id', '=', id).executeTakeFirst();
  return row ? toSettingRow(row) : undefined;
}

/** The setting with its loan's state and what it owes, locked to the end of the transaction: two changes of one setting take turns. */
export function lockSetting(db: Db, id: number) {
  return db
    .selectFrom('deduction_settings as s')
    .innerJoin('loans as l', 'l.id', 's.loan_id')
    .select(['s.id', 's.loan_id', 's.status', 's.cap_per_run', 's.allow_partial', 'l.status as loan_status', outstandingSql.as('outstanding')])
    .where('s.id', '=', id)
    .forUpdate('s')
    .executeTakeFirst();
}

export async function updateSetting(
  db: Db,
  id: number,
  change: { status?: DeductionSettingStatus; capPerRun?: bigint | null; allowPartial?: boolean; at: Date },
): Promise<void> {
  await db
    .updateTable('deduction_settings')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.capPerRun !== undefined ? { cap_per_run: change.capPerRun } : {}),
      ...(change.allowPartial !== undefined ? { allow_partial: change.allowPartial } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

/** Sets the settings to `status`; answers the ids changed (those already there are left, and not answered). */
export async function setSettingsStatus(db: Db, ids: readonly number[], status: DeductionSettingStatus, at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('deduction_settings')
    .set({ status, updated_at: at })
    .where(sql<boolean>`id = any(${[...ids]}::int[])`)
    .where('status', '<>', status)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a setting; answers its loan, or undefined when there was none. */
export async function deleteSetting(db: Db, id: number): Promise<{ loanId: number } | undefined> {
  const row = await db.deleteFrom('deduction_settings').where('id', '=', id).returning('loan_id').executeTakeFirst();
  return row ? { loanId: row.loan_id } : undefined;
}

// ---- uploads

/** The loans a deduction file names, with what they still owe. */
export async function loansForUpload(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('loans as l')
    .select(['l.id', 'l.status', outstandingSql.as('outstanding')])
    .where(sql<boolean>`l.id = any(${[...ids]}::int[])`)
    .execute();
}

/** Makes or updates one setting per loan; answers how many were made and how many changed. */
export async function upsertSettings(
  db: Db,
  rows: readonly { loanId: number; status: DeductionSettingStatus; capPerRun: bigint | null; allowPartial: boolean }[],
  by: { adminId: number; at: Date },
): Promise<{ created: number; updated: number }> {
  let created = 0;
  let updated = 0;
  // 8 columns a row: 2,000 rows stay far below the protocol's 65,535 parameters.
  for (let start = 0; start < rows.length; start += 2_000) {
    const written = await db
      .insertInto('deduction_settings')
      .values(
        rows.slice(start, start + 2_000).map((row) => ({
          loan_id: row.loanId,
          status: row.status,
          cap_per_run: row.capPerRun,
          allow_partial: row.allowPartial,
          source: 'UPLOAD' as const,
          created_by: by.adminId,
          created_at: by.at,
          updated_at: by.at,
        })),
      )
      // A loan already under deduction keeps how it came there (its source); the file says how it is collected now.
      .onConflict((conflict) =>
        conflict.column('loan_id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          cap_per_run: eb.ref('excluded.cap_per_run'),
          allow_partial: eb.ref('excluded.allow_partial'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    for (const row of written) {
      if (row.inserted) created += 1;
      else updated += 1;
    }
  }
  return { created, updated };
}

// ---- what a run collects

/** Which settings a run collects: every active one (INIT), or the ones chosen (BULK, active or paused). */
export type RunScope = { scope: 'INIT' } | { scope: 'BULK'; settingIds: readonly number[] };

/**
 * Loans a run collects after `afterLoanId`, in id order: being collected, under a setting of the
 * run's scope, with an instalment due by `asOf` and unpaid, and — for a run under way — not yet
 * reached by that run (its items exist: a run taken over after a crash carries on past them).
 */
export async function loansToCollect(db: Db, args: { scope: RunScope; asOf: string; afterLoanId: number; limit: number; runId?: number }): Promise<number[]> {
  let query = db
    .selectFrom('deduction_settings as s')
    .innerJoin('loans as l', 'l.id', 's.loan_id')
    .select('l.id')
    .where('l.id', '>', args.afterLoanId)
    .where(sql<boolean>`l.status in (${collecting})`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('loan_instalments as i')
          .select(sql`1`.as('one'))
          .whereRef('i.loan_id', '=', 'l.id')
          .where('i.due_date', '<=', args.asOf)
          .where(sql<boolean>`i.paid < i.amount`),
      ),
    );
  query = args.scope.scope === 'INIT' ? query.where('s.status', '=', 'ACTIVE') : query.where(sql<boolean>`s.id = any(${[...args.scope.settingIds]}::int[])`);
  if (args.runId !== undefined) {
    const runId = args.runId;
    query = query.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('deduction_run_items as d').select(sql`1`.as('one')).where('d.run_id', '=', runId).whereRef('d.loan_id', '=', 'l.id'))),
    );
  }
  const rows = await query.orderBy('l.id').limit(args.limit).execute();
  return rows.map((row) => row.id);
}

/**
 * What deciding a loan's collection needs, for the loans given (still under the run's scope and
 * being collected): the setting, the merchant, its wallet's state and running balance (0 when it
 * never held money), and the instalments due by `asOf` and unpaid, oldest first.
 */
export async function collectionInputs(db: Db, args: { loanIds: readonly number[]; scope: RunScope; asOf: string }) {
  if (args.loanIds.length === 0) return [];
  let query = db
    .selectFrom('deduction_settings as s')
    .innerJoin('loans as l', 'l.id', 's.loan_id')
    .innerJoin('businesses as b', 'b.id', 'l.business_id')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .leftJoin('ledger_accounts as la', 'la.wallet_uid', 'w.uid')
    .select([
      'l.id as loan_id',
      'l.status as loan_status',
      'l.business_id',
      'b.name as business_name',
      'b.is_fraud',
      'w.uid as wallet_uid',
      'w.status as wallet_status',
      'la.id as account_id',
      sql<bigint>`coalesce(la.balance, 0)`.as('balance'),
      's.id as setting_id',
      's.cap_per_run',
      's.allow_partial',
    ])
    .where(sql<boolean>`l.id = any(${[...args.loanIds]}::int[])`)
    .where(sql<boolean>`l.status in (${collecting})`);
  query = args.scope.scope === 'INIT' ? query.where('s.status', '=', 'ACTIVE') : query.where(sql<boolean>`s.id = any(${[...args.scope.settingIds]}::int[])`);
  const loans = await query.orderBy('l.id').execute();
  if (loans.length === 0) return [];
  const instalments = await db
    .selectFrom('loan_instalments')
    .select(['loan_id', 'number', 'due_date', sql<bigint>`amount - paid`.as('due')])
    .where(sql<boolean>`loan_id = any(${loans.map((loan) => loan.loan_id)}::int[])`)
    .where('due_date', '<=', args.asOf)
    .where(sql<boolean>`paid < amount`)
    .orderBy('loan_id')
    .orderBy('number')
    .execute();
  const byLoan = new Map<number, { number: number; dueDate: string; due: bigint }[]>();
  for (const row of instalments) {
    const list = byLoan.get(row.loan_id) ?? [];
    list.push({ number: row.number, dueDate: row.due_date, due: BigInt(row.due) });
    byLoan.set(row.loan_id, list);
  }
  return loans.map((loan) => ({ ...loan, instalments: byLoan.get(loan.loan_id) ?? [] }));
}
export type CollectionInput = Awaited<ReturnType<typeof collectionInputs>>[number];

/**
 * Locks the loans in id order, each to the end of the transaction (every repayment of a loan takes
 * its lock first, so two runs never take one instalment twice). The order matters: a run locks all
 * its chunk's loans before the ledger locks any wallet, and every run locks them in the same order,
 * so two runs over loans of one merchant cannot wait on each other in a circle.
 */
export async function lockLoansInOrder(db: Db, loanIds: readonly number[]): Promise<number[]> {
  if (loanIds.length === 0) return [];
  const rows = await db
    .selectFrom('loans')
    .select('id')
    .where(sql<boolean>`id = any(${[...loanIds]}::int[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Loans among these a run has reached already (their items are recorded): read under the loans' locks. */
export async function loansReachedBy(db: Db, runId: number, loanIds: readonly number[]): Promise<Set<number>> {
  if (loanIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('deduction_run_items')
    .select('loan_id')
    .distinct()
    .where('run_id', '=', runId)
    .where(sql<boolean>`loan_id = any(${[...loanIds]}::int[])`)
    .execute();
  return new Set(rows.map((row) => row.loan_id));
}

// ---- writing what a run took

export interface TakenRepayment {
  loanId: number;
  instalment: number;
  amount: bigint;
  transferId: bigint;
}

/**
 * Records repayments the ledger has posted: a repayment row each, what was paid on each
 * instalment (paid_at once paid in full), and what each loan has repaid — a statement each for a
 * whole chunk of loans. The checks of 0035 refuse an instalment paid beyond what it was due and a
 * loan repaid beyond what it owes. Answers each repayment's id by `loanId:instalment`.
 */
export async function recordRepayments(db: Db, taken: readonly TakenRepayment[], runId: number | null, at: Date): Promise<Map<string, bigint>> {
  const ids = new Map<string, bigint>();
  if (taken.length === 0) return ids;
  // 6 columns a row: a chunk's few hundred repayments stay far below the protocol's 65,535 parameters.
  const rows = await db
    .insertInto('loan_repayments')
    .values(
      taken.map((take) => ({
        loan_id: take.loanId,
        instalment: take.instalment,
        amount: take.amount,
        transfer_id: take.transferId,
        run_id: runId,
        created_at: at,
      })),
    )
    .returning(['id', 'loan_id', 'instalment'])
    .execute();
  for (const row of rows) ids.set(`${row.loan_id}:${row.instalment}`, row.id);
  const instalments = sql.join(taken.map((take) => sql`(${take.loanId}::int, ${take.instalment}::int, ${take.amount}::bigint)`));
  await sql`
    update loan_instalments i
       set paid = i.paid + v.amount,
           paid_at = case when i.paid + v.amount = i.amount then ${at}::timestamptz else i.paid_at end
      from (values ${instalments}) as v (loan_id, number, amount)
     where i.loan_id = v.loan_id and i.number = v.number`.execute(db);
  const totals = new Map<number, bigint>();
  for (const take of taken) totals.set(take.loanId, (totals.get(take.loanId) ?? 0n) + take.amount);
  const loans = sql.join([...totals].map(([loanId, amount]) => sql`(${loanId}::int, ${amount}::bigint)`));
  await sql`
    update loans l set repaid = l.repaid + v.amount, updated_at = ${at}::timestamptz
      from (values ${loans}) as v (id, amount)
     where l.id = v.id`.execute(db);
  return ids;
}

export interface RunItemValues {
  runId: number;
  loanId: number;
  instalment: number;
  dueDate: string;
  due: bigint;
  taken: bigint;
  state: 'TAKEN' | 'PARTLY_TAKEN' | 'NOT_TAKEN';
  reason: string | null;
  repaymentId: bigint | null;
  at: Date;
}

export async function insertRunItems(db: Db, items: readonly RunItemValues[]): Promise<void> {
  // 10 columns a row: 1,000 rows stay far below the protocol's 65,535 parameters.
  for (let start = 0; start < items.length; start += 1_000) {
    await db
      .insertInto('deduction_run_items')
      .values(
        items.slice(start, start + 1_000).map((item) => ({
          run_id: item.runId,
          loan_id: item.loanId,
          instalment: item.instalment,
          due_date: item.dueDate,
          due: item.due,
          taken: item.taken,
          state: item.state,
          reason: item.reason,
          repayment_id: item.repaymentId,
          at: item.at,
        })),
      )
      .execute();
  }
}

/** When a run last reached these loans' settings. */
export async function markSettingsRun(db: Db, loanIds: readonly number[], at: Date): Promise<void> {
  if (loanIds.length === 0) return;
  await db
    .updateTable('deduction_settings')
    .set({ last_run_at: at })
    .where(sql<boolean>`loan_id = any(${[...loanIds]}::int[])`)
    .execute();
}

// ---- runs

export async function insertRun(db: Db, run: { scope: RunScope; asOf: string; createdBy: number; at: Date }): Promise<number> {
  const { id } = await db
    .insertInto('deduction_runs')
    .values({
      scope: run.scope.scope,
      as_of: run.asOf,
      setting_ids: run.scope.scope === 'BULK' ? [...run.scope.settingIds] : null,
      status: 'QUEUED',
      created_by: run.createdBy,
      created_at: run.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setRunJob(db: Db, runId: number, jobId: number): Promise<void> {
  await db.updateTable('deduction_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
}

export function findRunRecord(db: Db, id: number) {
  return db.selectFrom('deduction_runs').selectAll().where('id', '=', id).executeTakeFirst();
}
export type RunRecord = NonNullable<Awaited<ReturnType<typeof findRunRecord>>>;

/** QUEUED → RUNNING, once (a run taken over is running already). */
export async function markRunRunning(db: Db, id: number): Promise<void> {
  await db.updateTable('deduction_runs').set({ status: 'RUNNING' }).where('id', '=', id).where('status', '=', 'QUEUED').execute();
}

export async function finishRun(db: Db, id: number, outcome: { status: 'DONE' | 'FAILED'; failure?: string; at: Date }): Promise<void> {
  await db
    .updateTable('deduction_runs')
    .set({ status: outcome.status, failure: outcome.failure ?? null, finished_at: outcome.at })
    .where('id', '=', id)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .execute();
}

/** A job that failed for good (or was cancelled) fails its run, whatever the run row last said. */
const jobGaveUp = sql<boolean>`(r.status in ('QUEUED', 'RUNNING') and j.status in ('failed', 'cancelled'))`;

/**
 * Runs with who started them and their totals, summed from their items (so they always equal what
 * the ledger holds for the run: one item per instalment reached, its repayment the ledger's).
 */
export function runQuery(db: Db, filters: { status?: DeductionRunRow['status'] | undefined } = {}) {
  const query = db
    .selectFrom('deduction_runs as r')
    .leftJoin('jobs as j', 'j.id', 'r.job_id')
    .leftJoin('admins as a', 'a.id', 'r.created_by')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('deduction_run_items as d')
          .whereRef('d.run_id', '=', 'r.id')
          .select([
            sql<number>`count(*)::int`.as('instalments'),
            sql<number>`(count(*) filter (where d.state = 'TAKEN'))::int`.as('taken'),
            sql<number>`(count(*) filter (where d.state = 'PARTLY_TAKEN'))::int`.as('partly_taken'),
            sql<number>`(count(*) filter (where d.state = 'NOT_TAKEN'))::int`.as('not_taken'),
            sql<bigint>`coalesce(sum(d.taken), 0)::bigint`.as('amount_taken'),
            sql<bigint>`coalesce(sum(d.due - d.taken), 0)::bigint`.as('amount_short'),
          ])
          .as('t'),
      (join) => join.onTrue(),
    )
    .select([
      'r.id',
      'r.scope',
      'r.as_of',
      sql<DeductionRunRow['status']>`case when ${jobGaveUp} then 'FAILED' else r.status end`.as('status'),
      't.instalments',
      't.taken',
      't.partly_taken',
      't.not_taken',
      't.amount_taken',
      't.amount_short',
      'r.job_id',
      adminNameSql('a').as('started_by'),
      'r.created_at',
      sql<Date | null>`coalesce(r.finished_at, case when ${jobGaveUp} then j.finished_at end)`.as('finished_at'),
      sql<string | null>`coalesce(r.failure, case when ${jobGaveUp} then coalesce(j.last_error, 'Its job was cancelled') end)`.as('failure'),
    ]);
  return filters.status ? query.where(sql<boolean>`(case when ${jobGaveUp} then 'FAILED' else r.status end) = ${filters.status}`) : query;
}

export function toRunRow(row: RowOf<typeof runQuery>): DeductionRunRow {
  return {
    id: row.id,
    scope: row.scope,
    asOf: row.as_of,
    status: row.status,
    instalments: row.instalments,
    taken: row.taken,
    partlyTaken: row.partly_taken,
    notTaken: row.not_taken,
    amountTaken: koboFromDatabase(row.amount_taken),
    amountShort: koboFromDatabase(row.amount_short),
    jobId: row.job_id,
    startedBy: row.started_by,
    createdAt: isoTimestamp(row.created_at),
    finishedAt: isoTimestampOrNull(row.finished_at),
    failure: row.failure,
  };
}

export async function findRun(db: Db, id: number): Promise<DeductionRunRow | undefined> {
  const row = await runQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toRunRow(row) : undefined;
}

/** A run's totals so far, for its job's progress. */
export async function runTotals(db: Db, runId: number) {
  const row = await db
    .selectFrom('deduction_run_items')
    .select([
      sql<number>`count(*)::int`.as('instalments'),
      sql<number>`(count(*) filter (where state = 'TAKEN'))::int`.as('taken'),
      sql<number>`(count(*) filter (where state = 'PARTLY_TAKEN'))::int`.as('partly_taken'),
      sql<number>`(count(*) filter (where state = 'NOT_TAKEN'))::int`.as('not_taken'),
      sql<bigint>`coalesce(sum(taken), 0)::bigint`.as('amount_taken'),
      sql<bigint>`coalesce(sum(due - taken), 0)::bigint`.as('amount_short'),
    ])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return { ...row, amount_taken: BigInt(row.amount_taken), amount_short: BigInt(row.amount_short) };
}

/**
 * How many loans of the scope have instalments due by `asOf` and unpaid, and how many instalments:
 * whether a run has anything to do, and its job's expected total (less the loans `runId` reached).
 */
export async function dueInstalmentCount(db: Db, args: { scope: RunScope; asOf: string; runId?: number }): Promise<{ loans: number; instalments: number }> {
  let query = db
    .selectFrom('deduction_settings as s')
    .innerJoin('loans as l', 'l.id', 's.loan_id')
    .innerJoin('loan_instalments as i', 'i.loan_id', 'l.id')
    .select([sql<number>`count(distinct l.id)::int`.as('loans'), sql<number>`count(*)::int`.as('instalments')])
    .where(sql<boolean>`l.status in (${collecting})`)
    .where('i.due_date', '<=', args.asOf)
    .where(sql<boolean>`i.paid < i.amount`);
  query = args.scope.scope === 'INIT' ? query.where('s.status', '=', 'ACTIVE') : query.where(sql<boolean>`s.id = any(${[...args.scope.settingIds]}::int[])`);
  if (args.runId !== undefined) {
    const runId = args.runId;
    query = query.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('deduction_run_items as d').select(sql`1`.as('one')).where('d.run_id', '=', runId).whereRef('d.loan_id', '=', 'l.id'))),
    );
  }
  return query.executeTakeFirstOrThrow();
}

// ---- items

export function itemQuery(db: Db, runId: number, filters: { state?: DeductionItemRow['state'] | undefined; search?: string | undefined } = {}) {
  let query = db
    .selectFrom('deduction_run_items as d')
    .innerJoin('loans as l', 'l.id', 'd.loan_id')
    .innerJoin('businesses as b', 'b.id', 'l.business_id')
    .leftJoin('loan_repayments as p', 'p.id', 'd.repayment_id')
    .leftJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .select([
      'd.id',
      'd.run_id',
      'd.loan_id',
      'l.business_id',
      'b.name as business_name',
      'd.instalment',
      'd.due_date',
      'd.due',
      'd.taken',
      'd.state',
      'd.reason',
      't.reference as transfer_reference',
      'd.at',
    ])
    .where('d.run_id', '=', runId);
  if (filters.state) query = query.where('d.state', '=', filters.state);
  const search = filters.search?.trim();
  if (search) {
    const id = loanIdOf(search);
    query = id !== null ? query.where('d.loan_id', '=', id) : query.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(search)}`);
  }
  return query;
}

export function toItemRow(row: RowOf<typeof itemQuery>): DeductionItemRow {
  return {
    id: Number(row.id),
    runId: row.run_id,
    loanId: row.loan_id,
    loanReference: loanReference(row.loan_id),
    businessId: row.business_id,
    businessName: row.business_name,
    instalment: row.instalment,
    dueDate: row.due_date,
    due: koboFromDatabase(row.due),
    taken: koboFromDatabase(row.taken),
    state: row.state,
    reason: row.reason,
    transferReference: row.transfer_reference,
    at: isoTimestamp(row.at),
  };
}

/** `toItemRow` as SQL (a run has an item per instalment it reached: thousands). */
export const itemCsv: CsvColumns<DeductionItemRow> = {
  loanReference: { formulaFree: sql<string>`'LN-' || lpad(d.loan_id::text, greatest(6, length(d.loan_id::text)), '0')` },
  businessName: 'b.name',
  instalment: 'd.instalment',
  dueDate: 'd.due_date',
  due: 'd.due',
  taken: 'd.taken',
  state: 'd.state',
  reason: 'd.reason',
  transferReference: 't.reference',
};

// ---- reports

/**
 * Every repayment runs took between two instants (the Lagos days asked for), oldest first, with
 * its run, loan, merchant, who started the run and the ledger transfer's reference.
 */
export function runRepayments(db: Db, from: Date, until: Date) {
  return db
    .selectFrom('loan_repayments as p')
    .innerJoin('loans as l', 'l.id', 'p.loan_id')
    .innerJoin('businesses as b', 'b.id', 'l.business_id')
    .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('deduction_runs as r', 'r.id', 'p.run_id')
    .leftJoin('admins as a', 'a.id', 'r.created_by')
    .select([
      'p.id',
      'p.created_at',
      'p.run_id',
      'p.loan_id',
      'b.name as business_name',
      'p.instalment',
      'p.amount',
      't.reference',
      adminNameSql('a').as('started_by'),
    ])
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', until)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

/** The loan statuses a setting may be switched on for (the loan is still owed money). */
export const isCollecting = (status: LoanStatus) => COLLECTING_LOAN_STATUSES.includes(status);
