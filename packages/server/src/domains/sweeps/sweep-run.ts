import { ApiError, conflict, formatNaira, SWEEP_JOB_KIND, processSweep } from '@traction/core';
import type { Db } from '../../db/connect';
import { withSavepoint } from '../../handling/savepoint';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import { balances, walletAccount } from '../ledger/index';
import { startTransfer, type TransferActor, TransferMemo } from '../transfers/index';
import { transferFee } from '../wallet-settings/index';
import { sweepDetailOf } from './sweep-view';
import { findSweepRecord, lockWaitingRows, type SweepRecord, transferOfRow, updateSweepRow } from './sweeps.repository';

/** Sources swept in one transaction: progress is recorded, and a crash loses at most one chunk's work (rolled back, done again). */
const CHUNK = 25;

export interface SweepJobPayload {
  sweepId: number;
}

/** The reference of a source's transfer: the sweep and the row, so it names where it came from. */
export const sweepReference = (sweepId: number, row: number) => `SWEEP-${sweepId}-${row}`;

/**
 * Sweeps one source inside the chunk's transaction, under its own savepoint: the wallet's balance
 * is read again now, and the transfer takes what the preview found, or less if the wallet holds
 * less now (never more than was approved, nor than it holds). A refusal (nothing left, a limit,
 * the money policy) is recorded on the row with its sentence, and the run goes on.
 */
async function sweepSource(
  db: Db,
  sweep: SweepRecord,
  row: { row_number: number; business_id: number; business_name: string; wallet_uid: string | null; amount: bigint },
  fee: bigint,
  actor: TransferActor,
): Promise<void> {
  const sweepId = Number(sweep.id);
  const at = actor.now;
  // A transfer for this row can only exist if another run made it: one transfer per row, ever.
  const existing = await transferOfRow(db, sweepId, row.row_number);
  if (existing) {
    await updateSweepRow(db, sweepId, row.row_number, { state: 'STARTED', transfer_id: existing.id, updated_at: at });
    return;
  }
  let balanceAtRun: bigint | null = null;
  try {
    await withSavepoint(db, async () => {
      if (!row.wallet_uid) throw conflict(`${row.business_name} has no wallet`, { reason: 'no_wallet' });
      const account = await walletAccount(db, row.wallet_uid);
      const balance = (await balances(db, [account.id])).get(account.id) ?? 0n;
      balanceAtRun = balance;
      const available = balance - fee - BigInt(sweep.leave_behind);
      const amount = available < BigInt(row.amount) ? available : BigInt(row.amount);
      if (amount <= 0n) {
        throw conflict(
          `${row.business_name}'s wallet holds ${formatNaira(balance)} now: nothing is left to sweep after the ${formatNaira(fee)} fee${
            BigInt(sweep.leave_behind) > 0n ? ` and the ${formatNaira(BigInt(sweep.leave_behind))} to leave behind` : ''
          } (the preview found ${formatNaira(BigInt(row.amount))})`,
          { reason: 'nothing_to_sweep' },
        );
      }
      const started = await startTransfer(
        db,
        {
          origin: 'sweep',
          source: { kind: 'wallet', businessId: row.business_id, businessName: row.business_name, walletUid: row.wallet_uid },
          beneficiary: { bankCode: sweep.bank_code, accountNumber: sweep.account_number, accountName: sweep.account_name },
          amount,
          narration: sweep.narration,
          reference: sweepReference(sweepId, row.row_number),
          batch: { id: sweep.id, row: row.row_number },
        },
        actor,
      );
      await updateSweepRow(db, sweepId, row.row_number, { state: 'STARTED', transfer_id: started.id, balance_at_run: balance, swept: amount, updated_at: at });
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await updateSweepRow(db, sweepId, row.row_number, { state: 'REFUSED', refusal: error.message, balance_at_run: balanceAtRun, updated_at: at });
  }
}

async function reportProgress(job: RunningJob<SweepJobPayload>, message: string | null): Promise<void> {
  const { sweep } = await sweepDetailOf(job.deps.db, job.payload.sweepId, job.deps.clock.now());
  const { progress } = sweep;
  await job.progress({
    done: progress.rows - (progress.byStatus.WAITING ?? 0),
    total: progress.rows,
    counts: progress.byStatus,
    amountKobo: BigInt(progress.amountMoved),
    message,
  });
}

/**
 * Sweeps an approved sweep's waiting sources, a chunk at a time. Resumable: a source whose
 * transfer was made is STARTED in the same transaction, so a run taken over after a crash
 * carries on from the first source still waiting, and never sweeps one twice.
 * `backdated`: the demo data's run, whose postings are dated by the job's clock (in the past).
 */
export async function runSweep(job: RunningJob<SweepJobPayload>, options: { backdated?: boolean } = {}): Promise<JobResult> {
  const { deps } = job;
  const sweep = await findSweepRecord(deps.db, job.payload.sweepId);
  if (!sweep) return { status: 'failed', reason: `Sweep ${job.payload.sweepId} does not exist` };
  if (sweep.status !== 'RUNNING') return { status: 'done', result: { note: `Sweep #${sweep.id} is ${sweep.status.toLowerCase()}: nothing to run` } };
  for (;;) {
    if (job.signal.aborted) return { status: 'retry', at: deps.clock.now(), reason: 'The worker stopped; the sweep carries on from its next waiting source' };
    const now = deps.clock.now();
    const actor: TransferActor = {
      now,
      adminId: sweep.approved_by,
      commandId: processSweep.id,
      requestId: null,
      memo: new TransferMemo(),
      backdated: options.backdated ?? false,
    };
    const swept = await deps.db.transaction().execute(async (trx) => {
      const rows = await lockWaitingRows(trx, Number(sweep.id), CHUNK);
      const fee = BigInt(await transferFee(trx));
      for (const row of rows) await sweepSource(trx, sweep, row, fee, actor);
      return rows.length;
    });
    if (swept === 0) break;
    // The chunk's sends are queued: wake the worker rather than wait for its next poll.
    deps.jobs?.nudge();
    await reportProgress(job, `Swept ${swept} more source${swept === 1 ? '' : 's'}`);
  }
  const { sweep: done } = await sweepDetailOf(deps.db, Number(sweep.id), deps.clock.now());
  await reportProgress(job, 'Every source is started; the transfers finish at the banks');
  return {
    status: 'done',
    result: {
      sources: done.progress.rows,
      started: done.progress.rows - done.progress.refused,
      refused: done.progress.refused,
      shortfall: done.progress.shortfall,
    },
  };
}

/** The jobs of this domain, registered at the composition root (src/jobs.ts). */
export const sweepJobs: readonly JobDefinition<SweepJobPayload>[] = [{ kind: SWEEP_JOB_KIND, leaseSeconds: 120, run: runSweep }];
