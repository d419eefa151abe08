import { z } from 'zod';
import { koboAmount } from '../../schemas/money';

/**
 * Where a background job stands. `queued`: waiting for its time. `running`: a server process has
 * it. `done`, `failed` (it gave up, or ran out of attempts) and `cancelled` are final.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job has stopped for good: nothing about it changes any more unless it is retried. */
export const isFinishedJobStatus = (status: JobStatus): boolean => status === 'done' || status === 'failed' || status === 'cancelled';

/** A job's id (a PostgreSQL bigint, kept within what JSON numbers hold exactly). */
export const jobIdField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).meta({ label: 'Job ID' });

/** A job kind as its definition names it (`transfers.send`, `bulk-transfers.run`). */
export const jobKindField = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/, 'must be a job kind such as transfers.send')
  .meta({ label: 'Kind' });

/** How far a job has got, as it last reported. */
export const jobProgressView = z.object({
  /** Items finished (rows, transfers). */
  done: z.number().int(),
  /** Items in all; null while unknown. */
  total: z.number().int().nullable(),
  /** Items by outcome, as the job names them (`succeeded`, `failed`, `pending`). */
  counts: z.record(z.string(), z.number().int()),
  /** Money moved so far, in kobo; null for jobs that move none. */
  amount: koboAmount.nullable(),
  /** The job's own words on what it is doing. */
  message: z.string().nullable(),
});
export type JobProgressView = z.infer<typeof jobProgressView>;

/** A background job with its progress. */
export const jobView = z.object({
  id: z.number().int(),
  /** Which definition runs it (`bulk-transfers.run`). */
  kind: z.string(),
  /** What a person recognises it by ("Bulk upload #12"). */
  subject: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  /** Whether the status is final (done, failed or cancelled). */
  finished: z.boolean(),
  progress: jobProgressView,
  /** Runs begun so far, the one under way included. */
  attempts: z.number().int(),
  /** Why the last run failed, or why it waits to run again. */
  lastError: z.string().nullable(),
  /** What the job answered when it finished (figures for its page). */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** When it is due to run (queued) or was last due; null: as soon as a worker is free. */
  runAt: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
  createdById: z.number().int().nullable(),
  createdByName: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

/** A row of the jobs list. */
export const jobRow = z.object({
  id: z.number().int(),
  subject: z.string().nullable(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;

export const jobColumns = [
  { key: 'id', label: 'Job', kind: 'id' },
  { key: 'subject', label: 'Subject', kind: 'text', card: 'title' },
  { key: 'kind', label: 'Kind', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'done', label: 'Done', kind: 'number' },
  { key: 'total', label: 'Total', kind: 'number' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
  { key: 'finishedAt', label: 'Finished', kind: 'datetime' },
] as const;
