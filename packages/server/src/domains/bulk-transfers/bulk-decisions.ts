import { BULK_TRANSFER_ACTION, BULK_TRANSFER_JOB, conflict, formatNaira, lagosDateTime, notFound, alreadyInState } from '@traction/core';
import type { Db } from '../../db/connect';
import { actingOf, type ApprovalExecutor, createApprovalRequest } from '../approvals/index';
import { enqueueJob } from '../jobs/index';
import type { HandlerContext } from '../../handling/handler-context';
import {
  excludeInvalidRows,
  findUpload,
  lockUpload,
  requeueRefusedRows,
  rowStates,
  updateUpload,
  type UploadRecord,
  withdrawApprovalRequest,
} from './bulk-transfers.repository';

/** The upload as of now, locked for the rest of the transaction (the status shown reads the approval request). */
async function lockedUpload(db: Db, id: number, now: Date): Promise<UploadRecord> {
  const locked = await lockUpload(db, id);
  const upload = locked ? await findUpload(db, id, now) : undefined;
  if (!upload) throw notFound(`There is no bulk upload #${id}`);
  return upload;
}

const plural = (count: number, one: string, other = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : other}`;

/**
 * Asks a second admin to approve an upload, under the transfers.bulk policy, for the total of
 * the rows that will be sent. Bad rows stop it unless excluded explicitly, and then they are
 * marked EXCLUDED for good. A declined or expired request may be followed by a new one.
 */
export async function submitUpload(ctx: HandlerContext, asked: { id: number; excludeBadRows: boolean; reason: string }): Promise<string> {
  const upload = await lockedUpload(ctx.db, asked.id, ctx.now);
  const name = `Bulk upload #${asked.id}`;
  if (upload.shown_status === 'AWAITING_APPROVAL')
    throw alreadyInState(`${name} already waits for approval (request #${upload.approval_request_id})`, { status: upload.shown_status });
  if (upload.shown_status === 'CANCELLED') throw conflict(`${name} was cancelled: upload the file again`, { reason: 'cancelled' });
  if (upload.shown_status === 'RUNNING' || upload.shown_status === 'DONE')
    throw conflict(`${name} was already approved and ${upload.shown_status === 'DONE' ? 'has run' : 'is running'}`, { reason: 'approved' });
  const { counts } = await rowStates(ctx.db, upload.id);
  if (counts.INVALID > 0 && !asked.excludeBadRows) {
    throw conflict(
      `${name} has ${plural(counts.INVALID, 'bad row')}: fix the file and upload it again, or submit it excluding the bad rows to send the other ${plural(counts.WAITING, 'row')}. Nothing was submitted.`,
      { reason: 'bad_rows', badRows: counts.INVALID, fields: [{ field: 'excludeBadRows', message: 'must be true to send an upload with bad rows' }] },
    );
  }
  const excluded = asked.excludeBadRows ? await excludeInvalidRows(ctx.db, upload.id, ctx.now) : 0;
  const { counts: after, includedTotal } = await rowStates(ctx.db, upload.id);
  if (after.WAITING === 0) throw conflict(`${name} has no good rows: there is nothing to send`, { reason: 'no_rows' });
  const { request } = await createApprovalRequest(actingOf(ctx), {
    commandId: BULK_TRANSFER_ACTION,
    businessId: upload.business_id,
    amount: Number(includedTotal),
    // The approver reads the reason on the approvals page: it names the upload and what it sends, as a sweep's does.
    reason: `${asked.reason} — bulk upload #${upload.id} (${upload.file_name}): ${plural(after.WAITING, 'transfer')} from ${upload.source_name}${excluded > 0 ? `, ${plural(excluded, 'bad row')} left out` : ''}; see /bulk-status/${upload.id}`,
    input: { uploadId: Number(upload.id), rows: after.WAITING, source: upload.source_name, fileName: upload.file_name },
    evidenceUploadId: null,
  });
  await updateUpload(ctx.db, upload.id, {
    status: 'AWAITING_APPROVAL',
    approval_request_id: request.id,
    submitted_by: ctx.admin?.id ?? null,
    submitted_at: ctx.now,
    reason: asked.reason,
    excluded_rows: upload.excluded_rows + excluded,
    updated_at: ctx.now,
  });
  return `${name}: ${plural(after.WAITING, 'transfer')} of ${formatNaira(includedTotal)} from ${upload.source_name}${excluded > 0 ? ` (${plural(excluded, 'bad row')} excluded)` : ''} wait for another admin's approval as request #${request.id}, until ${lagosDateTime(request.expiresAt)} (Lagos time).`;
}

/** Withdraws an upload nobody approved; a pending approval request can no longer be approved. */
export async function cancelUpload(ctx: HandlerContext, asked: { id: number; reason: string }): Promise<string> {
  const upload = await lockedUpload(ctx.db, asked.id, ctx.now);
  const name = `Bulk upload #${asked.id}`;
  if (upload.shown_status === 'CANCELLED') throw alreadyInState(`${name} is already cancelled`, { status: 'CANCELLED' });
  if (upload.shown_status === 'RUNNING' || upload.shown_status === 'DONE')
    throw conflict(`${name} was approved and its rows are sent: it cannot be cancelled. Failed rows can be left alone; pending ones finish at the bank.`, {
      reason: 'approved',
    });
  if (upload.approval_request_id !== null) await withdrawApprovalRequest(ctx.db, upload.approval_request_id);
  await updateUpload(ctx.db, upload.id, {
    status: 'CANCELLED',
    cancelled_by: ctx.admin?.id ?? null,
    cancelled_at: ctx.now,
    cancel_reason: asked.reason,
    pending: 0,
    updated_at: ctx.now,
  });
  return `${name} is cancelled: nothing was sent.`;
}

/** Queues the run of an upload's rows (another run of an upload that already has one is harmless: rows are taken under the upload's lock). */
async function queueRun(db: Db, upload: { id: bigint; file_name: string }, adminId: number | null, key: string, now?: Date): Promise<number> {
  const job = await enqueueJob(db, {
    kind: BULK_TRANSFER_JOB,
    payload: { uploadId: Number(upload.id) },
    dedupeKey: `${BULK_TRANSFER_JOB}:${upload.id}:${key}`,
    createdBy: adminId,
    subject: `Bulk upload #${upload.id} (${upload.file_name})`,
    ...(now ? { now } : {}),
  });
  await updateUpload(db, upload.id, { job_id: job.id });
  return job.id;
}

/**
 * Sends an upload's refused rows again (the balance was short, a limit said no): they wait
 * again, and a run takes them, under the approval already given.
 */
export async function retryRefusedRows(ctx: HandlerContext, asked: { id: number; reason: string }): Promise<string> {
  const upload = await lockedUpload(ctx.db, asked.id, ctx.now);
  const name = `Bulk upload #${asked.id}`;
  if (upload.shown_status !== 'RUNNING' && upload.shown_status !== 'DONE')
    throw conflict(`${name} is ${upload.shown_status.toLowerCase().replace('_', ' ')}: only an approved upload's rows are sent`, {
      reason: 'not_approved',
    });
  const requeued = await requeueRefusedRows(ctx.db, upload.id, ctx.now);
  if (requeued === 0)
    throw conflict(
      `${name} has no refused rows. Rows that failed at the bank were reversed: retry them as transfers (transfers.retry-bulk with matching.batchId ${asked.id} and matching.status FAILED).`,
      { reason: 'no_refused_rows' },
    );
  await updateUpload(ctx.db, upload.id, { status: 'RUNNING', finished_at: null, updated_at: ctx.now });
  await queueRun(ctx.db, upload, ctx.admin?.id ?? null, `retry-${ctx.now.getTime()}`, ctx.now);
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
  return `${name}: ${plural(requeued, 'refused row')} will be sent again (${asked.reason}).`;
}

/**
 * Runs an approved bulk upload: marks it running and queues the job that sends its rows, in the
 * approving transaction. Refuses (the request stays pending) an upload no longer waiting for
 * this request.
 */
export const bulkTransferExecutor: ApprovalExecutor = {
  commandId: BULK_TRANSFER_ACTION,
  async execute(db, request, meta) {
    const uploadId = Number(request.input.uploadId);
    const upload = Number.isSafeInteger(uploadId) ? await lockUpload(db, uploadId) : undefined;
    if (!upload) throw new Error(`approval request ${request.id} names no bulk upload`);
    if (upload.status === 'CANCELLED') throw conflict(`Bulk upload #${uploadId} was cancelled: there is nothing to approve`, { reason: 'cancelled' });
    if (upload.status !== 'AWAITING_APPROVAL' || upload.approval_request_id !== request.id)
      throw conflict(`Bulk upload #${uploadId} does not wait for request #${request.id}`, { reason: 'not_awaiting' });
    await updateUpload(db, upload.id, { status: 'RUNNING' });
    await queueRun(db, upload, meta.adminId, 'approved', meta.at);
    return { reference: null };
  },
};
