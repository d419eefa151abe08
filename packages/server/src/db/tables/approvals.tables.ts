import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from '../column-types';

/** Whole kobo: read as bigint, written as bigint or a safe integer. */
type Kobo = ColumnType<bigint, bigint | number, bigint | number>;

/** An action that waits for a second admin (0014). */
export interface ApprovalPoliciesTable {
  command_id: string;
  label: string;
  expiry_hours: number;
  /** At or below this many kobo the action runs without a request (0025); null: every request waits. */
  approval_above_kobo: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** One amount band of a policy: who may decide requests up to `up_to_kobo` (0014). */
export interface ApprovalPolicyBandsTable {
  command_id: string;
  position: number;
  up_to_kobo: ColumnType<bigint | null, bigint | number | null, bigint | number | null>;
  permission: string;
  department_id: number | null;
}

export type StoredApprovalStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'EXPIRED';

/** A request for a second admin's decision (0014). */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  command_id: string;
  /** Null when the action pays from a company account (a bulk upload from fee income, 0022). */
  business_id: number | null;
  amount: Kobo;
  reason: string;
  input: JSONColumnType<Record<string, unknown>, string, string>;
  evidence_upload_id: number | null;
  requested_by: number;
  requested_at: Timestamp;
  expires_at: Timestamp;
  status: ColumnType<StoredApprovalStatus, StoredApprovalStatus | undefined, StoredApprovalStatus>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  transfer_reference: string | null;
}
