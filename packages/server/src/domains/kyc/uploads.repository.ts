import type { UploadInfo } from '@traction/core';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import { adminOf } from './kyc-rows';

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
