import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

export interface AdminDevicesTable {
  id: Generated<number>;
  admin_id: number;
  /** SHA-256 (hex) of the device id: the id is a credential, kept like a token. */
  device_hash: string;
  device_model: string;
  browser_name: string;
  browser_version: string;
  device_type: string;
  status: 'pending' | 'approved' | 'rejected';
  whitelisted: Generated<boolean>;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  decided_at: Timestamp | null;
  decided_by: number | null;
  decision_note: string | null;
  last_seen_at: Timestamp | null;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_attempts: Generated<number>;
}

export interface AdminSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  admin_id: number;
  device_row_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  purpose: 'invite' | 'reset' | 'change';
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by: number | null;
}

export interface LoginAttemptsTable {
  id: Generated<bigint>;
  email: string;
  ip: string;
  succeeded: boolean;
  trusted_device: boolean;
  /** sha256 of the device id sent, first 8 hex digits. */
  device_fingerprint: string | null;
  at: Timestamp;
}
