import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import type { CreatedAt, Timestamp } from '../../db/column-types';
import type { Database } from '../../db/database';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type NullableKobo = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;

/** One KYC tier's limits (0015); null: no limit of that kind. */
export interface WalletTierLimitsTable {
  tier: number;
  single_debit_limit: NullableKobo;
  daily_debit_limit: NullableKobo;
  max_balance: NullableKobo;
  updated_by: number | null;
  updated_at: Timestamp | null;
}

/** The company-wide wallet settings, one row (0015). */
export interface WalletSettingsTable {
  id: Generated<boolean>;
  transfer_fee: Kobo;
  transfer_fee_updated_by: number | null;
  transfer_fee_updated_at: Timestamp | null;
}

export interface CashbackRulesTable {
  id: Generated<number>;
  name: string;
  percentage_bp: number;
  cap: Kobo;
  minimum_transaction: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  applies_to: Generated<'pos_credit'>;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Whether a business earns cashback; no row: not activated (0015). */
export interface BusinessCashbackTable {
  business_id: number;
  active: boolean;
  changed_by: number | null;
  changed_at: Timestamp;
}

// A type alias, not an interface: `withTables` wants a record type.
export type WalletSettingsTables = {
  wallet_tier_limits: WalletTierLimitsTable;
  wallet_settings: WalletSettingsTable;
  cashback_rules: CashbackRulesTable;
  business_cashback: BusinessCashbackTable;
};

/** The database with this domain's tables (0015) as well. */
export type SettingsDb = Kysely<Database & WalletSettingsTables>;

/**
 * This domain's tables are declared here, beside the domain that owns them, rather than in the
 * shared db/database.ts: its repositories read and write them through this view of the database.
 */
export const settingsDb = (db: Db): SettingsDb => db.withTables<WalletSettingsTables>() as unknown as SettingsDb;
