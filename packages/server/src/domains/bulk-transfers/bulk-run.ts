import { ApiError, BULK_TRANSFER_JOB, type BulkProgress, formatNaira } from '@traction/core';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppDeps } from '../../deps';
import { withSavepoint } from '../../handling/savepoint';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import { startTransfer, type TransferActor, TransferMemo, type TransferSource, walletSource } from '../transfers/index';
import { lockUpload, type LockedUpload, progressOf, setRowState, storeProgress, waitingRows } from './bulk-transfers.repository';

/** Rows started per transaction: short enough that a crash loses little and others' locks wait little. */
export const BULK_CHUNK_ROWS = 100;

/** bank_transfers' unique (batch_id, batch_row): a row's transfer already exists. */
const ROW_TRANSFER_KEY = 'bank_transfers_batch_id_batch_row_key';

export interface BulkRunPayload {
  uploadId: number;
}

async function sourceOf(db: Db, upload: LockedUpload): Promise<TransferSource> {
  if (upload.business_id === null) return { kind: 'company', account: upload.company_account ?? 'fee-income' };
  return walletSource(db, String(upload.business_id));
}

/**
 * Starts the next chunk of an upload's waiting rows in one transaction, under the upload's lock
 * (two runs of one upload take turns, the second finding the first's rows started). Each row's
 * transfer starts under a savepoint: one that is refused (the balance, a limit, the money
 * policy, a reference used meanwhile) is marked REFUSED with the sentence and nothing of it
 * stays; the others go on. Answers how many rows it took, or null when the upload is not running.
 */
async function startChunk(db: Db, uploadId: bigint, now: Date, backdated: boolean): Promise<number | null> {
  const upload = await lockUpload(db, uploadId);
  if (upload?.status !== 'RUNNING') return null;
  const rows = await waitingRows(db, uploadId, BULK_CHUNK_ROWS);
  if (rows.length === 0) return 0;
  const actor: TransferActor = { now, adminId: upload.created_by, commandId: BULK_TRANSFER_JOB, requestId: null, memo: new TransferMemo(), backdated };
  let source: TransferSource;
  try {
    source = await sourceOf(db, upload);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const row of rows) await setRowState(db, uploadId, row.row_number, { state: 'REFUSED', refusal: error.message, at: now });
    return rows.length;
  }
  for (const row of rows) {
    try {
      await withSavepoint(db, async () => {
        await startTransfer(
          db,
          {
            origin: 'bulk',
            source,
            beneficiary: { bankCode: row.bank_code, accountNumber: row.account_number, accountName: row.account_name },
            amount: row.amount,
            narration: row.narration,
            reference: row.reference,
            batch: { id: uploadId, row: row.row_number },
          },
          actor,
        );
        await setRowState(db, uploadId, row.row_number, { state: 'STARTED', refusal: null, at: now });
      });
    } catch (error) {
      if (isUniqueViolation(error, ROW_TRANSFER_KEY)) {
        // Another process started this row: its transfer stands, never a second one.
        await setRowState(db, uploadId, row.row_number, { state: 'STARTED', refusal: null, at: now });
      } else if (error instanceof ApiError && error.status < 500) {
        await setRowState(db, uploadId, row.row_number, { state: 'REFUSED', refusal: error.message, at: now });
      } else {
        throw error;
      }
    }
  }
  return rows.length;
}

function jobProgressOf(progress: BulkProgress, message: string) {
  return {
    done: progress.done,
    total: progress.rows,
    counts: { succeeded: progress.succeeded, failed: progress.failed, pending: progress.pending, held: progress.held, refused: progress.refused },
    amountKobo: BigInt(progress.amountMoved),
    message,
  };
}

/** How long to wait before counting again: sends settle in seconds, pending answers in minutes, held rows wait for people. */
function nextLook(progress: BulkProgress, waitingToSend: boolean): number {
  if (waitingToSend) return 5_000;
  return progress.pending > progress.held ? 30_000 : 300_000;
}

/**
 * Sends an approved upload's rows, a chunk per transaction, then watches them until every row is
 * final, reporting progress after each step. Resumable by construction: what a run started is
 * recorded with its transfer, so a run taken over after a crash carries on from the first row
 * still waiting; a row is never started twice (the upload's lock, and one transfer per batch row).
 * `backdated`: the demo data's run, whose postings are dated by the job's clock (in the past).
 */
export async function runBulkUpload(job: RunningJob<BulkRunPayload>, options: { backdated?: boolean } = {}): Promise<JobResult> {
  const { deps } = job;
  const uploadId = BigInt(job.payload.uploadId);
  let started = 0;
  for (;;) {
    if (job.signal.aborted) throw job.signal.reason;
    const taken = await deps.db.transaction().execute((trx) => startChunk(trx, uploadId, deps.clock.now(), options.backdated ?? false));
    if (taken === null) return { status: 'done', result: { uploadId: Number(uploadId), stopped: 'The upload is not running' } };
    if (taken === 0) break;
    started += taken;
    deps.jobs?.nudge();
    const progress = await progressOf(deps.db, uploadId);
    await storeProgress(deps.db, uploadId, progress, { finishedAt: null, at: deps.clock.now() });
    await job.progress(jobProgressOf(progress, `Sending: ${started} rows started by this run, ${progress.done} of ${progress.rows} final`));
  }
  return settle(deps, job, uploadId, started);
}

async function settle(deps: AppDeps, job: RunningJob<BulkRunPayload>, uploadId: bigint, started: number): Promise<JobResult> {
  const now = deps.clock.now();
  const progress = await progressOf(deps.db, uploadId);
  const final = progress.pending === 0;
  await storeProgress(deps.db, uploadId, progress, { finishedAt: final ? now : null, at: now });
  const summary = `${progress.succeeded} paid (${formatNaira(progress.amountMoved)}), ${progress.failed} failed${progress.refused ? ` (${progress.refused} refused)` : ''}`;
  await job.progress(
    jobProgressOf(
      progress,
      final ? `Done: ${summary}` : `${summary}; ${progress.pending} waiting for an answer${progress.held ? ` (${progress.held} held for review)` : ''}`,
    ),
  );
  if (final) return { status: 'done', result: { uploadId: Number(uploadId), ...progress } };
  return {
    status: 'retry',
    at: new Date(now.getTime() + nextLook(progress, started > 0)),
    reason: `${progress.pending} of ${progress.rows} rows are not final yet`,
  };
}

/** The job that sends bulk uploads (registered in the server's jobs.ts). */
export const bulkTransferJob: JobDefinition<BulkRunPayload> = {
  kind: BULK_TRANSFER_JOB,
  leaseSeconds: 120,
  maxAttempts: 20,
  run: runBulkUpload,
};
