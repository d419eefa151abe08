import type { ColumnType, JSONColumnType } from 'kysely';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type Moment = ColumnType<Date, Date | string, Date | string>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Counter = ColumnType<number, number | undefined, number>;

export type StoredBulkUploadStatus = 'VALIDATED' | 'AWAITING_APPROVAL' | 'RUNNING' | 'DONE' | 'CANCELLED';
export type BulkRowState = 'INVALID' | 'EXCLUDED' | 'WAITING' | 'REFUSED' | 'STARTED';

/** A problem of a row, as stored. */
export interface StoredRowProblem {
  field: string;
  message: string;
}

/** A bulk transfer upload: a transfer batch's file, checks, approval and run (0022). */
export interface BulkTransferUploadsTable {
  id: ColumnType<bigint, bigint, never>;
  file_name: string;
  sha256: string;
  size_bytes: number;
  format: 'csv' | 'xlsx';
  business_id: number | null;
  wallet_uid: string | null;
  company_account: 'fee-income' | 'adjustments' | null;
  source_name: string;
  status: ColumnType<StoredBulkUploadStatus, StoredBulkUploadStatus | undefined, StoredBulkUploadStatus>;
  row_count: number;
  valid_rows: number;
  bad_rows: number;
  total: Kobo;
  fees: Kobo;
  excluded_rows: Counter;
  reason: string | null;
  approval_request_id: number | null;
  job_id: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  created_by: number;
  created_at: Moment;
  submitted_by: number | null;
  submitted_at: NullableMoment;
  cancelled_by: number | null;
  cancelled_at: NullableMoment;
  cancel_reason: string | null;
  finished_at: NullableMoment;
  updated_at: Moment;
  succeeded: Counter;
  failed: Counter;
  pending: Counter;
  amount_moved: ColumnType<bigint, bigint | number | undefined, bigint | number>;
}

/** One row of an upload's file (0022). */
export interface BulkTransferRowsTable {
  upload_id: ColumnType<bigint, bigint, never>;
  row_number: ColumnType<number, number, never>;
  state: BulkRowState;
  bank_input: string;
  bank_code: string;
  account_number: string;
  amount_input: string;
  amount: Kobo;
  narration: string;
  reference: string;
  expected_name: string;
  account_name: string;
  problems: JSONColumnType<StoredRowProblem[], string, string>;
  refusal: string | null;
  updated_at: Moment;
}
