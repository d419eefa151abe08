import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../column-types';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One email a command asked for (0008): sent after the command commits, retried until sent or given up. */
export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  /** The text and values (a live link token) to send; null once sent or given up. */
  body: string | null;
  data: ColumnType<Record<string, string> | null, string | null, string | null>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  /** Pending: when to try next. Sending: when the claim lapses and another process may take it. */
  next_attempt_at: Timestamp;
  discard_after: Timestamp | null;
  provider_message_id: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  given_up_at: Timestamp | null;
}
