import type { ColumnType, Generated } from 'kysely';
import type { TerminalRequestSource, TerminalRequestStatus } from '@traction/core';
import type { CreatedAt } from '../column-types';

type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A request for terminals from one channel (0032). */
export interface TerminalRequestsTable {
  id: Generated<number>;
  source: TerminalRequestSource;
  business_id: number;
  contact_name: string;
  contact_phone: string;
  delivery_address: string;
  state_code: string;
  quantity: number;
  provider: string | null;
  model: string | null;
  plan: 'OUTRIGHT' | 'RENTAL';
  is_loan: Generated<boolean>;
  amount: Kobo;
  status: Generated<TerminalRequestStatus>;
  follow_up: Generated<boolean>;
  follow_up_note: string | null;
  note: string | null;
  requested_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deployed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The delivery state a dispatched request is at (0033). */
  delivery_state_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One status a request entered (0032). */
export interface TerminalRequestEventsTable {
  id: ColumnType<bigint, never, never>;
  request_id: number;
  from_status: TerminalRequestStatus | null;
  to_status: TerminalRequestStatus;
  note: string | null;
  admin_id: number | null;
  at: CreatedAt;
}

/** A terminal assigned to a request (0032). */
export interface TerminalRequestTerminalsTable {
  request_id: number;
  terminal_id: number;
}
