import type { ColumnType, Generated } from 'kysely';
import type { DeductionSettingStatus, LoanFrequency, LoanPurpose, LoanStatus } from '@traction/core';
import type { Timestamp } from '../column-types';

/** Kobo: read as bigint, written as either. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;
type KoboDefault = ColumnType<bigint, bigint | number | undefined, bigint | number>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type MaybeId = ColumnType<number | null, number | null | undefined, number | null>;
type MaybeBigId = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
/** A calendar day: read as YYYY-MM-DD text (the pg type parser), written as text. */
type Day = ColumnType<string, string, string>;

/** A loan to a merchant (0035). */
export interface LoansTable {
  id: Generated<number>;
  business_id: number;
  purpose: LoanPurpose;
  principal: Kobo;
  interest_bps: number;
  interest: Kobo;
  fee: Kobo;
  total_repayable: Kobo;
  frequency: LoanFrequency;
  instalments: number;
  status: LoanStatus;
  repaid: KoboDefault;
  written_off: KoboDefault;
  reason: string;
  terminal_request_id: MaybeId;
  approval_request_id: MaybeId;
  requested_by: MaybeId;
  approved_by: MaybeId;
  disbursed_by: MaybeId;
  disbursement_transfer_id: MaybeBigId;
  write_off_transfer_id: MaybeBigId;
  disbursed_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  approved_at: MaybeTimestamp;
  disbursed_at: MaybeTimestamp;
  closed_at: MaybeTimestamp;
}

/** One instalment of a disbursed loan's schedule (0035). */
export interface LoanInstalmentsTable {
  loan_id: number;
  number: number;
  due_date: Day;
  amount: Kobo;
  paid: KoboDefault;
  paid_at: MaybeTimestamp;
}

/** One repayment: a ledger transfer from the merchant's wallet towards one instalment (0035). */
export interface LoanRepaymentsTable {
  id: ColumnType<bigint, never, never>;
  loan_id: number;
  instalment: number;
  amount: Kobo;
  transfer_id: ColumnType<bigint, bigint | number, never>;
  run_id: MaybeId;
  created_at: Timestamp;
}

/** One state a loan entered (0035). */
export interface LoanEventsTable {
  id: Generated<number>;
  loan_id: number;
  from_status: LoanStatus | null;
  to_status: LoanStatus;
  note: string | null;
  admin_id: number | null;
  at: Timestamp;
}

/** How a loan is collected by automatic deduction (0035). */
export interface DeductionSettingsTable {
  id: Generated<number>;
  loan_id: number;
  status: DeductionSettingStatus;
  cap_per_run: MaybeBigId;
  allow_partial: Generated<boolean>;
  source: 'DISBURSEMENT' | 'UPLOAD';
  created_by: MaybeId;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_run_at: MaybeTimestamp;
}

/** A deduction run (0035). */
export interface DeductionRunsTable {
  id: Generated<number>;
  scope: 'INIT' | 'BULK';
  as_of: Day;
  setting_ids: number[] | null;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  job_id: MaybeId;
  created_by: MaybeId;
  created_at: Timestamp;
  finished_at: MaybeTimestamp;
  failure: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What a run did with one due instalment (0035). */
export interface DeductionRunItemsTable {
  id: ColumnType<bigint, never, never>;
  run_id: number;
  loan_id: number;
  instalment: number;
  due_date: Day;
  due: Kobo;
  taken: Kobo;
  state: 'TAKEN' | 'PARTLY_TAKEN' | 'NOT_TAKEN';
  reason: string | null;
  repayment_id: MaybeBigId;
  at: Timestamp;
}
