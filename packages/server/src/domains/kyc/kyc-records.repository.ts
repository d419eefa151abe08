import { maskIdNumber, OPEN_KYC_STATUSES, type KycListRow, type KycRecord } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';
import { adminOf, isoOrNull } from './kyc-rows';

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

/**
 * The KYC list's rows: the records with their submission time as PostgreSQL writes it, exact to
 * the microsecond, for a queue sorted by submission to resume after a row (a Date keeps milliseconds).
 */
export function kycListQuery(db: Db) {
  return kycRecordQuery(db).select(sql<string>`k.submitted_at::text`.as('submitted_order'));
}

export function toKycRecord(row: RowOf<typeof kycRecordQuery>): KycRecord {
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    verificationType: row.verification_type,
    documentType: row.document_type,
    idNumber: row.id_number,
    detail: row.detail,
    status: row.status,
    comment: row.comment,
    reviewedBy: adminOf(row.r_id, row.r_first_name, row.r_last_name, row.r_email),
    reviewedAt: isoOrNull(row.reviewed_at),
    submittedAt: isoTimestamp(row.submitted_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** A list row: the ID number shows its last 4 characters only. */
export function toKycListRow(row: RowOf<typeof kycRecordQuery>): KycListRow {
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

/** The records of these businesses and verification types, newest first. */
export async function kycRecordsOfBusinesses(db: Db, businessIds: readonly number[], types: readonly KycRecord['verificationType'][]) {
  return db
    .selectFrom('kyc_records')
    .select(['id', 'business_id', 'verification_type', 'status', 'document_type', 'submitted_at'])
    .where('business_id', 'in', businessIds)
    .where('verification_type', 'in', types)
    .orderBy('id', 'desc')
    .execute();
}

/** The business's open record of a verification type, if it has one. */
export async function openKycRecord(db: Db, businessId: number, verificationType: KycRecord['verificationType']) {
  return db
    .selectFrom('kyc_records')
    .select(['id', 'status'])
    .where('business_id', '=', businessId)
    .where('verification_type', '=', verificationType)
    .where('status', 'in', OPEN_KYC_STATUSES)
    .executeTakeFirst();
}

/** `toKycListRow` as SQL over `kycRecordQuery`'s tables, for exports PostgreSQL writes itself. */
export const kycListCsv: CsvColumns<KycListRow> = {
  id: 'k.id',
  businessId: 'k.business_id',
  businessName: 'b.name',
  verificationType: 'k.verification_type',
  documentType: 'k.document_type',
  idNumber: sql`case when length(k.id_number) <= 4 then '••••' else '••••' || right(k.id_number, 4) end`,
  detail: 'k.detail',
  status: 'k.status',
  submittedAt: 'k.submitted_at',
  reviewedBy: sql`case when r.id is not null then coalesce(${adminNameSql('r')}, nullif(r.email, '')) end`,
  reviewedAt: 'k.reviewed_at',
};
