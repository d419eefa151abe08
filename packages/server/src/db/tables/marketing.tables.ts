import type { EmailSyncKind, EmailSyncResult, EmailSyncStatus } from '@traction/core';
import type { Generated } from 'kysely';
import type { Timestamp } from '../column-types';

/** One push of contacts to the email-marketing list (0039). */
export interface MarketingSyncRunsTable {
  id: Generated<number>;
  kind: EmailSyncKind;
  status: EmailSyncStatus;
  /** The uploaded file's name; null for a sync of every owner. */
  file_name: string | null;
  /** Whether its contacts are gathered (an upload's at once, a sync's owners by its job). */
  gathered: Generated<boolean>;
  /** Whether its job has read the provider's unsubscribed contacts into the opt-out list. */
  opt_outs_read: Generated<boolean>;
  /** Addresses the provider said had unsubscribed, added to the opt-out list by this run. */
  provider_opt_outs: Generated<number>;
  /** Times in a row the provider did not answer. */
  outage_retries: Generated<number>;
  job_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
  wait_until: Timestamp | null;
  note: string | null;
  failure: string | null;
}

/** One contact of a run and its result (0039). */
export interface MarketingSyncContactsTable {
  id: Generated<bigint>;
  run_id: number;
  /** Lower-cased; once per run. */
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** `+234…`, or null. */
  phone: string | null;
  business_id: number | null;
  row_number: number | null;
  result: Generated<EmailSyncResult>;
  reason: string | null;
  at: Timestamp | null;
}
