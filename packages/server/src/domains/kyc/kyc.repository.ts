import {
  isFinalKycStatus,
  OPEN_KYC_STATUSES,
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
import { containsPattern, lowerPrefixPattern, prefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

const isoOrNull = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : isoTimestamp(value));

/** `{id, name, email}` of a left-joined admin (`r.id as r_id`, `r.first_name as r_first_name`…), or null when none. */
function adminOf(id: number | null, firstName: string | null, lastName: string | null, email: string | null) {
  if (id === null) return null;
  return { id, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email: email ?? '' };
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

export function toUploadInfo(row: RowOf<typeof uploadQuery>): UploadInfo {
  return {
    id: row.id,
    originalName: row.original_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    businessId: row.business_id,
    uploadedBy: adminOf(row.ub_id, row.ub_first_name, row.ub_last_name, row.ub_email),
    createdAt: isoTimestamp(row.created_at),
  };
}

export async function findUpload(db: Db, id: number): Promise<UploadInfo | undefined> {
  const row = await uploadQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toUploadInfo(row) : undefined;
}

/** Where an upload's bytes are kept, and what they were when accepted. */
export async function findStoredUpload(db: Db, id: number) {
  return db.selectFrom('uploads').select(['id', 'original_name', 'content_type', 'storage_key']).where('id', '=', id).executeTakeFirst();
}

export async function insertUpload(
  db: Db,
  upload: {
    originalName: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    storageKey: string;
    businessId: number | null;
    uploadedBy: number;
    at: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('uploads')
    .values({
      original_name: upload.originalName,
      content_type: upload.contentType,
      size_bytes: upload.sizeBytes,
      sha256: upload.sha256,
      storage_key: upload.storageKey,
      business_id: upload.businessId,
      uploaded_by: upload.uploadedBy,
      created_at: upload.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The uploads, locked for the rest of the transaction (a record is about to claim them). */
export async function lockUploads(db: Db, ids: readonly number[]) {
  return db.selectFrom('uploads').select(['id', 'original_name', 'business_id']).where('id', 'in', ids).forUpdate().execute();
}

export async function kycDocuments(db: Db, kycId: number) {
  const rows = await uploadQuery(db)
    .innerJoin('kyc_documents as d', 'd.upload_id', 'u.id')
    .select('d.label')
    .where('d.kyc_id', '=', kycId)
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((row) => ({ ...toUploadInfo(row), label: row.label }));
}

// ---- businesses

/** Businesses (`b`) with the admin who last set their KYC override (`o`). */
export function kycBusinessQuery(db: Db) {
  return db
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
    ]);
}

export async function findKycBusiness(db: Db, id: number, options: { lock?: boolean } = {}): Promise<(KycBusiness & { bvn: string | null }) | undefined> {
  let query = kycBusinessQuery(db).where('b.id', '=', id);
  if (options.lock) query = query.forUpdate(['b']);
  const row = await query.executeTakeFirst();
  return row ? { ...toKycBusiness(row), bvn: row.bvn } : undefined;
}

export function toKycBusiness(row: RowOf<typeof kycBusinessQuery>): KycBusiness {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    rcNumber: row.rc_number,
    kycExempt: row.kyc_exempt,
    bvnExempt: row.bvn_exempt,
    kycOverrideBy: adminOf(row.o_id, row.o_first_name, row.o_last_name, row.o_email),
    kycOverrideAt: isoOrNull(row.kyc_override_at),
    isFraud: row.is_fraud,
  };
}

/** Up to `limit` businesses whose name starts with the text: the exact name first, then the rest by name. */
export async function kycBusinessesByName(db: Db, name: string, limit: number) {
  return kycBusinessQuery(db)
    .where(businessNameStartsWith(name))
    .orderBy(sql`lower(b.name) = lower(${name})`, 'desc')
    .orderBy(sql`lower(b.name)`)
    .orderBy('b.id')
    .limit(limit)
    .execute();
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

/** The business's BVN, if it has one. */
export async function businessBvn(db: Db, businessId: number): Promise<string | null> {
  const row = await db.selectFrom('businesses').select('bvn').where('id', '=', businessId).executeTakeFirst();
  return row?.bvn ?? null;
}

/** Sets or clears the business's KYC exemption (all of KYC or the BVN check only), naming who did it. */
export async function setKycExemption(
  db: Db,
  businessId: number,
  change: { exempt: { kyc?: boolean; bvn?: boolean }; adminId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('businesses')
    .set({
      ...(change.exempt.kyc === undefined ? {} : { kyc_exempt: change.exempt.kyc }),
      ...(change.exempt.bvn === undefined ? {} : { bvn_exempt: change.exempt.bvn }),
      kyc_override_by: change.adminId,
      kyc_override_at: change.at,
      updated_at: change.at,
    })
    .where('id', '=', businessId)
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

/**
 * A corporate verification submitted with its documents: the record, its documents (labelled
 * with the uploads' names), the uploads claimed for the business, its RC number and the first
 * history row. Returns the record's id.
 */
export async function submitCorporateVerification(
  db: Db,
  args: {
    businessId: number;
    businessName: string;
    rcNumber: string;
    uploads: readonly { id: number; original_name: string }[];
    uploadIds: readonly number[];
    adminId: number;
    at: Date;
  },
): Promise<number> {
  const { at, uploadIds } = args;
  const { id: kycId } = await db
    .insertInto('kyc_records')
    .values({
      business_id: args.businessId,
      verification_type: 'CORPORATE',
      document_type: 'CAC',
      id_number: args.rcNumber,
      detail: args.businessName,
      status: 'PENDING',
      submitted_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const byId = new Map(args.uploads.map((upload) => [upload.id, upload]));
  await db
    .insertInto('kyc_documents')
    .values(
      uploadIds.map((uploadId, index) => ({ kyc_id: kycId, upload_id: uploadId, label: byId.get(uploadId)?.original_name ?? `CAC document ${index + 1}` })),
    )
    .execute();
  await db.updateTable('uploads').set({ business_id: args.businessId }).where('id', 'in', uploadIds).where('business_id', 'is', null).execute();
  await db.updateTable('businesses').set({ rc_number: args.rcNumber, updated_at: at }).where('id', '=', args.businessId).execute();
  await db
    .insertInto('kyc_events')
    .values({
      kyc_id: kycId,
      from_status: null,
      to_status: 'PENDING',
      comment: `Submitted with ${uploadIds.length} document${uploadIds.length > 1 ? 's' : ''}`,
      admin_id: args.adminId,
      at,
    })
    .execute();
  return kycId;
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

/** An ID number starting with the text (normalised), or a note containing it; for `blacklistQuery`. */
export function blacklistSearch(text: string) {
  return sql<boolean>`(l.id_number like ${prefixPattern(normaliseIdNumber(text))} or l.note ilike ${containsPattern(text)})`;
}

export function toBlacklistEntry(row: RowOf<typeof blacklistQuery>): KycBlacklistEntry {
  return {
    id: row.id,
    idType: row.id_type,
    idNumber: row.id_number,
    note: row.note,
    kycId: row.kyc_id,
    businessId: row.business_id ?? null,
    businessName: row.business_name ?? null,
    createdBy: row.created_by ?? null,
    createdAt: isoTimestamp(row.created_at),
  };
}

/** The blacklist entry for an ID, if it is blacklisted; `idNumber` is compared normalised. */
export async function findBlacklisted(db: Db, idType: string | null, idNumber: string | null): Promise<KycBlacklistEntry | null> {
  if (!idType || !idNumber) return null;
  // Blacklisted numbers are stored normalised (a constraint of 0005): the unique index serves this.
  const row = await blacklistQuery(db).where('l.id_type', '=', idType).where('l.id_number', '=', normaliseIdNumber(idNumber)).executeTakeFirst();
  return row ? toBlacklistEntry(row) : null;
}

/** Blacklists an ID (normalised) from a record; null when it is blacklisted already (another admin was first). */
export async function insertBlacklistEntry(
  db: Db,
  entry: { idType: string; idNumber: string; note: string; kycId: number; adminId: number; at: Date },
): Promise<KycBlacklistEntry | null> {
  const inserted = await db
    .insertInto('kyc_id_blacklist')
    .values({ id_type: entry.idType, id_number: entry.idNumber, note: entry.note, kyc_id: entry.kycId, created_by: entry.adminId, created_at: entry.at })
    .onConflict((oc) => oc.columns(['id_type', 'id_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  return toBlacklistEntry(await blacklistQuery(db).where('l.id', '=', inserted.id).executeTakeFirstOrThrow());
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
        db
          .selectFrom('kyc_id_blacklist as l')
          .select(['l.id', 'l.id_type', 'l.id_number'])
          .where('l.id_type', '=', 'BVN')
          .where('l.id_number', '=', normaliseIdNumber(bvn)),
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
