import { isFinishedJobStatus, koboFromDatabase, type JobProgressView, type JobRow, type JobView } from '@traction/core';
import { hostname } from 'node:os';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import type { JobsTable, JobStatus, StoredJobProgress } from '../../db/tables/jobs.tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

export type JobRecord = Selectable<JobsTable>;

const UNFINISHED: JobStatus[] = ['queued', 'running'];

export interface NewJob {
  kind: string;
  payload: object;
  /** Null: due as soon as a worker is free. */
  runAt: Date | null;
  dedupeKey: string | null;
  createdBy: number | null;
  subject: string | null;
  maxAttempts: number | null;
  now: Date;
}

/**
 * Inserts a job, or finds the unfinished job already holding its dedupe key. The partial unique
 * index settles a race between two callers: the second waits for the first's transaction and
 * then does nothing; the job it finds is the first's.
 */
export async function insertJob(db: Db, job: NewJob): Promise<{ id: number; created: boolean }> {
  // A job holding the key may finish between the insert and the look-up: then the key is free.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        run_at: job.runAt,
        dedupe_key: job.dedupeKey,
        created_by: job.createdBy,
        subject: job.subject,
        max_attempts: job.maxAttempts,
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((oc) => oc.column('dedupe_key').where('dedupe_key', 'is not', null).where('status', 'in', UNFINISHED).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: Number(inserted.id), created: true };
    const holder = await db.selectFrom('jobs').select('id').where('dedupe_key', '=', job.dedupeKey).where('status', 'in', UNFINISHED).executeTakeFirst();
    if (holder) return { id: Number(holder.id), created: false };
  }
  throw new Error(`Could not enqueue a ${job.kind} job under key ${job.dedupeKey}`);
}

export interface ClaimArgs {
  now: Date;
  workerId: string;
  /** Only jobs of these kinds (the ones this process can run). */
  kinds: readonly string[];
  /** Lease in seconds by kind. */
  leases: Readonly<Record<string, number>>;
  defaultLease: number;
  limit: number;
  onlyId?: number | undefined;
}

/**
 * Claims up to `limit` jobs for `workerId`: first running jobs whose lease lapsed (their process
 * died or stalled; taking one over counts a failure), then queued jobs that are due, oldest
 * first. Each is one statement whose `for update skip locked` lets processes claiming at the same
 * moment take different rows, and whose status and lease keep them from taking a claimed row
 * later. The attempt is counted here, so a process that dies mid-run has used one up.
 */
export async function claimJobs(db: Db, args: ClaimArgs): Promise<JobRecord[]> {
  if (args.kinds.length === 0 || args.limit <= 0) return [];
  const leaseEnd = sql<Date>`${args.now}::timestamptz + make_interval(secs => coalesce((${JSON.stringify(args.leases)}::jsonb ->> kind)::int, ${args.defaultLease}))`;
  const taken = await db
    .with(
      (cte) => cte('due').materialized(),
      () => dueQuery(db, args, 'running').limit(args.limit),
    )
    .updateTable('jobs')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      failures: eb('failures', '+', 1),
      last_error: sql<string>`'The run of attempt ' || attempts || ' stopped before it finished (' || locked_by || ' stopped or lost its lease); taken over'`,
      locked_by: args.workerId,
      locked_until: leaseEnd,
      updated_at: args.now,
    }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  if (taken.length >= args.limit) return taken;
  const claimed = await db
    .with(
      (cte) => cte('due').materialized(),
      () => dueQuery(db, args, 'queued').limit(args.limit - taken.length),
    )
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: args.workerId,
      locked_until: leaseEnd,
      started_at: sql<Date>`coalesce(started_at, ${args.now}::timestamptz)`,
      updated_at: args.now,
    }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute();
  return [...taken, ...claimed];
}

/**
 * The rows a claim takes, locked. Materialized (a `with` the update reads once): a sub-select
 * the planner re-ran per row would skip the rows the update had just changed (its own lock reads
 * as taken) and take the next ones, past the limit.
 */
function dueQuery(db: Db, args: ClaimArgs, status: 'queued' | 'running') {
  let query = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', status)
    .where('kind', 'in', [...args.kinds]);
  query =
    status === 'queued'
      ? query
          .where((eb) => eb.or([eb('run_at', 'is', null), eb('run_at', '<=', args.now)]))
          .orderBy(sql`run_at nulls first`)
          .orderBy('id')
      : query.where('locked_until', '<=', args.now).orderBy('locked_until');
  if (args.onlyId !== undefined) query = query.where('id', '=', BigInt(args.onlyId));
  return query.forUpdate().skipLocked();
}

/** Which run of a job a process holds: only that run may write its progress and outcome. */
export interface JobClaim {
  id: number;
  workerId: string;
  attempt: number;
}

const held = (claim: JobClaim) => (query: ReturnType<typeof updateJob>) =>
  query.where('status', '=', 'running').where('locked_by', '=', claim.workerId).where('attempts', '=', claim.attempt);

const updateJob = (db: Db, id: number) => db.updateTable('jobs').where('id', '=', BigInt(id));

/** Records progress and extends the lease; false when the run is no longer this claim's. */
export async function recordJobProgress(db: Db, claim: JobClaim, args: { progress: StoredJobProgress; lockedUntil: Date; now: Date }): Promise<boolean> {
  const row = await held(claim)(updateJob(db, claim.id))
    .set({ progress: JSON.stringify(args.progress), locked_until: args.lockedUntil, updated_at: args.now })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordJobDone(db: Db, claim: JobClaim, args: { result: Record<string, unknown> | null; now: Date }): Promise<boolean> {
  const row = await held(claim)(updateJob(db, claim.id))
    .set({
      status: 'done',
      result: args.result === null ? null : JSON.stringify(args.result),
      last_error: null,
      locked_by: null,
      locked_until: null,
      finished_at: args.now,
      updated_at: args.now,
    })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordJobFailed(db: Db, claim: JobClaim, args: { error: string; failures: number; now: Date }): Promise<boolean> {
  const row = await held(claim)(updateJob(db, claim.id))
    .set({
      status: 'failed',
      last_error: args.error,
      failures: args.failures,
      locked_by: null,
      locked_until: null,
      finished_at: args.now,
      updated_at: args.now,
    })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Back to the queue until `runAt`; `failures` as it now stands (unchanged for a run that asked to wait). */
export async function recordJobRetry(
  db: Db,
  claim: JobClaim,
  args: { error: string | null; failures: number; runAt: Date | null; now: Date },
): Promise<boolean> {
  const row = await held(claim)(updateJob(db, claim.id))
    .set({ status: 'queued', run_at: args.runAt, last_error: args.error, failures: args.failures, locked_by: null, locked_until: null, updated_at: args.now })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Lets go of running jobs no process can hold: on the embedded database one process owns the
 * data, so at its start whatever was running belonged to a process that is gone. Their leases
 * end now, and the worker takes them over at once instead of waiting for the leases to lapse.
 */
export async function expireJobLeases(db: Db, now: Date): Promise<number> {
  const rows = await db
    .updateTable('jobs')
    .set({ locked_until: now })
    .where('status', '=', 'running')
    .where('locked_until', '>', now)
    .returning('id')
    .execute();
  return rows.length;
}

/** A failed job back in the queue, due at once, its failures forgiven. Answers false when it is not failed. */
export async function requeueFailedJob(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await updateJob(db, id)
    .set({ status: 'queued', run_at: null, failures: 0, finished_at: null, updated_at: now })
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- reading

/** Jobs with the name of the admin who started them. */
export function jobQuery(db: Db) {
  return db
    .selectFrom('jobs as j')
    .leftJoin('admins as a', 'a.id', 'j.created_by')
    .select([
      'j.id',
      'j.kind',
      'j.subject',
      'j.status',
      'j.progress',
      'j.attempts',
      'j.last_error',
      'j.result',
      'j.run_at',
      'j.created_at',
      'j.started_at',
      'j.finished_at',
      'j.updated_at',
      'j.created_by',
      'a.first_name',
      'a.last_name',
    ]);
}

const NO_PROGRESS: JobProgressView = { done: 0, total: null, counts: {}, amount: null, message: null };

function toProgressView(stored: StoredJobProgress | null): JobProgressView {
  if (!stored) return NO_PROGRESS;
  return {
    done: stored.done,
    total: stored.total,
    counts: stored.counts ?? {},
    amount: stored.amount === null || stored.amount === undefined ? null : koboFromDatabase(BigInt(stored.amount)),
    message: stored.message ?? null,
  };
}

export function toJobView(row: RowOf<typeof jobQuery>): JobView {
  return {
    id: Number(row.id),
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    finished: isFinishedJobStatus(row.status),
    progress: toProgressView(row.progress),
    attempts: row.attempts,
    lastError: row.last_error,
    result: row.result,
    runAt: isoTimestampOrNull(row.run_at),
    createdAt: isoTimestamp(row.created_at),
    startedAt: isoTimestampOrNull(row.started_at),
    finishedAt: isoTimestampOrNull(row.finished_at),
    updatedAt: isoTimestamp(row.updated_at),
    createdById: row.created_by,
    createdByName: row.created_by === null ? null : `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
  };
}

export async function findJobView(db: Db, id: number): Promise<JobView | undefined> {
  const row = await jobQuery(db).where('j.id', '=', BigInt(id)).executeTakeFirst();
  return row ? toJobView(row) : undefined;
}

/** The jobs list's rows: the table alone, filtered by kind and status. */
export function jobListQuery(db: Db, filters: { kind?: string | undefined; status?: JobStatus | undefined }) {
  let query = db.selectFrom('jobs').select(['id', 'subject', 'kind', 'status', 'progress', 'created_at', 'finished_at']);
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  if (filters.status) query = query.where('status', '=', filters.status);
  return query;
}

export function toJobRow(row: RowOf<typeof jobListQuery>): JobRow {
  const progress = toProgressView(row.progress);
  return {
    id: Number(row.id),
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    done: progress.done,
    total: progress.total,
    createdAt: isoTimestamp(row.created_at),
    finishedAt: isoTimestampOrNull(row.finished_at),
  };
}

/**
 * Ends the leases of jobs held by worker processes of this machine that no longer exist (killed,
 * crashed): a server restarted after `kill -9` takes its predecessor's jobs over at once instead of
 * waiting out their leases. Worker ids are `host:pid:…`; a pid that is alive (even if reused by
 * another program) is left to its lease, so this only ever shortens a wait for a dead process.
 */
export async function expireLeasesOfDeadLocalWorkers(db: Db, now: Date, host = hostname()): Promise<number> {
  const holders = await db
    .selectFrom('jobs')
    .select('locked_by')
    .distinct()
    .where('status', '=', 'running')
    .where('locked_until', '>', now)
    .where('locked_by', 'like', `${host.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`)
    .execute();
  const dead = holders
    .map((row) => row.locked_by)
    .filter((holder): holder is string => holder !== null && !processAlive(Number(holder.slice(host.length + 1).split(':')[0])));
  if (dead.length === 0) return 0;
  const rows = await db.updateTable('jobs').set({ locked_until: now }).where('status', '=', 'running').where('locked_by', 'in', dead).returning('id').execute();
  return rows.length;
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
