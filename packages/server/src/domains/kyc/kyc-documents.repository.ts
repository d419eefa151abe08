import { KYC_SUBMITTED_STATUS } from '@traction/core';
import type { Db } from '../../db/connect';
import { toUploadInfo, uploadQuery } from './uploads.repository';

export async function kycDocuments(db: Db, kycId: number) {
  const rows = await uploadQuery(db)
    .innerJoin('kyc_documents as d', 'd.upload_id', 'u.id')
    .select('d.label')
    .where('d.kyc_id', '=', kycId)
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((row) => ({ ...toUploadInfo(row), label: row.label }));
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
      status: KYC_SUBMITTED_STATUS,
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
      to_status: KYC_SUBMITTED_STATUS,
      comment: `Submitted with ${uploadIds.length} document${uploadIds.length > 1 ? 's' : ''}`,
      admin_id: args.adminId,
      at,
    })
    .execute();
  return kycId;
}
