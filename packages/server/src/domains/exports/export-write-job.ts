import { ApiError } from '@traction/core';
import type { AppDeps } from '../../deps';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import { requesterContext } from './export-requester';
import { dropSnapshot, freezeRows, headerLine, snapshotMode, writePart } from './export-snapshot';
import { exportProgress, lockExportFile, recordFrozen, recordPart, resetExport, setExportStatus } from './exports.repository';
import type { ListLookup } from './list-lookup';

export const EXPORT_WRITE_JOB = 'exports.write';

/** Rolls a part back: the snapshot was short (`lost`), or the file moved on without this writer (`moved`). */
class PartRefused extends Error {
  constructor(readonly why: 'lost' | 'moved') {
    super(`export part refused: ${why}`);
  }
}

export interface ExportJobPayload {
  exportId: number;
}

/**
 * Rows per part: each part is one COPY of the snapshot and one commit with the progress, so a
 * restarted server loses at most one part's work. PGlite copies into memory, so its parts are smaller.
 */
const partRows = (deps: AppDeps) => (deps.copier?.windowed === false ? 100_000 : 20_000);

/**
 * Writes an export file (docs/decisions.md "Export jobs"): freezes the list's matching rows in one
 * statement (its snapshot), then writes them out a part at a time, each part committed with the
 * progress. Run again after a restart, it carries on after the last part committed.
 */
async function writeExport(lists: ListLookup, job: RunningJob<ExportJobPayload>): Promise<JobResult> {
  const { deps } = job;
  const id = job.payload.exportId;
  const file = await exportProgress(deps.db, id);
  // Deleted or expired before it was written: nothing to do.
  if (!file || file.status === 'EXPIRED' || file.status === 'READY') {
    await dropSnapshot(deps.db, id);
    return { status: 'done', result: { skipped: true } };
  }
  const list = lists(file.command_id);
  if (!list?.command.list) {
    await setExportStatus(deps.db, id, 'FAILED', { now: deps.clock.now(), error: `The list ${file.command_id} no longer exists.` });
    return { status: 'failed', reason: `no list ${file.command_id}` };
  }
  const { command } = list;
  const columns = command.list!.columns;
  let ctx: Awaited<ReturnType<typeof requesterContext>>;
  let input: Record<string, unknown>;
  try {
    ctx = await requesterContext(deps, deps.db, { adminId: file.requested_by, command, now: deps.clock.now(), work: `export ${id}` });
    input = command.input.parse({ ...file.filters, page: 1 }) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : `The filters no longer suit the list: ${(error as Error).message}`;
    await setExportStatus(deps.db, id, 'FAILED', { now: deps.clock.now(), error: reason });
    await dropSnapshot(deps.db, id);
    return { status: 'failed', reason };
  }
  return list.list({ input, ctx })(async (source) => {
    let total = file.rows_total === null ? null : Number(file.rows_total);
    let done = Number(file.rows_done);
    let parts = file.parts;
    const mode = snapshotMode(source, columns);
    if (file.frozen_at === null || total === null) {
      const header = Buffer.from(headerLine(columns));
      const frozen = await deps.db.transaction().execute(async (trx) => {
        // Under the file's lock: a second writer (a lease taken over from a live process) that
        // arrives once the rows are frozen carries on from them rather than freezing new ones.
        const locked = await lockExportFile(trx, id);
        if (!locked) return null;
        if (locked.frozen_at !== null && locked.rows_total !== null)
          return { total: Number(locked.rows_total), done: Number(locked.rows_done), parts: locked.parts };
        const rows = await freezeRows(trx, id, source, columns, mode);
        await recordFrozen(trx, id, { rows, header, now: deps.clock.now() });
        return { total: rows, done: 0, parts: 1 };
      });
      if (!frozen) return { status: 'done', result: { skipped: true } };
      ({ total, done, parts } = frozen);
      await job.progress({ done, total, message: `${total.toLocaleString('en')} rows frozen` });
    }
    const size = partRows(deps);
    while (done < total) {
      if (job.signal.aborted) return { status: 'retry', at: deps.clock.now(), reason: 'the worker stopped' };
      const to = Math.min(done + size, total);
      const outcome = await deps.db
        .transaction()
        .execute(async (trx) => {
          const part = await writePart(trx, { exportId: id, seq: parts, mode, source, columns, from: done, to });
          // The snapshot is gone or short (a database crash empties unlogged tables).
          if (part.rows !== to - done) throw new PartRefused('lost');
          if (!(await recordPart(trx, id, { seq: parts, rowsDone: done, rows: part.rows, bytes: part.bytes }))) throw new PartRefused('moved');
          return 'written' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof PartRefused) return error.why;
          throw error;
        });
      if (outcome === 'lost') {
        await resetExport(deps.db, id);
        return { status: 'retry', at: deps.clock.now(), reason: 'the frozen rows were lost; freezing them again' };
      }
      if (outcome === 'moved') {
        // Deleted meanwhile, or another writer has it: this one stops.
        if (!(await exportProgress(deps.db, id))) await dropSnapshot(deps.db, id);
        return { status: 'done', result: { stopped: true } };
      }
      done = to;
      parts += 1;
      await job.progress({ done, total });
    }
    await deps.db.transaction().execute(async (trx) => {
      await setExportStatus(trx, id, 'READY', { now: deps.clock.now() });
      await dropSnapshot(trx, id);
    });
    // A scheduled run waiting to send this file need not wait for its next look.
    deps.jobs?.nudge();
    return { status: 'done', result: { rows: total, parts } };
  });
}

/** The job that writes export files; lists are found through `lists`. */
export function exportWriteJob(lists: ListLookup): JobDefinition<ExportJobPayload> {
  return {
    kind: EXPORT_WRITE_JOB,
    // Freezing ten million rows takes a while without a word of progress.
    leaseSeconds: 600,
    maxAttempts: 5,
    run: (job) => writeExport(lists, job),
  };
}
