import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../column-types';

type ProviderName = 'providus' | 'vfd' | 'wema';
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The provider of all banks ('*') or of one bank by its CBN code (0018). */
export interface TransferRoutesTable {
  bank_code: string;
  provider: ProviderName;
  reason: string | null;
  changed_by: number | null;
  changed_at: NullableMoment;
}

/** Whether an admin marked a provider down (0018). */
export interface TransferProviderStatesTable {
  provider: ProviderName;
  down: ColumnType<boolean, boolean | undefined, boolean>;
  reason: string | null;
  changed_by: number | null;
  changed_at: NullableMoment;
}

/** The switch of card transactions, one row (0018). */
export interface SwitchingMiddlewareTable {
  id: Generated<boolean>;
  middleware: 'NIBSS_PTSP' | 'INTERSWITCH' | 'UPSL';
  reason: string | null;
  changed_by: number | null;
  changed_at: NullableMoment;
}

/** One change of a route, a provider's state or the middleware (0018). */
export interface TransferRoutingChangesTable {
  id: ColumnType<bigint, never, never>;
  area: 'providers' | 'middleware';
  subject: string;
  from_value: string | null;
  to_value: string;
  reason: string;
  changed_by: number | null;
  changed_at: Timestamp;
}

/** What a sandbox provider received (0018): the provider's records, not ours. */
export interface SandboxTransferSessionsTable {
  provider: ProviderName;
  session_id: string;
  reference: string;
  amount: ColumnType<bigint, bigint | number, bigint | number>;
  bank_code: string;
  account_number: string;
  account_name: string;
  outcome: 'success' | 'failed' | 'pending';
  final_outcome: 'success' | 'failed';
  final_code: string;
  final_message: string;
  final_at: Timestamp;
  received_at: Timestamp;
  sends: ColumnType<number, number | undefined, number>;
}

/** A sandbox provider switched off for an outage rehearsal (0018). */
export interface SandboxTransferOutagesTable {
  provider: ProviderName;
  since: Timestamp;
}
