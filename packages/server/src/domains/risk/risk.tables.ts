import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/column-types';

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
