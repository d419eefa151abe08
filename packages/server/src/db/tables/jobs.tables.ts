import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from '../column-types';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** Progress as stored: the amount in kobo as text, since JSON numbers cannot hold every bigint. */
export interface StoredJobProgress {
  done: number;
  total: number | null;
  counts: Record<string, number>;
  amount: string | null;
  message: string | null;
}

type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A background job (0019): claimed with `for update skip locked`, leased, retried, taken over. */
export interface JobsTable {
  id: Generated<bigint>;
  kind: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  /** Null: due as soon as a worker is free. */
  run_at: NullableMoment;
  attempts: Generated<number>;
  failures: Generated<number>;
  max_attempts: number | null;
  locked_by: string | null;
  locked_until: NullableMoment;
  progress: NullableJson<StoredJobProgress>;
  result: NullableJson<Record<string, unknown>>;
  last_error: string | null;
  dedupe_key: string | null;
  created_by: number | null;
  subject: string | null;
  created_at: Timestamp;
  started_at: NullableMoment;
  finished_at: NullableMoment;
  updated_at: Timestamp;
}
