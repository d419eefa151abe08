import { assertMoneyMayMove } from '../risk/index';
import { bankByCbnCode, conflict, formatNaira, notFound } from '@traction/core';
import type { Db } from '../../db/connect';
import { enqueueJob } from '../jobs/index';
import { transferFee } from '../wallet-settings/index';
import { debitForTransfer, SEND_JOB, type TransferActor } from './start-transfer';
import { sourceAccountIdOf } from './transfer-source';
import { insertTransferEvent, lockBankTransfer, updateBankTransfer } from './transfers.repository';

/**
 * Decides a transfer the fraud rules held. Blocking ends it (nothing moved). Releasing debits the
 * source now, through every ledger check (policy, limits, balance: any may refuse, and the
 * transfer stays held), and queues the send; the rules are not asked again — a person overruled them.
 */
export async function decideHeldTransfer(
  db: Db,
  id: number | bigint,
  decision: 'release' | 'block',
  note: string,
  actor: TransferActor & { adminId: number },
): Promise<string> {
  const transfer = await lockBankTransfer(db, id);
  if (!transfer) throw notFound(`There is no funds transfer with the id ${id}`);
  if (transfer.status !== 'HELD')
    throw conflict(`Transfer ${transfer.reference} is not held for review: it is ${transfer.status.toLowerCase()}`, {
      reason: 'not_held',
      status: transfer.status,
    });
  if (decision === 'block') {
    await updateBankTransfer(db, transfer.id, { status: 'BLOCKED', finished_at: actor.now, updated_at: actor.now });
    await insertTransferEvent(db, {
      transferId: transfer.id,
      status: 'BLOCKED',
      note: `Blocked on review: ${note}. Nothing moved`,
      adminId: actor.adminId,
      at: actor.now,
    });
    return `Transfer ${transfer.reference} is blocked: nothing moved.`;
  }
  if (transfer.business_id !== null) await assertMoneyMayMove(db, { businessId: transfer.business_id, direction: 'debit' });
  const fee = transfer.wallet_uid ? BigInt(await transferFee(db)) : 0n;
  const bank = bankByCbnCode(transfer.bank_code);
  const ledgerTransferId = await debitForTransfer(db, {
    sourceAccountId: await sourceAccountIdOf(db, transfer),
    provider: transfer.provider,
    amount: transfer.amount,
    fee,
    reference: transfer.reference,
    narration: transfer.narration,
    counterparty: `${bank?.shortName ?? transfer.bank_code} ${transfer.account_number} ${transfer.account_name}`,
    actor,
  });
  await updateBankTransfer(db, transfer.id, { status: 'QUEUED', fee, ledger_transfer_id: ledgerTransferId, updated_at: actor.now });
  await insertTransferEvent(db, {
    transferId: transfer.id,
    status: 'QUEUED',
    note: `Released on review: ${note}. Debited ${formatNaira(transfer.amount)}${fee > 0n ? ` and the ${formatNaira(fee)} fee` : ''}; queued to send through ${transfer.provider}`,
    adminId: actor.adminId,
    at: actor.now,
  });
  await enqueueJob(db, {
    kind: SEND_JOB,
    payload: { transferId: Number(transfer.id) },
    dedupeKey: `transfer-send:${transfer.id}`,
    subject: `Transfer ${transfer.reference}`,
  });
  return `Transfer ${transfer.reference} is released: it is being sent.`;
}
