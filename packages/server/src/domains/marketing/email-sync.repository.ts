import type { EmailSyncContactRow, EmailSyncKind, EmailSyncResult, EmailSyncRunRow, EmailSyncStatus } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';

/** Statuses of a run still under way: the partial unique index of 0039 allows one sync of every owner in them. */
const UNFINISHED: EmailSyncStatus[] = ['QUEUED', 'RUNNING', 'WAITING'];

// ---- runs

/**
 * Inserts a run, QUEUED. A sync of every owner while another is unfinished is not inserted (the
 * partial unique index; a second start waits for the first's transaction) and answers undefined.
 */
export async function insertRun(
  db: Db,
  run: { kind: EmailSyncKind; fileName: string | null; createdBy: number; at: Date; gathered: boolean },
): Promise<number | undefined> {
  const row = await db
    .insertInto('marketing_sync_runs')
    .values({ kind: run.kind, status: 'QUEUED', file_name: run.fileName, gathered: run.gathered, created_by: run.createdBy, created_at: run.at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setRunJob(db: Db, runId: number, jobId: number): Promise<void> {
  await db.updateTable('marketing_sync_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
}

export function findRunRecord(db: Db, id: number) {
  return db.selectFrom('marketing_sync_runs').selectAll().where('id', '=', id).executeTakeFirst();
}
export type RunRecord = NonNullable<Awaited<ReturnType<typeof findRunRecord>>>;

export function lockRunRecord(db: Db, id: number) {
  return db.selectFrom('marketing_sync_runs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The unfinished sync of every owner, if one is. */
export async function findUnfinishedAllOwnersRun(db: Db): Promise<EmailSyncRunRow | undefined> {
  const row = await runQuery(db).where('r.kind', '=', 'ALL_OWNERS').where('r.status', 'in', UNFINISHED).orderBy('r.id', 'desc').executeTakeFirst();
  return row ? toRunRow(row) : undefined;
}

/** Changes a run's status and its notes; `from` guards against a run another actor has moved meanwhile. */
export async function updateRun(
  db: Db,
  id: number,
  patch: Partial<{
    status: EmailSyncStatus;
    note: string | null;
    failure: string | null;
    waitUntil: Date | null;
    finishedAt: Date | null;
    outageRetries: number;
    gathered: boolean;
    optOutsRead: boolean;
    addProviderOptOuts: number;
  }>,
  from?: readonly EmailSyncStatus[],
): Promise<boolean> {
  let query = db
    .updateTable('marketing_sync_runs')
    .set((eb) => ({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      ...(patch.failure !== undefined ? { failure: patch.failure } : {}),
      ...(patch.waitUntil !== undefined ? { wait_until: patch.waitUntil } : {}),
      ...(patch.finishedAt !== undefined ? { finished_at: patch.finishedAt } : {}),
      ...(patch.outageRetries !== undefined ? { outage_retries: patch.outageRetries } : {}),
      ...(patch.gathered !== undefined ? { gathered: patch.gathered } : {}),
      ...(patch.optOutsRead !== undefined ? { opt_outs_read: patch.optOutsRead } : {}),
      ...(patch.addProviderOptOuts ? { provider_opt_outs: eb('provider_opt_outs', '+', patch.addProviderOptOuts) } : {}),
    }))
    .where('id', '=', id);
  if (from) query = query.where('status', 'in', [...from]);
  const row = await query.returning('id').executeTakeFirst();
  return row !== undefined;
}

/** A job that failed for good (or was cancelled) fails its run, whatever the run row last said. */
const jobGaveUp = sql<boolean>`(r.status in ('QUEUED', 'RUNNING', 'WAITING') and j.status in ('failed', 'cancelled'))`;

export interface RunFilters {
  kind?: EmailSyncKind | undefined;
  status?: EmailSyncStatus | undefined;
}

/** Runs with who started them and their counts, summed from their contacts' results. */
export function runQuery(db: Db, filters: RunFilters = {}) {
  const status = sql<EmailSyncStatus>`(case when ${jobGaveUp} then 'FAILED' else r.status end)`;
  let query = db
    .selectFrom('marketing_sync_runs as r')
    .leftJoin('jobs as j', 'j.id', 'r.job_id')
    .leftJoin('admins as a', 'a.id', 'r.created_by')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('marketing_sync_contacts as c')
          .whereRef('c.run_id', '=', 'r.id')
          .select([
            sql<number>`count(*)::int`.as('contacts'),
            sql<number>`(count(*) filter (where c.result <> 'PENDING'))::int`.as('reached'),
            sql<number>`(count(*) filter (where c.result = 'ADDED'))::int`.as('added'),
            sql<number>`(count(*) filter (where c.result = 'UPDATED'))::int`.as('updated'),
            sql<number>`(count(*) filter (where c.result = 'OPTED_OUT'))::int`.as('opted_out'),
            sql<number>`(count(*) filter (where c.result = 'FAILED'))::int`.as('failed'),
          ])
          .as('t'),
      (join) => join.onTrue(),
    )
    .select([
      'r.id',
      'r.kind',
      status.as('status'),
      'r.file_name',
      'r.gathered',
      't.contacts',
      't.reached',
      't.added',
      't.updated',
      't.opted_out',
      't.failed',
      'r.provider_opt_outs',
      'r.job_id',
      adminNameSql('a').as('started_by'),
      'r.created_at',
      sql<Date | null>`coalesce(r.finished_at, case when ${jobGaveUp} then j.finished_at end)`.as('finished_at'),
      'r.wait_until',
      'r.note',
      sql<string | null>`coalesce(r.failure, case when ${jobGaveUp} then coalesce(j.last_error, 'Its job was cancelled') end)`.as('failure'),
    ]);
  if (filters.kind) query = query.where('r.kind', '=', filters.kind);
  if (filters.status) query = query.where(sql<boolean>`${status} = ${filters.status}`);
  return query;
}

export function toRunRow(row: RowOf<typeof runQuery>): EmailSyncRunRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    fileName: row.file_name,
    contacts: row.gathered ? row.contacts : null,
    reached: row.reached,
    added: row.added,
    updated: row.updated,
    optedOut: row.opted_out,
    failed: row.failed,
    providerOptOuts: row.provider_opt_outs,
    jobId: row.job_id,
    startedBy: row.started_by,
    createdAt: isoTimestamp(row.created_at),
    finishedAt: isoTimestampOrNull(row.finished_at),
    waitUntil: row.status === 'WAITING' ? isoTimestampOrNull(row.wait_until) : null,
    note: row.note,
    failure: row.status === 'FAILED' ? row.failure : null,
  };
}

export async function findRun(db: Db, id: number): Promise<EmailSyncRunRow | undefined> {
  const row = await runQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toRunRow(row) : undefined;
}

/** A run's counts so far, for its job's progress. */
export async function runCounts(db: Db, runId: number) {
  return db
    .selectFrom('marketing_sync_contacts')
    .select([
      sql<number>`count(*)::int`.as('contacts'),
      sql<number>`(count(*) filter (where result <> 'PENDING'))::int`.as('reached'),
      sql<number>`(count(*) filter (where result = 'ADDED'))::int`.as('added'),
      sql<number>`(count(*) filter (where result = 'UPDATED'))::int`.as('updated'),
      sql<number>`(count(*) filter (where result = 'OPTED_OUT'))::int`.as('opted_out'),
      sql<number>`(count(*) filter (where result = 'FAILED'))::int`.as('failed'),
    ])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
}

// ---- contacts

/** One contact of a file, ready to push. */
export interface NewContact {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  rowNumber: number;
}

/** An upload's good rows, as its run's contacts (PENDING), in file order. */
export async function insertContacts(db: Db, runId: number, contacts: readonly NewContact[]): Promise<void> {
  for (let start = 0; start < contacts.length; start += 1_000) {
    await db
      .insertInto('marketing_sync_contacts')
      .values(
        contacts.slice(start, start + 1_000).map((contact) => ({
          run_id: runId,
          email: contact.email,
          first_name: contact.firstName,
          last_name: contact.lastName,
          phone: contact.phone,
          row_number: contact.rowNumber,
        })),
      )
      .execute();
  }
}

/**
 * Every merchant's owner as the run's contacts (PENDING), in merchant order: the owner user of
 * each business (the earliest, should a business have two), or the business's own email where it
 * has none. An address owning several businesses is one contact, under its first business. A
 * phone that is not a Nigerian mobile number is left out, the contact kept.
 */
export async function gatherOwners(db: Db, runId: number): Promise<number> {
  const result = await sql`
    insert into marketing_sync_contacts (run_id, email, first_name, last_name, phone, business_id)
    select ${runId}::int, o.email, o.first_name, o.last_name, o.phone, o.business_id
    from (
      select distinct on (owner.email) owner.*
      from (
        select
          lower(trim(coalesce(u.email, b.email))) as email,
          left(trim(coalesce(u.first_name, '')), 100) as first_name,
          left(trim(coalesce(u.last_name, '')), 100) as last_name,
          case when coalesce(u.phone, b.phone) ~ '^\\+234[789][01][0-9]{8}$' then coalesce(u.phone, b.phone) end as phone,
          b.id as business_id
        from businesses b
        left join lateral (
          select bu.email, bu.first_name, bu.last_name, bu.phone from business_users bu
          where bu.business_id = b.id and bu.role = 'owner' order by bu.id limit 1
        ) u on true
      ) owner
      where length(owner.email) between 3 and 254 and owner.email like '_%@_%'
      order by owner.email, owner.business_id
    ) o
    order by o.business_id
    on conflict (run_id, email) do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The next contacts of a run not sent yet, in push order, with the merchant they own. */
export function pendingContacts(db: Db, runId: number, limit: number) {
  return db
    .selectFrom('marketing_sync_contacts as c')
    .leftJoin('businesses as b', 'b.id', 'c.business_id')
    .select(['c.id', 'c.email', 'c.first_name', 'c.last_name', 'c.phone', 'c.business_id', 'b.name as business_name'])
    .where('c.run_id', '=', runId)
    .where('c.result', '=', 'PENDING')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
export type PendingContact = Awaited<ReturnType<typeof pendingContacts>>[number];

/** What became of contacts; only those still PENDING are written (a batch recorded twice keeps its first results). */
export async function recordResults(
  db: Db,
  results: readonly { id: bigint | number | string; result: Exclude<EmailSyncResult, 'PENDING'>; reason: string | null }[],
  at: Date,
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(results.map((row) => sql`(${String(row.id)}::bigint, ${row.result}::text, ${row.reason}::text)`));
  await sql`
    update marketing_sync_contacts c set result = v.result, reason = v.reason, at = ${at}
    from (values ${values}) as v (id, result, reason)
    where c.id = v.id and c.result = 'PENDING'
  `.execute(db);
}

export interface ContactFilters {
  search?: string | undefined;
  result?: EmailSyncResult | undefined;
}

/** A run's contacts with the merchant each owns, filtered. */
export function contactQuery(db: Db, runId: number, filters: ContactFilters = {}) {
  let query = db
    .selectFrom('marketing_sync_contacts as c')
    .leftJoin('businesses as b', 'b.id', 'c.business_id')
    .select([
      'c.id',
      'c.run_id',
      'c.email',
      'c.first_name',
      'c.last_name',
      'c.phone',
      'c.business_id',
      'b.name as business_name',
      'c.row_number',
      'c.result',
      'c.reason',
      'c.at',
    ])
    .where('c.run_id', '=', runId);
  if (filters.result) query = query.where('c.result', '=', filters.result);
  const search = filters.search?.trim();
  if (search) query = query.where('c.email', 'like', lowerPrefixPattern(search));
  return query;
}

export function toContactRow(row: RowOf<typeof contactQuery>): EmailSyncContactRow {
  return {
    id: Number(row.id),
    runId: row.run_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    businessId: row.business_id,
    businessName: row.business_name ?? null,
    rowNumber: row.row_number,
    result: row.result,
    reason: row.reason,
    at: isoTimestampOrNull(row.at),
  };
}

/** `toContactRow` as SQL over `contactQuery`'s tables, for exports PostgreSQL writes itself. */
export const contactCsv: CsvColumns<EmailSyncContactRow> = {
  id: 'c.id',
  runId: 'c.run_id',
  email: 'c.email',
  firstName: 'c.first_name',
  lastName: 'c.last_name',
  phone: 'c.phone',
  businessId: 'c.business_id',
  businessName: 'b.name',
  rowNumber: 'c.row_number',
  result: 'c.result',
  reason: 'c.reason',
  at: 'c.at',
};
