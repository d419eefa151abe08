import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TransferStatus } from '@traction/core';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type Id = ColumnType<bigint, never, never>;
type NullableId = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
type Moment = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface StoredRuleEvaluation {
  ruleId: number;
  ruleName: string;
  kind: string;
  matched: boolean;
  action: 'allow' | 'hold' | 'block';
  reason: string;
}

/** An outgoing bank transfer followed at its provider (0021). */
export interface BankTransfersTable {
  id: Id;
  reference: string;
  session_id: string;
  status: TransferStatus;
  origin: 'single' | 'payout' | 'bulk' | 'sweep' | 'retry';
  business_id: number | null;
  wallet_uid: string | null;
  source_account_code: string;
  amount: Kobo;
  fee: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  bank_code: string;
  account_number: string;
  account_name: string;
  narration: string;
  provider: 'providus' | 'vfd' | 'wema';
  failed_over_from: 'providus' | 'vfd' | 'wema' | null;
  response_code: string | null;
  response_message: string | null;
  ledger_transfer_id: NullableId;
  reversal_transfer_id: NullableId;
  reversal_waiting: string | null;
  rule_action: 'allow' | 'hold' | 'block' | null;
  rule_evaluations: JSONColumnType<StoredRuleEvaluation[], string | undefined, string>;
  batch_id: NullableId;
  batch_row: number | null;
  retry_of: NullableId;
  send_attempts: Generated<number>;
  requery_count: Generated<number>;
  next_requery_at: NullableMoment;
  stuck_at: NullableMoment;
  created_by: number | null;
  created_at: Moment;
  updated_at: Moment;
  finished_at: NullableMoment;
}

/** One step of a transfer's life (0021). */
export interface BankTransferEventsTable {
  id: Id;
  transfer_id: ColumnType<bigint, bigint | number, never>;
  status: TransferStatus;
  note: string;
  response_code: string | null;
  admin_id: number | null;
  at: Moment;
}

/** A bulk upload or a sweep: the id space of `bank_transfers.batch_id` (0021). */
export interface TransferBatchesTable {
  id: Id;
  kind: 'bulk' | 'sweep';
  created_at: Moment;
}
