import type { JobView } from '@traction/core';
import type { Db } from '../../db/connect';
import { findJobView } from './jobs.repository';

/**
 * Background jobs on the database: enqueued in the caller's transaction, claimed with
 * `for update skip locked` by the worker of any server process, leased, retried with back-off,
 * taken over when a process dies, and reporting progress to the console and the CLI. Domains
 * define their kinds (`JobDefinition`); the composition root (`src/jobs.ts`) lists them.
 */
export {
  type AnyJobDefinition,
  type JobDefinition,
  JobLeaseLost,
  type JobProgress,
  type JobRegistry,
  type JobResult,
  jobRegistry,
  type RunningJob,
} from './job-definition';
export { enqueueJob } from './enqueue-job';
export { jobRetryDelayMs, processWorkerId, runDueJobs } from './run-jobs';
export { type JobWorker, startJobWorker } from './job-worker';
export { expireJobLeases, expireLeasesOfDeadLocalWorkers } from './jobs.repository';
export { jobImplementations } from './jobs.handlers';
export type { JobView } from '@traction/core';

/** The job with its progress, as `jobs.get` answers it. */
export function findJob(db: Db, id: number): Promise<JobView | undefined> {
  return findJobView(db, id);
}
