import { ApiError, formatNaira, isFinalTransferStatus, lagosDateTime, providerWords, requeryDelaySeconds, type TransferStatus } from '@traction/core';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { withSavepoint } from '../../handling/savepoint';
import { type TransferAnswer, TransferProviderError } from '../../providers/transfers/transfer-provider';
import { enqueueJob, type JobDefinition, type JobResult } from '../jobs/index';
import { reverse } from '../ledger/index';
import { SEND_JOB } from './start-transfer';
import { type BankTransferRow, findBankTransfer, insertTransferEvent, lockBankTransfer, updateBankTransfer } from './transfers.repository';

export const REQUERY_JOB = 'transfers.requery';
export const REVERSE_JOB = 'transfers.reverse';
/** The command id the server's own postings carry (a failure's reversal). */
const WORKER_COMMAND = 'transfers.worker';
/** How long to wait before sending again to a provider that could not be reached (the transfer was not received). */
const UNREACHABLE_RETRY_MS = 30_000;
/** A reversal the wallet refuses (frozen) is tried again this often. */
const REVERSAL_RETRY_MS = 3_600_000;

/** Where an answer came from, for the history. */
type Via = 'send' | 'requery' | 'resend check';

/**
 * Records a provider's answer on a transfer, once: a final answer on a transfer already final is
 * ignored (a late duplicate). Success finishes it; failure finishes it and reverses the debit
 * (principal and fee) through the ledger, in the same transaction; pending schedules the next
 * re-query. Answers the status it left.
 */
export async function applyProviderAnswer(
  db: Db,
  deps: AppDeps,
  id: bigint,
  answer: TransferAnswer,
  via: Via,
  adminId: number | null = null,
): Promise<TransferStatus> {
  const now = deps.clock.now();
  const transfer = await lockBankTransfer(db, id);
  if (!transfer) throw new Error(`bank transfer ${id} does not exist`);
  if (isFinalTransferStatus(transfer.status) || transfer.status === 'HELD') return transfer.status;
  const said = `${answer.responseCode}: ${answer.message}`;
  const base = { response_code: answer.responseCode, response_message: answer.message, updated_at: now };
  if (answer.outcome === 'success') {
    await updateBankTransfer(db, id, { ...base, status: 'SUCCESSFUL', finished_at: now, next_requery_at: null, stuck_at: null });
    await insertTransferEvent(db, {
      transferId: id,
      status: 'SUCCESSFUL',
      note: `The ${providerWords(transfer.provider)} ${via} answered ${said}: paid`,
      responseCode: answer.responseCode,
      adminId,
      at: now,
    });
    return 'SUCCESSFUL';
  }
  if (answer.outcome === 'failed') {
    await updateBankTransfer(db, id, { ...base, status: 'FAILED', finished_at: now, next_requery_at: null, stuck_at: null });
    await insertTransferEvent(db, {
      transferId: id,
      status: 'FAILED',
      note: `The ${providerWords(transfer.provider)} ${via} answered ${said}: not paid`,
      responseCode: answer.responseCode,
      adminId,
      at: now,
    });
    await reverseFailed(db, transfer, now, adminId);
    return 'FAILED';
  }
  await schedulePending(
    db,
    deps,
    transfer,
    now,
    `The ${providerWords(transfer.provider)} ${via} answered ${said}: the outcome is not known yet`,
    answer.responseCode,
    adminId,
    via === 'requery',
  );
  return 'PENDING';
}

/** PENDING, with the next re-query on the schedule (or flagged for people once it is spent). */
async function schedulePending(
  db: Db,
  deps: AppDeps,
  transfer: BankTransferRow,
  now: Date,
  note: string,
  responseCode: string | null,
  adminId: number | null,
  /** The answer came from a re-query (counted), not from the send. */
  requeried: boolean,
): Promise<void> {
  const asked = transfer.requery_count + (requeried ? 1 : 0);
  const attempt = asked + 1;
  const delay = requeryDelaySeconds(attempt);
  const next = delay === null ? null : new Date(now.getTime() + delay * deps.config.requeryMsPerSecond);
  await updateBankTransfer(db, transfer.id, {
    status: 'PENDING',
    updated_at: now,
    requery_count: asked,
    next_requery_at: next,
    stuck_at: next === null ? now : null,
    ...(responseCode ? { response_code: responseCode } : {}),
  });
  const when =
    next === null
      ? ' The re-query schedule is spent: it needs a person (Retry Portal); it is never failed by the clock.'
      : ` Asking again at ${next.toISOString()}.`;
  await insertTransferEvent(db, { transferId: transfer.id, status: 'PENDING', note: `${note}.${when}`, responseCode, adminId, at: now });
  if (next)
    await enqueueJob(db, {
      kind: REQUERY_JOB,
      payload: { transferId: Number(transfer.id), attempt },
      runAt: next,
      dedupeKey: `transfer-requery:${transfer.id}:${attempt}`,
      subject: `Re-query ${transfer.reference}`,
    });
}

/** Gives a failed transfer's debit back; a wallet that refuses credits now (frozen) keeps it waiting, retried hourly. */
async function reverseFailed(db: Db, transfer: BankTransferRow, now: Date, adminId: number | null): Promise<void> {
  if (transfer.ledger_transfer_id === null || transfer.reversal_transfer_id !== null) return;
  try {
    // A refused reversal must not undo the FAILED status written before it: it runs under a savepoint.
    const reversal = await withSavepoint(db, () =>
      reverse(db, transfer.ledger_transfer_id!, {
        commandId: WORKER_COMMAND,
        adminId,
        narration: `Reversal of ${transfer.reference}: the transfer failed at the bank`,
      }),
    );
    await updateBankTransfer(db, transfer.id, { reversal_transfer_id: reversal.id, reversal_waiting: null, updated_at: now });
    await insertTransferEvent(db, {
      transferId: transfer.id,
      status: 'FAILED',
      note: `Reversed: ${formatNaira(transfer.amount + transfer.fee)} returned to ${transfer.wallet_uid ? 'the wallet' : transfer.source_account_code} (${reversal.reference})`,
      adminId,
      at: now,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    await updateBankTransfer(db, transfer.id, { reversal_waiting: error.message, updated_at: now });
    await insertTransferEvent(db, {
      transferId: transfer.id,
      status: 'FAILED',
      note: `The reversal waits: ${error.message}. Tried again every hour`,
      adminId,
      at: now,
    });
    await enqueueJob(db, {
      kind: REVERSE_JOB,
      payload: { transferId: Number(transfer.id) },
      runAt: new Date(now.getTime() + REVERSAL_RETRY_MS),
      dedupeKey: `transfer-reverse:${transfer.id}:${now.getTime()}`,
      subject: `Reverse ${transfer.reference}`,
    });
  }
}

/** Sends to a provider that could not be reached are tried this many times (about ten minutes) before the transfer fails and is reversed: it was never received. */
const MAX_UNREACHABLE_SENDS = 12;

/** PENDING after an answer that never came (a timeout): asked again on the schedule, never failed for it. */
async function recordUnknown(db: Db, deps: AppDeps, id: bigint, note: string): Promise<void> {
  const transfer = await lockBankTransfer(db, id);
  if (!transfer || isFinalTransferStatus(transfer.status) || transfer.status === 'HELD') return;
  await schedulePending(db, deps, transfer, deps.clock.now(), note, null, null, false);
}

const transaction = <T>(deps: AppDeps, work: (db: Db) => Promise<T>) => deps.db.transaction().execute(work);

/**
 * Sends a queued transfer to its provider and records the answer. A transfer found SENDING was
 * being sent when a process stopped: the provider is asked about its session first, and it is
 * sent again (same session id) only if the provider never received it. A timeout leaves it
 * PENDING for re-queries; a provider that could not be reached is tried again later.
 */
export async function sendTransfer(deps: AppDeps, id: bigint, signal?: AbortSignal): Promise<JobResult> {
  const claim = await transaction(deps, async (db) => {
    const transfer = await lockBankTransfer(db, id);
    if (!transfer || (transfer.status !== 'QUEUED' && transfer.status !== 'SENDING')) return null;
    const now = deps.clock.now();
    const interrupted = transfer.status === 'SENDING';
    await updateBankTransfer(db, id, { status: 'SENDING', send_attempts: transfer.send_attempts + 1, updated_at: now });
    await insertTransferEvent(db, {
      transferId: id,
      status: 'SENDING',
      note: interrupted
        ? `A send was interrupted before its answer arrived: asking ${providerWords(transfer.provider)} about session ${transfer.session_id} before sending again`
        : `Sending ${formatNaira(transfer.amount)} through ${providerWords(transfer.provider)}${transfer.send_attempts > 0 ? ` (attempt ${transfer.send_attempts + 1})` : ''}`,
      at: now,
    });
    return { transfer, interrupted };
  });
  if (!claim) return { status: 'done' };
  const { transfer } = claim;
  const provider = deps.providers.transfers[transfer.provider];
  const options = signal ? { signal } : {};
  let answer: TransferAnswer | null = null;
  let via: Via = 'send';
  try {
    if (claim.interrupted) {
      answer = await provider.status({ sessionId: transfer.session_id }, options).catch((error: unknown) => {
        if (error instanceof TransferProviderError && error.kind === 'not_found') return null;
        throw error;
      });
      via = 'resend check';
    }
    if (!answer) {
      via = 'send';
      answer = await provider.transfer(
        {
          sessionId: transfer.session_id,
          reference: transfer.reference,
          amountKobo: transfer.amount,
          beneficiary: { bankCode: transfer.bank_code, accountNumber: transfer.account_number, accountName: transfer.account_name },
          narration: transfer.narration,
          senderName: transfer.wallet_uid ? 'Traction merchant' : 'Traction',
        },
        options,
      );
    }
  } catch (error) {
    if (!(error instanceof TransferProviderError)) throw error;
    if (error.kind === 'duplicate_session') {
      // Received before (a resend after a lost answer): its outcome is the session's.
      const status = await provider.status({ sessionId: transfer.session_id }, options).catch(() => null);
      if (status) {
        await transaction(deps, (db) => applyProviderAnswer(db, deps, id, status, 'resend check'));
        return { status: 'done' };
      }
    }
    if (error.outcomeUnknown) {
      await transaction(deps, (db) => recordUnknown(db, deps, id, `${providerWords(transfer.provider)} did not answer (${error.message})`));
      return { status: 'done' };
    }
    return transaction(deps, async (db) => {
      const locked = await lockBankTransfer(db, id);
      if (locked?.status !== 'SENDING') return { status: 'done' } as JobResult;
      const now = deps.clock.now();
      if (locked.send_attempts >= MAX_UNREACHABLE_SENDS) {
        await applyProviderAnswer(
          db,
          deps,
          id,
          {
            outcome: 'failed',
            responseCode: '91',
            message: `${providerWords(transfer.provider)} could not be reached after ${locked.send_attempts} attempts; it never received the transfer`,
            sessionId: transfer.session_id,
          },
          'send',
        );
        return { status: 'done' } as JobResult;
      }
      await updateBankTransfer(db, id, { status: 'QUEUED', updated_at: now });
      const again = new Date(now.getTime() + UNREACHABLE_RETRY_MS);
      await insertTransferEvent(db, {
        transferId: id,
        status: 'QUEUED',
        note: `${providerWords(transfer.provider)} could not be reached (${error.message}); it did not receive the transfer. Sending again at ${lagosDateTime(again.toISOString())} Lagos time (try ${locked.send_attempts} of ${MAX_UNREACHABLE_SENDS}; after the last it fails and the money is given back, to be retried through another provider)`,
        at: now,
      });
      return { status: 'retry', at: again, reason: error.message } as JobResult;
    });
  }
  const answered = answer;
  await transaction(deps, (db) => applyProviderAnswer(db, deps, id, answered, via));
  return { status: 'done' };
}

/**
 * Asks the provider about a pending transfer. A provider with no record of the session never
 * received it: it is sent again under the same session id (a provider that did receive it in the
 * meantime refuses the duplicate, so it is never paid twice).
 */
export async function requeryTransfer(deps: AppDeps, id: bigint, options: { signal?: AbortSignal; adminId?: number | null } = {}): Promise<TransferStatus> {
  const transfer = await findBankTransfer(deps.db, id);
  if (!transfer) throw new Error(`bank transfer ${id} does not exist`);
  if (transfer.status !== 'PENDING') return transfer.status;
  const provider = deps.providers.transfers[transfer.provider];
  const adminId = options.adminId ?? null;
  try {
    const answer = await provider.status({ sessionId: transfer.session_id }, options.signal ? { signal: options.signal } : {});
    return await transaction(deps, (db) => applyProviderAnswer(db, deps, id, answer, 'requery', adminId));
  } catch (error) {
    if (!(error instanceof TransferProviderError)) throw error;
    return transaction(deps, async (db) => {
      const locked = await lockBankTransfer(db, id);
      if (!locked) throw new Error(`bank transfer ${id} does not exist`);
      if (locked.status !== 'PENDING') return locked.status;
      const now = deps.clock.now();
      if (error.kind === 'not_found') {
        await updateBankTransfer(db, id, { status: 'QUEUED', next_requery_at: null, stuck_at: null, updated_at: now });
        await insertTransferEvent(db, {
          transferId: id,
          status: 'QUEUED',
          note: `${providerWords(transfer.provider)} has no record of session ${transfer.session_id}: sending it again under the same session`,
          responseCode: '25',
          adminId,
          at: now,
        });
        await enqueueJob(db, {
          kind: SEND_JOB,
          payload: { transferId: Number(id) },
          dedupeKey: `transfer-send:${id}`,
          subject: `Transfer ${transfer.reference}`,
        });
        return 'QUEUED';
      }
      await schedulePending(db, deps, locked, now, `Could not ask ${providerWords(transfer.provider)} (${error.message})`, null, adminId, true);
      return 'PENDING';
    });
  }
}

/** Tries a waiting reversal again. */
async function retryReversal(deps: AppDeps, id: bigint): Promise<void> {
  await transaction(deps, async (db) => {
    const transfer = await lockBankTransfer(db, id);
    if (transfer?.status === 'FAILED' && transfer.reversal_transfer_id === null) await reverseFailed(db, transfer, deps.clock.now(), null);
  });
}

type TransferJob = { transferId: number };

/** The transfers domain's jobs: sending, re-querying, and reversals that wait. */
export const transferJobs: readonly JobDefinition<TransferJob>[] = [
  { kind: SEND_JOB, leaseSeconds: 120, maxAttempts: 30, run: (job) => sendTransfer(job.deps, BigInt(job.payload.transferId), job.signal) },
  {
    kind: REQUERY_JOB,
    leaseSeconds: 120,
    run: async (job) => {
      await requeryTransfer(job.deps, BigInt(job.payload.transferId), { signal: job.signal });
      return { status: 'done' };
    },
  },
  {
    kind: REVERSE_JOB,
    run: async (job) => {
      await retryReversal(job.deps, BigInt(job.payload.transferId));
      return { status: 'done' };
    },
  },
];
