import { isFinalKycStatus, KYC_TRANSITIONS, type KycEvent, type KycReviewStatus, type KycStatus } from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp } from '../../db/timestamps';
import { adminOf } from './kyc-rows';

/** Where a record may go next; never to APPROVED while its ID is blacklisted. */
export function allowedNext(status: KycStatus, blacklisted: boolean): KycReviewStatus[] {
  return KYC_TRANSITIONS[status].filter((next) => !(blacklisted && next === 'APPROVED'));
}

export interface StatusChange {
  kycId: number;
  from: KycStatus | null;
  to: KycStatus;
  comment: string | null;
  adminId: number | null;
  at: Date;
}

/** Moves a record (already checked against the state machine) and writes its history row. */
export async function applyStatusChange(db: Db, change: StatusChange): Promise<void> {
  const decided = isFinalKycStatus(change.to);
  await db
    .updateTable('kyc_records')
    .set({
      status: change.to,
      comment: change.comment,
      updated_at: change.at,
      // Who decided; taking a record into PROCESSING is not a decision (the history says who did).
      ...(decided ? { reviewed_by: change.adminId, reviewed_at: change.at } : {}),
    })
    .where('id', '=', change.kycId)
    .execute();
  await db
    .insertInto('kyc_events')
    .values({ kyc_id: change.kycId, from_status: change.from, to_status: change.to, comment: change.comment, admin_id: change.adminId, at: change.at })
    .execute();
}

export async function kycHistory(db: Db, kycId: number): Promise<KycEvent[]> {
  const rows = await db
    .selectFrom('kyc_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select([
      'e.id',
      'e.from_status',
      'e.to_status',
      'e.comment',
      'e.at',
      'a.id as a_id',
      'a.first_name as a_first_name',
      'a.last_name as a_last_name',
      'a.email as a_email',
    ])
    .where('e.kyc_id', '=', kycId)
    .orderBy('e.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    fromStatus: row.from_status,
    toStatus: row.to_status,
    comment: row.comment,
    admin: adminOf(row.a_id, row.a_first_name, row.a_last_name, row.a_email),
    at: isoTimestamp(row.at),
  }));
}
