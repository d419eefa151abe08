import { conflict, notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import { enqueueJob } from '../jobs/index';
import { REQUERY_JOB } from './dispatch';
import { startTransfer, type TransferActor } from './start-transfer';
import { sourceOfStored } from './transfer-source';
import { insertTransferEvent, lockBankTransfer, retryOfTransfer } from './transfers.repository';

/**
 * Retries a transfer from the Retry Portal. A failed one, once reversed, is sent again as a new
 * transfer (new reference, new session, the rules asked again), at most once: `retry_of` is
 * unique. A pending one may have been paid, so it is never sent again: it is re-queried now.
 */
export async function retryBankTransfer(db: Db, id: number | bigint, reason: string, actor: TransferActor): Promise<{ id: bigint; message: string }> {
  const transfer = await lockBankTransfer(db, id);
  if (!transfer) throw notFound(`There is no funds transfer with the id ${id}`);
  if (transfer.status === 'PENDING') {
    await enqueueJob(db, {
      kind: REQUERY_JOB,
      payload: { transferId: Number(transfer.id), attempt: transfer.requery_count + 1 },
      runAt: actor.now,
      dedupeKey: `transfer-requery-now:${transfer.id}`,
      subject: `Re-query ${transfer.reference}`,
    });
    await insertTransferEvent(db, {
      transferId: transfer.id,
      status: 'PENDING',
      note: `Re-query asked from the Retry Portal: ${reason}. It may have been paid, so it is not sent again`,
      adminId: actor.adminId,
      at: actor.now,
    });
    return {
      id: transfer.id,
      message: `Transfer ${transfer.reference} is pending at the bank: it may have been paid, so it is re-queried now rather than sent again.`,
    };
  }
  if (transfer.status !== 'FAILED')
    throw conflict(`Transfer ${transfer.reference} is ${transfer.status.toLowerCase()}: only failed transfers are retried`, {
      reason: 'not_retryable',
      status: transfer.status,
    });
  if (transfer.reversal_transfer_id === null)
    throw conflict(
      `Transfer ${transfer.reference} failed but its reversal waits (${transfer.reversal_waiting ?? 'not posted yet'}): it is retried once the money is back`,
      { reason: 'reversal_waiting' },
    );
  const earlier = await retryOfTransfer(db, transfer.id);
  if (earlier)
    throw conflict(`Transfer ${transfer.reference} was already retried by transfer #${earlier.id}: retry that one if it failed too`, {
      reason: 'already_retried',
      retriedBy: Number(earlier.id),
    });
  const started = await startTransfer(
    db,
    {
      origin: 'retry',
      source: await sourceOfStored(db, transfer),
      beneficiary: { bankCode: transfer.bank_code, accountNumber: transfer.account_number, accountName: transfer.account_name },
      amount: transfer.amount,
      narration: transfer.narration,
      retryOf: transfer.id,
    },
    actor,
  );
  await insertTransferEvent(db, {
    transferId: transfer.id,
    status: 'FAILED',
    note: `Retried as transfer #${started.id} (${started.reference}): ${reason}`,
    adminId: actor.adminId,
    at: actor.now,
  });
  return { id: started.id, message: `Transfer ${transfer.reference} is sent again as ${started.reference}.` };
}
