import type { BusinessEventKind } from '@traction/core';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

export interface FeaturesTable {
  category: string;
  code: string;
  label: string;
  position: Generated<number>;
}

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  category: string;
  state_code: string;
  address: Generated<string>;
  rc_number: string | null;
  bvn: string | null;
  sales_agent_email: string | null;
  kyc_exempt: Generated<boolean>;
  bvn_exempt: Generated<boolean>;
  kyc_override_by: number | null;
  kyc_override_at: Timestamp | null;
  is_fraud: Generated<boolean>;
  fraud_reason: string | null;
  fraud_marked_by: number | null;
  fraud_marked_at: Timestamp | null;
  is_trusted: Generated<boolean>;
  /** The merchant's pricing band (0024); null: the default band. */
  pricing_band_id: Generated<number | null>;
  trusted_by: number | null;
  trusted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A business's outlets, where its terminals are deployed. */
export interface StoresTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  address: Generated<string>;
  state_code: string;
  created_at: CreatedAt;
}

export interface BusinessUsersTable {
  id: Generated<number>;
  business_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: 'owner' | 'manager' | 'cashier';
  password_hash: string | null;
  last_login_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface BusinessUserTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface BankAccountsTable {
  id: Generated<number>;
  business_id: number;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  is_settlement: Generated<boolean>;
  verified_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface BusinessEventsTable {
  id: Generated<bigint>;
  business_id: number;
  at: ColumnType<Date, Date | string | undefined, never>;
  /** Written only through recordBusinessEvents, which takes the contract's kinds. */
  kind: BusinessEventKind;
  message: string;
  admin_id: number | null;
  details: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface SupportIssuesTable {
  id: Generated<number>;
  business_id: number;
  subject: string;
  body: string;
  channel: 'EMAIL' | 'PHONE' | 'WHATSAPP' | 'IN_APP';
  status: Generated<'OPEN' | 'IN_PROGRESS' | 'RESOLVED'>;
  created_at: CreatedAt;
  resolved_at: Timestamp | null;
}
