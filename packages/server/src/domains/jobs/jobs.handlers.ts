import { ApiError, getJob, listJobs, notFound, retryJob } from '@traction/core';
import { isUniqueViolation } from '../../db/unique-violation';
import { implement, implementList } from '../../handling/implement';
import { findJobView, jobListQuery, requeueFailedJob, toJobRow } from './jobs.repository';

export const listJobsHandler = implementList(listJobs, ({ input, ctx }) => ({
  query: jobListQuery(ctx.db, { kind: input.kind, status: input.status }),
  cursor: { column: 'id', key: 'id' as const, direction: 'desc' as const },
  map: toJobRow,
}));

export const getJobHandler = implement(getJob, async ({ input, ctx }) => {
  const job = await findJobView(ctx.db, input.id);
  if (!job) throw notFound(`There is no background job ${input.id}`);
  return job;
});

export const retryJobHandler = implement(retryJob, async ({ input, ctx }) => {
  const before = await findJobView(ctx.db, input.id);
  if (!before) throw notFound(`There is no background job ${input.id}`);
  if (before.status !== 'failed') throw new ApiError(409, `Job #${input.id} is ${before.status}: only a failed job can be retried`);
  try {
    await requeueFailedJob(ctx.db, input.id, ctx.now);
  } catch (error) {
    if (isUniqueViolation(error, 'jobs_dedupe_key')) {
      throw new ApiError(409, `Job #${input.id} cannot run again: another unfinished job does the same work`);
    }
    throw error;
  }
  ctx.afterCommit(() => ctx.deps.jobs?.nudge());
  const job = await findJobView(ctx.db, input.id);
  return { job: job!, message: `Job #${input.id}${before.subject ? ` (${before.subject})` : ''} is queued to run again.` };
});

export const jobImplementations = [listJobsHandler, getJobHandler, retryJobHandler];
