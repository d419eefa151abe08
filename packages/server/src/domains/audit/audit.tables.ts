import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface AuditLogTable {
  id: Generated<bigint>;
  at: ColumnType<Date, Date | string | undefined, never>;
  admin_id: number | null;
  admin_email: string | null;
  device_id: string | null;
  command_id: string;
  input: JSONColumnType<Record<string, unknown>, string, string>;
  outcome: string;
  message: string | null;
  request_id: string | null;
  ip: string | null;
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
}
