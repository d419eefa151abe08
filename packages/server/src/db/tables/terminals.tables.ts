import type { ColumnType, Generated } from 'kysely';
import type { TerminalState } from '@traction/core';
import type { CreatedAt } from '../column-types';

type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A POS terminal (0027). */
export interface TerminalsTable {
  id: Generated<number>;
  serial_no: string;
  terminal_id: string;
  provider: string;
  model: string;
  bank_code: string;
  state: Generated<TerminalState>;
  business_id: number | null;
  store_id: number | null;
  location: string | null;
  /** The registered place it is at (0031). */
  location_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type TerminalEventType = 'mapping' | 'state' | 'location' | 'price' | 'details';

/** One thing that happened to a terminal (0027). */
export interface TerminalEventsTable {
  id: ColumnType<bigint, never, never>;
  terminal_id: number;
  type: TerminalEventType;
  summary: string;
  from_state: TerminalState | null;
  to_state: TerminalState | null;
  business_id: number | null;
  note: string | null;
  admin_id: number | null;
  at: CreatedAt;
}

type Kobo = ColumnType<bigint, bigint | number, bigint | number>;

/** A terminal model's price on a plan (0028). */
export interface TerminalPricesTable {
  id: Generated<number>;
  provider: string;
  model: string;
  plan: 'OUTRIGHT' | 'RENTAL';
  amount: Kobo;
  changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  changed_by: number | null;
}

/** One price a model and plan has had (0028). */
export interface TerminalPriceChangesTable {
  id: ColumnType<bigint, never, never>;
  price_id: number;
  amount: Kobo;
  previous_amount: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  reason: string | null;
  admin_id: number | null;
  at: CreatedAt;
}
