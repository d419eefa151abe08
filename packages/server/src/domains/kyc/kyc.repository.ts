import {
  isFinalKycStatus,
  KYC_TRANSITIONS,
  maskIdNumber,
  normaliseIdNumber,
  type KycBlacklistEntry,
  type KycBusiness,
  type KycEvent,
  type KycListRow,
  type KycRecord,
  type KycReviewStatus,
  type KycStatus,
  type UploadInfo,
} from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import { isoTimestamp } from '../../db/timestamps';

const isoOrNull = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : isoTimestamp(value));

/** `{id, name, email}` of an admin joined under `prefix` (`r_id`, `r_first_name`…), or null. */
function adminOf(row: Record<string, unknown>, prefix: string) {
  const id = row[`${prefix}_id`] as number | null;
  if (id === null || id === undefined) return null;
  const name = `${String(row[`${prefix}_first_name`] ?? '')} ${String(row[`${prefix}_last_name`] ?? '')}`.trim();
  return { id, name, email: String(row[`${prefix}_email`] ?? '') };
}

/** `lower(b.name) like 'text%'`: served by the businesses_name_prefix index of 0004. */
export const businessNameStartsWith = (text: string) => sql<boolean>`lower(b.name) like ${lowerPrefixPattern(text)}`;

// ---- records

/**
 * KYC records (`k`) with their business's name (`b`) and reviewer (`r`). Left joins on unique
 * keys, so a count that does not use them lets PostgreSQL drop them and count the index alone.
 */
export function kycRecordQuery(db: Db) {
  return db
    .selectFrom('kyc_records as k')
    .leftJoin('businesses as b', 'b.id', 'k.business_id')
    .leftJoin('admins as r', 'r.id', 'k.reviewed_by')
    .select([
      'k.id',
      'k.business_id',
      'b.name as business_name',
      'k.verification_type',
      'k.document_type',
      'k.id_number',
      'k.detail',
      'k.status',
      'k.comment',
      'k.submitted_at',
      'k.reviewed_at',
      'k.updated_at',
      'r.id as r_id',
      'r.first_name as r_first_name',
      'r.last_name as r_last_name',
      'r.email as r_email',
    ]);
}

export function toKycRecord(row: Record<string, unknown>): KycRecord {
  return {
    id: row.id as number,
    businessId: row.business_id as number,
    businessName: (row.business_name as string | null) ?? '',
    verificationType: row.verification_type as KycRecord['verificationType'],
    documentType: row.document_type as string | null,
    idNumber: row.id_number as string | null,
    detail: row.detail as string | null,
    status: row.status as KycStatus,
    comment: row.comment as string | null,
    reviewedBy: adminOf(row, 'r'),
    reviewedAt: isoOrNull(row.reviewed_at as Date | null),
    submittedAt: isoTimestamp(row.submitted_at as Date),
    updatedAt: isoTimestamp(row.updated_at as Date),
  };
}

/** A list row: the ID number shows its last 4 characters only. */
export function toKycListRow(row: Record<string, unknown>): KycListRow {
  const record = toKycRecord(row);
  return {
    id: record.id,
    businessId: record.businessId,
    businessName: record.businessName,
    verificationType: record.verificationType,
    documentType: record.documentType,
    idNumber: maskIdNumber(record.idNumber),
    detail: record.detail,
    status: record.status,
    submittedAt: record.submittedAt,
    reviewedBy: record.reviewedBy?.name || record.reviewedBy?.email || null,
    reviewedAt: record.reviewedAt,
  };
}

export async function findKycRecord(db: Db, id: number): Promise<KycRecord | undefined> {
  const row = await kycRecordQuery(db).where('k.id', '=', id).executeTakeFirst();
  return row ? toKycRecord(row) : undefined;
}

/** Locks a record for the rest of the transaction, so two reviewers cannot both decide it. */
export async function lockKycRecord(db: Db, id: number) {
  return db.selectFrom('kyc_records').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

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
    .select(['e.id', 'e.from_status', 'e.to_status', 'e.comment', 'e.at', 'a.id as a_id', 'a.first_name as a_first_name', 'a.last_name as a_last_name', 'a.email as a_email'])
    .where('e.kyc_id', '=', kycId)
    .orderBy('e.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    fromStatus: row.from_status as KycStatus | null,
    toStatus: row.to_status as KycStatus,
    comment: row.comment,
    admin: adminOf(row as Record<string, unknown>, 'a'),
    at: isoTimestamp(row.at),
  }));
}

// ---- uploads

export function uploadQuery(db: Db) {
  return db
    .selectFrom('uploads as u')
    .leftJoin('admins as ub', 'ub.id', 'u.uploaded_by')
    .select([
      'u.id',
      'u.original_name',
      'u.content_type',
      'u.size_bytes',
      'u.sha256',
      'u.storage_key',
      'u.business_id',
      'u.created_at',
      'ub.id as ub_id',
      'ub.first_name as ub_first_name',
      'ub.last_name as ub_last_name',
      'ub.email as ub_email',
    ]);
}

export function toUploadInfo(row: Record<string, unknown>): UploadInfo {
  return {
    id: row.id as number,
    originalName: row.original_name as string,
    contentType: row.content_type as string,
    sizeBytes: row.size_bytes as number,
    sha256: row.sha256 as string,
    businessId: row.business_id as number | null,
    uploadedBy: adminOf(row, 'ub'),
    createdAt: isoTimestamp(row.created_at as Date),
  };
}

export async function kycDocuments(db: Db, kycId: number) {
  const rows = await uploadQuery(db)
    .innerJoin('kyc_documents as d', 'd.upload_id', 'u.id')
    .select('d.label')
    .where('d.kyc_id', '=', kycId)
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((row) => ({ ...toUploadInfo(row as Record<string, unknown>), label: row.label }));
}

// ---- businesses

export async function findKycBusiness(db: Db, id: number, options: { lock?: boolean } = {}): Promise<(KycBusiness & { bvn: string | null }) | undefined> {
  let query = db
    .selectFrom('businesses as b')
    .leftJoin('admins as o', 'o.id', 'b.kyc_override_by')
    .select([
      'b.id',
      'b.name',
      'b.email',
      'b.phone',
      'b.rc_number',
      'b.bvn',
      'b.kyc_exempt',
      'b.bvn_exempt',
      'b.kyc_override_at',
      'b.is_fraud',
      'o.id as o_id',
      'o.first_name as o_first_name',
      'o.last_name as o_last_name',
      'o.email as o_email',
    ])
    .where('b.id', '=', id);
  if (options.lock) query = query.forUpdate(['b']);
  const row = await query.executeTakeFirst();
  return row ? { ...toKycBusiness(row as Record<string, unknown>), bvn: row.bvn } : undefined;
}

export function toKycBusiness(row: Record<string, unknown>): KycBusiness {
  return {
    id: row.id as number,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    rcNumber: row.rc_number as string | null,
    kycExempt: row.kyc_exempt as boolean,
    bvnExempt: row.bvn_exempt as boolean,
    kycOverrideBy: adminOf(row, 'o'),
    kycOverrideAt: isoOrNull(row.kyc_override_at as Date | null),
    isFraud: row.is_fraud as boolean,
  };
}

// ---- blacklist

export function blacklistQuery(db: Db) {
  return db
    .selectFrom('kyc_id_blacklist as l')
    .leftJoin('kyc_records as k', 'k.id', 'l.kyc_id')
    .leftJoin('businesses as b', 'b.id', 'k.business_id')
    .leftJoin('admins as c', 'c.id', 'l.created_by')
    .select(['l.id', 'l.id_type', 'l.id_number', 'l.note', 'l.kyc_id', 'l.created_at', 'k.business_id', 'b.name as business_name', 'c.email as created_by']);
}

export function toBlacklistEntry(row: Record<string, unknown>): KycBlacklistEntry {
  return {
    id: row.id as number,
    idType: row.id_type as string,
    idNumber: row.id_number as string,
    note: row.note as string,
    kycId: row.kyc_id as number | null,
    businessId: (row.business_id as number | null) ?? null,
    businessName: (row.business_name as string | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: isoTimestamp(row.created_at as Date),
  };
}

/** The blacklist entry for an ID, if it is blacklisted; `idNumber` is compared normalised. */
export async function findBlacklisted(db: Db, idType: string | null, idNumber: string | null): Promise<KycBlacklistEntry | null> {
  if (!idType || !idNumber) return null;
  // Blacklisted numbers are stored normalised (a constraint of 0005): the unique index serves this.
  const row = await blacklistQuery(db).where('l.id_type', '=', idType).where('l.id_number', '=', normaliseIdNumber(idNumber)).executeTakeFirst();
  return row ? toBlacklistEntry(row as Record<string, unknown>) : null;
}

/**
 * Every blacklisted ID a business has used: its BVN and the ID numbers of its KYC records,
 * compared normalised. Starts from the business's records (`kyc_records_business`) and looks each
 * up in the blacklist's unique index.
 */
export async function blacklistedIdsOfBusiness(db: Db, businessId: number, bvn: string | null): Promise<{ idType: string; idNumber: string }[]> {
  const fromRecords = db
    .selectFrom('kyc_records as k')
    .innerJoin('kyc_id_blacklist as l', (join) => join.onRef('l.id_type', '=', 'k.document_type').onRef('l.id_number', '=', 'k.id_number_norm'))
    .select(['l.id', 'l.id_type', 'l.id_number'])
    .where('k.business_id', '=', businessId);
  const query = bvn
    ? fromRecords.union(
        db.selectFrom('kyc_id_blacklist as l').select(['l.id', 'l.id_type', 'l.id_number']).where('l.id_type', '=', 'BVN').where('l.id_number', '=', normaliseIdNumber(bvn)),
      )
    : fromRecords;
  const rows = await db.selectFrom(query.as('found')).select(['found.id_type', 'found.id_number']).orderBy('found.id').execute();
  return rows.map((row) => ({ idType: row.id_type, idNumber: row.id_number }));
}

/**
 * The businesses that have used an ID — its holders by BVN, and those with a KYC record carrying
 * it (the `kyc_records_id_number_norm` and `businesses_bvn` indexes) — locked for the rest of
 * the transaction. `idNumber` must be normalised.
 */
export async function lockBusinessesUsingId(db: Db, idType: string, idNumber: string) {
  return db
    .selectFrom('businesses as b')
    .select(['b.id', 'b.name', 'b.kyc_exempt', 'b.bvn_exempt'])
    .where((eb) =>
      eb.or([
        ...(idType === 'BVN' ? [eb('b.bvn', '=', idNumber)] : []),
        eb(
          'b.id',
          'in',
          eb.selectFrom('kyc_records as k').select('k.business_id').where('k.document_type', '=', idType).where('k.id_number_norm', '=', idNumber),
        ),
      ]),
    )
    .orderBy('b.id')
    .forUpdate()
    .execute();
}
