import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface AuditLogTable {
  id: Generated<bigint>;
  at: ColumnType<Date, Date | string | undefined, never>;
  admin_id: number | null;
  admin_email: string | null;
  /** sha256 of the device id, first 8 hex digits: the id itself is a credential. */
  device_fingerprint: string | null;
  command_id: string;
  input: JSONColumnType<Record<string, unknown>, string, string>;
  outcome: string;
  message: string | null;
  request_id: string | null;
  ip: string | null;
  /** The admin's name when the entry was written (0010). */
  admin_name: string | null;
  /** The entry as one sentence; null on entries written before 0010. */
  summary: string | null;
  /** What the command acted on: its kind (core's AUDIT_SUBJECT_KINDS), its key for the console's link, its name then. */
  subject_kind: string | null;
  subject_id: string | null;
  subject_name: string | null;
  /** Rows a bulk command changed (or was asked to, when refused). */
  subject_count: number | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  command_id: string;
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: ColumnType<Date, Date | string, never>;
  /** Set on claims made outside a transaction: after it, a `running` claim may be taken over. */
  lease_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
