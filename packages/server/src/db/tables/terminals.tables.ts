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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type TerminalEventType = 'mapping' | 'state' | 'location' | 'price';

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
