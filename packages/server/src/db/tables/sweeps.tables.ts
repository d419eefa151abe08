import type { ColumnType, JSONColumnType } from 'kysely';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type NullableKobo = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableRef = ColumnType<number | null, number | null | undefined, number | null>;

export type StoredSweepStatus = 'DRAFT' | 'AWAITING_APPROVAL' | 'RUNNING' | 'CANCELLED';
export type SweepRowState = 'SKIPPED' | 'WAITING' | 'REFUSED' | 'STARTED';

/** How the sources were asked for: business ids, or the sources list's filters less some. */
export type StoredSweepSelection = { ids: number[] } | { matching: Record<string, unknown>; except: number[] };

/** A bulk sweep: a transfer batch's destination, preview, approval and run (0023). */
export interface SweepsTable {
  id: ColumnType<bigint, bigint, never>;
  status: ColumnType<StoredSweepStatus, StoredSweepStatus | undefined, StoredSweepStatus>;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  narration: string;
  leave_behind: Kobo;
  fee: Kobo;
  selection_text: string;
  selection: JSONColumnType<StoredSweepSelection, string, string>;
  source_count: number;
  skipped_count: number;
  ignored_count: ColumnType<number, number | undefined, number>;
  total: Kobo;
  fees: Kobo;
  reason: string | null;
  approval_request_id: NullableRef;
  job_id: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  created_by: number;
  created_at: Moment;
  submitted_by: NullableRef;
  submitted_at: NullableMoment;
  approved_by: NullableRef;
  approved_at: NullableMoment;
  cancelled_by: NullableRef;
  cancelled_at: NullableMoment;
  updated_at: Moment;
}

/** One source of a sweep: what the preview found and what the run did (0023). */
export interface SweepRowsTable {
  sweep_id: ColumnType<bigint, bigint | number, never>;
  row_number: ColumnType<number, number, never>;
  business_id: number;
  wallet_uid: string | null;
  fixed_account_bank: 'WEMA' | 'PROVIDUS' | 'VFD' | null;
  fixed_account_number: string | null;
  fixed_account_name: string | null;
  balance: Kobo;
  amount: Kobo;
  state: SweepRowState;
  skip_rule: string | null;
  skip_reason: string | null;
  balance_at_run: NullableKobo;
  swept: NullableKobo;
  refusal: string | null;
  transfer_id: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  updated_at: NullableMoment;
}
