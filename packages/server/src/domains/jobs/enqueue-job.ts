import type { Db } from '../../db/connect';
import { insertJob } from './jobs.repository';

/**
 * In the caller's transaction: the job exists only if the caller commits. A dedupeKey already
 * held by an unfinished job returns that job (created: false). Without `runAt` it is due as soon
 * as a worker is free, whatever that worker's clock says.
 */
export function enqueueJob(
  db: Db,
  job: {
    kind: string;
    payload: object;
    runAt?: Date;
    dedupeKey?: string | null;
    createdBy?: number | null;
    subject?: string | null;
    /** Failures allowed for this job, in place of its definition's `maxAttempts`. */
    maxAttempts?: number | null;
    /** When it was asked for, from the caller's clock (`ctx.now`); default the system's. */
    now?: Date;
  },
): Promise<{ id: number; created: boolean }> {
  const now = job.now ?? new Date();
  return insertJob(db, {
    kind: job.kind,
    payload: job.payload,
    runAt: job.runAt ?? null,
    dedupeKey: job.dedupeKey ?? null,
    createdBy: job.createdBy ?? null,
    subject: job.subject ?? null,
    maxAttempts: job.maxAttempts ?? null,
    now,
  });
}
