import type { Generated } from 'kysely';
import type { StaffCodeStatus } from '@traction/core';
import type { CreatedAt, Timestamp } from '../column-types';

/** A staff referral code and the staff member it belongs to (0038). */
export interface StaffCodesTable {
  id: Generated<number>;
  /** Upper-case, 6 to 10 letters and digits; unique. */
  code: string;
  name: string;
  /** Lower-cased; one active code per email. */
  email: string;
  /** `+234XXXXXXXXXX`. */
  phone: string;
  role: string;
  status: Generated<StaffCodeStatus>;
  /** The file store's key of the photo; null: no photo. */
  photo_key: string | null;
  photo_type: 'image/jpeg' | 'image/png' | null;
  photo_size: number | null;
  photo_sha256: string | null;
  status_reason: string | null;
  status_changed_at: Timestamp | null;
  status_changed_by: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The staff code a merchant signed up with (0038): at most one per business. */
export interface BusinessReferralsTable {
  business_id: number;
  staff_code_id: number;
  referred_at: CreatedAt;
}
