import { csvFileName, lagosDate, listTitle, type AnyCommand } from '@traction/core';
import type { Db } from '../../db/connect';
import { enqueueJob } from '../jobs/index';
import { filterWords } from './export-filters';
import { EXPORT_WRITE_JOB } from './export-write-job';
import { insertExportFile, setExportJob } from './exports.repository';

const DAY_MS = 86_400_000;

/**
 * Records an export file and queues the job that writes it, in the caller's transaction: the file
 * exists only with its job. `filters` must already be checked against the list (`exportFilters`).
 */
export async function startExport(
  db: Db,
  args: { command: AnyCommand; filters: Record<string, unknown>; requestedBy: number | null; scheduleId: number | null; now: Date; retentionDays: number },
): Promise<number> {
  const { command, now } = args;
  const id = await insertExportFile(db, {
    commandId: command.id,
    title: listTitle(command),
    filters: args.filters,
    filterWords: filterWords(command, args.filters),
    fileName: csvFileName(command.id, lagosDate(now)),
    requestedBy: args.requestedBy,
    scheduleId: args.scheduleId,
    now,
    expiresAt: new Date(now.getTime() + args.retentionDays * DAY_MS),
  });
  const job = await enqueueJob(db, {
    kind: EXPORT_WRITE_JOB,
    payload: { exportId: id },
    createdBy: args.requestedBy,
    subject: `export:${id}`,
    now,
  });
  await setExportJob(db, id, job.id);
  return id;
}
