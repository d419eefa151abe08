import type { ColumnType, Generated } from 'kysely';
import type { CumulationStatus, PaymentChannel, PaymentStatus, SettlementAction } from '@traction/core';
import type { CreatedAt } from '../column-types';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type NullableKobo = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type GeneratedId = ColumnType<bigint, never, never>;

/** A pricing band (0024): its charges per channel are rows of pricing_band_charges. */
export interface PricingBandsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  is_default: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_by: number | null;
  updated_at: UpdatedAt;
}

export interface PricingBandChargesTable {
  band_id: number;
  channel: PaymentChannel;
  percent_bps: number;
  flat_kobo: Kobo;
  cap_kobo: NullableKobo;
}

/** One day's payments of one kind (0024). */
export interface SettlementGroupsTable {
  id: GeneratedId;
  /** `YYYY-MM-DD`: read as text (pg's date parser would shift it to local midnight). */
  settlement_date: ColumnType<string, string, never>;
  aggregator: boolean;
  closes_at: Moment;
  created_at: CreatedAt;
}

/** One merchant's successful payments in a group, settled at most once (0024). */
export interface SettlementCumulationsTable {
  id: GeneratedId;
  group_id: bigint | number;
  business_id: number;
  payment_count: Generated<number>;
  amount: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  charges: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  status: ColumnType<CumulationStatus, CumulationStatus | undefined, CumulationStatus>;
  settled_action: SettlementAction | null;
  settled_reference: string | null;
  settled_note: string | null;
  ledger_transfer_id: bigint | null;
  approval_request_id: number | null;
  settled_by: number | null;
  settled_at: NullableMoment;
  updated_at: UpdatedAt;
}

/** A payment a merchant took (0024): never changed once logged. */
export interface PaymentLogsTable {
  id: GeneratedId;
  business_id: number;
  terminal_id: string | null;
  channel: PaymentChannel;
  card_scheme: string | null;
  masked_pan: string | null;
  payer_name: string | null;
  amount: Kobo;
  charge: Kobo;
  pricing_band_id: number;
  route: string;
  bank_code: string;
  response_code: string;
  status: PaymentStatus;
  rrn: string;
  stan: string;
  reference: string;
  cumulation_id: bigint | number | null;
  created_at: Moment;
}

/** Payments folded per hour and route (0026). */
export interface PaymentStatsRouteHourlyTable {
  hour: Date;
  route: string;
  payments: number;
  successful: number;
  system_failures: number;
  amount: Kobo;
  successful_amount: Kobo;
}

/** Payments folded per Lagos day, route, bank and response code (0026). */
export interface PaymentStatsDailyTable {
  day: ColumnType<string, string, string>;
  route: string;
  bank_code: string;
  response_code: string;
  payments: number;
  amount: Kobo;
}

export interface PaymentStatsWatermarkTable {
  only_row: Generated<boolean>;
  last_payment_id: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  refreshed_at: NullableMoment;
}
