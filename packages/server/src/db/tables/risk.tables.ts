import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

export interface WalletsTable {
  uid: Generated<string>;
  business_id: number;
  status: Generated<'ACTIVE' | 'PND' | 'FROZEN' | 'CLOSED'>;
  status_reason: string | null;
  status_changed_by: number | null;
  status_changed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface FixedAccountsTable {
  id: Generated<number>;
  business_id: number;
  bank: 'WEMA' | 'PROVIDUS' | 'VFD';
  account_number: string;
  account_name: string;
  status: Generated<'ACTIVE' | 'DEACTIVATED'>;
  blacklisted: Generated<boolean>;
  blacklist_reason: string | null;
  blacklisted_by: number | null;
  blacklisted_at: Timestamp | null;
  last_activity_at: Timestamp | null;
  created_at: CreatedAt;
}

/** One row per Providus session id re-pushed (0006): written before Providus is asked. */
export interface ProvidusRepushesTable {
  session_id: string;
  account_number: string;
  fixed_account_id: number;
  business_id: number;
  status: 'requested' | 'timed-out' | 'confirmed' | 'failed';
  attempts: Generated<number>;
  bank_reference: string | null;
  amount_kobo: ColumnType<bigint | null, bigint | number | null, bigint | number | null>;
  requested_by: number | null;
  requested_at: Timestamp;
  answered_at: Timestamp | null;
}
