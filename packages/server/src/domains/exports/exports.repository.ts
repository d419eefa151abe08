import type { ExportFileRow, ExportStatus } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { adminNameSql } from '../../db/admin-name';
import type { RowOf } from '../../db/row-of';

export interface NewExportFile {
  commandId: string;
  title: string;
  filters: Record<string, unknown>;
  filterWords: string;
  fileName: string;
  requestedBy: number | null;
  scheduleId: number | null;
  now: Date;
  expiresAt: Date;
}

export async function insertExportFile(db: Db, file: NewExportFile): Promise<number> {
  const row = await db
    .insertInto('export_files')
    .values({
      command_id: file.commandId,
      title: file.title,
      filters: JSON.stringify(file.filters),
      filter_words: file.filterWords,
      file_name: file.fileName,
      requested_by: file.requestedBy,
      schedule_id: file.scheduleId,
      created_at: file.now,
      expires_at: file.expiresAt,
      error: null,
      job_id: null,
      started_at: null,
      frozen_at: null,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setExportJob(db: Db, id: number, jobId: number): Promise<void> {
  await db.updateTable('export_files').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** Export files as the lists and detail show them, with who asked and the schedule that made them. */
export function exportFileQuery(db: Db) {
  return db
    .selectFrom('export_files as e')
    .leftJoin('admins as a', 'a.id', 'e.requested_by')
    .leftJoin('export_schedules as s', 's.id', 'e.schedule_id')
    .select([
      'e.id',
      'e.command_id',
      'e.title',
      'e.filters',
      'e.filter_words',
      'e.file_name',
      'e.status',
      'e.rows_total',
      'e.rows_done',
      'e.bytes',
      'e.error',
      'e.requested_by',
      adminNameSql('a').as('requested_by_name'),
      'e.schedule_id',
      's.name as schedule_name',
      'e.job_id',
      'e.created_at',
      'e.started_at',
      'e.frozen_at',
      'e.finished_at',
      'e.expires_at',
    ]);
}

/** The export files of one admin (or everyone's), in a status, asked for within a range. */
export function filterExportFiles(
  query: ReturnType<typeof exportFileQuery>,
  filters: { requestedBy?: number | undefined; status?: ExportStatus | undefined; from?: Date | undefined; to?: Date | undefined },
) {
  let out = query;
  if (filters.requestedBy !== undefined) out = out.where('e.requested_by', '=', filters.requestedBy);
  if (filters.status) out = out.where('e.status', '=', filters.status);
  if (filters.from) out = out.where('e.created_at', '>=', filters.from);
  if (filters.to) out = out.where('e.created_at', '<=', filters.to);
  return out;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toExportFileRow(row: RowOf<typeof exportFileQuery>): ExportFileRow {
  return {
    id: row.id,
    commandId: row.command_id,
    title: row.title,
    filters: row.filters,
    filterWords: row.filter_words,
    fileName: row.file_name,
    status: row.status,
    rowsTotal: row.rows_total === null ? null : Number(row.rows_total),
    rowsDone: Number(row.rows_done),
    bytes: Number(row.bytes),
    error: row.error,
    requestedBy: row.requested_by,
    requestedByName: row.requested_by_name,
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    jobId: row.job_id,
    createdAt: row.created_at.toISOString(),
    startedAt: iso(row.started_at),
    frozenAt: iso(row.frozen_at),
    finishedAt: iso(row.finished_at),
    expiresAt: row.expires_at.toISOString(),
  };
}

export async function findExportFile(db: Db, id: number): Promise<ExportFileRow | undefined> {
  const row = await exportFileQuery(db).where('e.id', '=', id).executeTakeFirst();
  return row ? toExportFileRow(row) : undefined;
}

/** What the writing job needs to carry on: where it stands. */
export async function exportProgress(db: Db, id: number) {
  return db
    .selectFrom('export_files')
    .select(['id', 'command_id', 'filters', 'status', 'requested_by', 'rows_total', 'rows_done', 'bytes', 'parts', 'frozen_at', 'file_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Where the file stands, its row locked until the caller's transaction ends. */
export async function lockExportFile(db: Db, id: number) {
  return db.selectFrom('export_files').select(['frozen_at', 'rows_total', 'rows_done', 'parts']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Records the snapshot and the header (part 0): the file now has its rows fixed. */
export async function recordFrozen(db: Db, id: number, args: { rows: number; header: Uint8Array; now: Date }): Promise<void> {
  await db.deleteFrom('export_file_parts').where('export_id', '=', id).execute();
  await db.insertInto('export_file_parts').values({ export_id: id, seq: 0, rows: 0, data: args.header }).execute();
  await db
    .updateTable('export_files')
    .set({
      status: 'RUNNING',
      rows_total: args.rows,
      rows_done: 0,
      bytes: args.header.length,
      parts: 1,
      frozen_at: args.now,
      started_at: sql<Date>`coalesce(started_at, ${args.now})`,
      error: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Records a part written (`seq`, holding `rows` rows and `bytes` bytes) as the file's progress, if
 * the file still stands where the writer read it (`rowsDone`, `parts`): false when it was deleted
 * meanwhile or another writer got there first (the caller then rolls the part back).
 */
export async function recordPart(db: Db, id: number, args: { seq: number; rowsDone: number; rows: number; bytes: number }): Promise<boolean> {
  const moved = await db
    .updateTable('export_files')
    .set({ rows_done: args.rowsDone + args.rows, bytes: sql`bytes + ${args.bytes}`, parts: args.seq + 1 })
    .where('id', '=', id)
    .where('parts', '=', args.seq)
    .where('rows_done', '=', String(args.rowsDone) as never)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Forgets a snapshot that is gone (a database crash empties unlogged tables): the export starts again from a new one. */
export async function resetExport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('export_file_parts').where('export_id', '=', id).execute();
  await db
    .updateTable('export_files')
    .set({ status: 'QUEUED', rows_total: null, rows_done: 0, bytes: 0, parts: 0, frozen_at: null })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .execute();
}

export async function setExportStatus(db: Db, id: number, status: ExportStatus, args: { now: Date; error?: string | null }): Promise<void> {
  await db
    .updateTable('export_files')
    .set({ status, error: args.error ?? null, ...(status === 'READY' || status === 'FAILED' ? { finished_at: args.now } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The parts of a file in order, one read each: a file of any size is sent without holding it in memory. */
export async function* exportParts(db: Db, id: number, parts: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; seq < parts; seq += 1) {
    const part = await db.selectFrom('export_file_parts').select('data').where('export_id', '=', id).where('seq', '=', seq).executeTakeFirst();
    if (!part) throw new Error(`Export ${id} has lost part ${seq}`);
    yield part.data;
  }
}

export async function deleteExportFile(db: Db, id: number): Promise<void> {
  await db.deleteFrom('export_files').where('id', '=', id).execute();
}

/** Files past their keeping date: their bytes deleted, the record kept (as expired) for the list. Returns their ids. */
export async function expireExportFiles(db: Db, now: Date): Promise<number[]> {
  const expired = await db
    .updateTable('export_files')
    .set({ status: 'EXPIRED' })
    .where('expires_at', '<', now)
    .where('status', '<>', 'EXPIRED')
    .returning('id')
    .execute();
  const ids = expired.map((row) => row.id);
  if (ids.length) await db.deleteFrom('export_file_parts').where('export_id', 'in', ids).execute();
  return ids;
}
