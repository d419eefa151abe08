import type { AnyJobDefinition } from './domains/jobs/index';
import { sweepJobs } from './domains/sweeps/index';
import { bulkTransferJobs } from './domains/bulk-transfers/index';
import { transferJobs } from './domains/transfers/index';
import { lendingJobs } from './domains/loans/index';
import { notificationJobs } from './domains/notifications/index';
import { marketingJobs } from './domains/marketing/index';
import { broadcastJobs } from './domains/broadcasts/index';
import { websiteFormJobs } from './domains/website-forms/index';
import { exportJobs } from './domains/exports/index';
import { listImplementation } from './handlers';

/**
 * Every kind of background job this server runs, each domain's from its public face. The worker
 * of every server process, and the test harness's `runJobs`, run these.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  ...transferJobs,
  ...bulkTransferJobs,
  ...sweepJobs,
  ...lendingJobs,
  ...notificationJobs,
  ...marketingJobs,
  ...broadcastJobs,
  ...websiteFormJobs,
  ...exportJobs(listImplementation),
];

/** Whether this process runs a job worker, and how many jobs at once, from the environment. */
export interface JobWorkerSettings {
  /** False with TRACTION_JOBS=off: a process that only answers requests (others run the jobs). */
  run: boolean;
  /** TRACTION_JOB_CONCURRENCY: jobs run at once (default 4). */
  concurrency: number;
}

/** Reads TRACTION_JOBS and TRACTION_JOB_CONCURRENCY; a value that means nothing stops the start with a sentence. */
export function jobWorkerSettings(env: NodeJS.ProcessEnv): JobWorkerSettings {
  const switched = env.TRACTION_JOBS?.trim().toLowerCase();
  if (switched && switched !== 'on' && switched !== 'off') {
    throw new Error(`TRACTION_JOBS must be on or off, not "${env.TRACTION_JOBS}"`);
  }
  const text = env.TRACTION_JOB_CONCURRENCY?.trim();
  const concurrency = text ? Number(text) : 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new Error(`TRACTION_JOB_CONCURRENCY must be a whole number from 1 to 64, not "${env.TRACTION_JOB_CONCURRENCY}"`);
  }
  return { run: switched !== 'off', concurrency };
}
