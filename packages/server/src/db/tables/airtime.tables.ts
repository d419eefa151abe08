import type { ColumnType, Generated } from 'kysely';
import type { AirtimeNetwork, AirtimeProduct, AirtimeRateChange, AirtimeRateSnapshot } from '@traction/core';
import type { Timestamp } from '../column-types';

type Kobo = ColumnType<bigint, bigint | number, bigint | number>;

/** The rate of one network's airtime or data bundles (0038); unique per network and product. */
export interface AirtimeRatesTable {
  id: Generated<number>;
  network: AirtimeNetwork;
  product: AirtimeProduct;
  company_discount_bps: number;
  merchant_commission_bps: number;
  min_amount: Kobo;
  max_amount: Kobo;
  active: boolean;
  created_by: number | null;
  created_at: Timestamp;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** One change of a rate (0038): whole snapshots before and after. */
export interface AirtimeRateChangesTable {
  id: Generated<number>;
  rate_id: number;
  change: AirtimeRateChange;
  before: ColumnType<AirtimeRateSnapshot | null, string | null, never>;
  after: ColumnType<AirtimeRateSnapshot, string, never>;
  summary: string;
  reason: string | null;
  changed_by: number | null;
  changed_at: Timestamp;
}
