import type { ExportScheduleRow, ScheduleDateRange, ScheduleRunRow } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { adminNameSql } from '../../db/admin-name';
import type { RowOf } from '../../db/row-of';
import { timeOfDay } from './schedule-times';

export function scheduleQuery(db: Db) {
  return db
    .selectFrom('export_schedules as s')
    .leftJoin('admins as a', 'a.id', 's.created_by')
    .select([
      's.id',
      's.name',
      's.command_id',
      's.filters',
      's.date_range',
      's.run_at_minute',
      's.recipients',
      's.active',
      's.next_run_at',
      's.created_at',
      adminNameSql('a').as('created_by_name'),
      (eb) =>
        eb
          .selectFrom('export_schedule_runs as r')
          .select('r.started_at')
          .whereRef('r.schedule_id', '=', 's.id')
          .orderBy('r.id', 'desc')
          .limit(1)
          .as('last_run_at'),
      (eb) =>
        eb
          .selectFrom('export_schedule_runs as r')
          .select('r.status')
          .whereRef('r.schedule_id', '=', 's.id')
          .orderBy('r.id', 'desc')
          .limit(1)
          .as('last_run_status'),
    ]);
}

/** Active or paused schedules only, when asked. */
export function filterSchedules(query: ReturnType<typeof scheduleQuery>, filters: { active?: boolean | undefined }) {
  return filters.active === undefined ? query : query.where('s.active', '=', filters.active);
}

/** Titles and filter words come from the list's command, which only the caller knows. */
export function toScheduleRow(
  row: RowOf<typeof scheduleQuery>,
  describe: (commandId: string, filters: Record<string, unknown>) => { title: string; words: string },
): ExportScheduleRow {
  const { title, words } = describe(row.command_id, row.filters);
  return {
    id: row.id,
    name: row.name,
    commandId: row.command_id,
    title,
    filters: row.filters,
    filterWords: words,
    dateRange: row.date_range,
    time: timeOfDay(row.run_at_minute),
    recipients: row.recipients,
    active: row.active,
    nextRunAt: row.active && row.next_run_at ? row.next_run_at.toISOString() : null,
    lastRunAt: row.last_run_at ? new Date(row.last_run_at).toISOString() : null,
    lastRunStatus: row.last_run_status ?? null,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
  };
}

export async function insertSchedule(
  db: Db,
  args: {
    name: string;
    commandId: string;
    filters: Record<string, unknown>;
    dateRange: ScheduleDateRange;
    minute: number;
    recipients: string[];
    active: boolean;
    nextRunAt: Date | null;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('export_schedules')
    .values({
      name: args.name,
      command_id: args.commandId,
      filters: JSON.stringify(args.filters),
      date_range: args.dateRange,
      run_at_minute: args.minute,
      recipients: args.recipients,
      active: args.active,
      next_run_at: args.nextRunAt,
      created_by: args.createdBy,
      created_at: args.now,
      updated_at: args.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a schedule's settings; `nextRunAt` undefined leaves its next run as it is. */
export async function updateSchedule(
  db: Db,
  id: number,
  args: {
    name: string;
    filters: Record<string, unknown>;
    dateRange: ScheduleDateRange;
    minute: number;
    recipients: string[];
    active: boolean;
    nextRunAt?: Date | null;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('export_schedules')
    .set({
      name: args.name,
      filters: JSON.stringify(args.filters),
      date_range: args.dateRange,
      run_at_minute: args.minute,
      recipients: args.recipients,
      active: args.active,
      ...(args.nextRunAt === undefined ? {} : { next_run_at: args.nextRunAt }),
      updated_at: args.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function setNextRun(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('export_schedules').set({ next_run_at: at }).where('id', '=', id).execute();
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('export_schedules').where('id', '=', id).execute();
}

/** A run with what its delivery needs of its schedule: the name and who gets the link. */
export async function findRunForDelivery(db: Db, runId: number) {
  return db
    .selectFrom('export_schedule_runs as r')
    .innerJoin('export_schedules as s', 's.id', 'r.schedule_id')
    .select(['r.id', 'r.status', 'r.export_id', 'r.run_day', 's.name', 's.recipients'])
    .where('r.id', '=', runId)
    .executeTakeFirst();
}

/** The schedule's row, locked: changes and runs of one schedule take turns. */
export async function lockSchedule(db: Db, id: number) {
  return db.selectFrom('export_schedules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function runQuery(db: Db) {
  return db
    .selectFrom('export_schedule_runs as r')
    .leftJoin('export_files as e', 'e.id', 'r.export_id')
    .select([
      'r.id',
      'r.schedule_id',
      'r.run_day',
      'r.status',
      'r.manual',
      'r.attempts',
      'r.error',
      'r.export_id',
      'e.rows_total',
      'r.started_at',
      'r.finished_at',
    ]);
}

export function toRunRow(row: RowOf<typeof runQuery>): ScheduleRunRow {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    runDay: String(row.run_day).slice(0, 10),
    status: row.status,
    manual: row.manual,
    attempts: row.attempts,
    error: row.error,
    exportId: row.export_id,
    rows: row.rows_total === null ? null : Number(row.rows_total),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

/**
 * Records the run of a schedule for a Lagos day, once: null when that day's run exists already
 * (another process, or a retried job, got there first). Manual runs are never refused.
 */
export async function claimRun(db: Db, args: { scheduleId: number; day: string; manual: boolean; now: Date }): Promise<number | null> {
  // The conflict target names the partial index's predicate as written, so PostgreSQL infers that index.
  const inserted = await sql<{ id: number }>`
    insert into export_schedule_runs (schedule_id, run_day, manual, started_at)
    values (${args.scheduleId}, ${args.day}::date, ${args.manual}, ${args.now})
    on conflict (schedule_id, run_day) where not manual do nothing
    returning id`.execute(db);
  return inserted.rows[0]?.id ?? null;
}

export async function setRunExport(db: Db, runId: number, exportId: number): Promise<void> {
  await db.updateTable('export_schedule_runs').set({ export_id: exportId }).where('id', '=', runId).execute();
}

export async function finishRun(db: Db, runId: number, args: { status: 'SENT' | 'FAILED'; error?: string | null; now: Date }): Promise<void> {
  await db
    .updateTable('export_schedule_runs')
    .set({ status: args.status, error: args.error ?? null, finished_at: args.now, attempts: sql`attempts + 1` })
    .where('id', '=', runId)
    .execute();
}
