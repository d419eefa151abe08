import { conflict, SWEEP_APPROVAL_ACTION, SWEEP_JOB_KIND } from '@traction/core';
import type { ApprovalExecutor } from '../approvals/index';
import { enqueueJob } from '../jobs/index';
import { lockSweep, updateSweep } from './sweeps.repository';

/**
 * Runs an approved sweep: marks it running and queues the job that sweeps its sources, in the
 * approving transaction (the job exists only if the approval commits). A sweep cancelled while
 * its request waited is refused with a sentence, and the request stays pending to be declined.
 */
export const sweepExecutor: ApprovalExecutor = {
  commandId: SWEEP_APPROVAL_ACTION,
  async execute(db, request, meta) {
    const id = Number(request.input.sweepId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`approval request ${request.id} names no sweep`);
    const sweep = await lockSweep(db, id);
    if (!sweep) throw new Error(`approval request ${request.id} names sweep ${id}, which does not exist`);
    if (sweep.status !== 'AWAITING_APPROVAL' || sweep.approval_request_id !== request.id) {
      const now = sweep.status === 'CANCELLED' ? 'was cancelled' : sweep.status === 'RUNNING' ? 'is already running' : 'was submitted again since';
      throw conflict(`Sweep #${id} ${now}: this request cannot run it; decline it`, { reason: 'sweep_not_waiting', status: sweep.status });
    }
    // The decision's time (the demo data approves in the past); the job's times are the worker's.
    const now = meta.at ?? new Date();
    const job = await enqueueJob(db, {
      kind: SWEEP_JOB_KIND,
      payload: { sweepId: id },
      dedupeKey: `sweep:${id}`,
      createdBy: meta.adminId,
      subject: `Sweep #${id}`,
      now,
    });
    await updateSweep(db, id, { status: 'RUNNING', approved_by: meta.adminId, approved_at: now, job_id: job.id, updated_at: now });
    return { reference: null };
  },
};
