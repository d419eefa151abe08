import {
  badRequest,
  blacklistKycId,
  conflict,
  idNumberProblem,
  isFinalKycStatus,
  listKycBlacklist,
  maskIdNumber,
  normaliseIdNumber,
  notFound,
  OPEN_KYC_STATUSES,
  overrideKyc,
  verifyCorporate,
  type KycStatus,
} from '@traction/core';
import { sql } from 'kysely';
import { containsPattern, prefixPattern } from '../../db/like';
import { requireAdmin } from '../../http/handler-context';
import { implement, implementList } from '../../http/implement';
import { recordBusinessEvents } from '../merchants/index';
import {
  applyStatusChange,
  blacklistedIdsOfBusiness,
  blacklistQuery,
  findBlacklisted,
  findKycBusiness,
  findKycRecord,
  lockBusinessesUsingId,
  lockKycRecord,
  toBlacklistEntry,
} from './kyc.repository';

export const overrideKycHandler = implement(overrideKyc, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const business = await findKycBusiness(ctx.db, input.businessId, { lock: true });
  if (!business) throw notFound(`Business ${input.businessId} does not exist`);
  const bvnOnly = input.kycType === 'bvn';
  const what = bvnOnly ? 'the BVN check' : 'KYC';
  const current = bvnOnly ? business.bvnExempt : business.kycExempt;
  if (current === input.isexempt) {
    throw conflict(`${business.name} is ${input.isexempt ? 'already' : 'not'} exempt from ${what}`, { reason: 'unchanged' });
  }
  if (input.isexempt) {
    const blacklisted = await blacklistedIdsOfBusiness(ctx.db, business.id, business.bvn);
    if (blacklisted.length > 0) {
      // Masked: the answer and its audit row reach admins without kyc.view.
      const ids = blacklisted.map((entry) => `${entry.idType} ${maskIdNumber(entry.idNumber)}`).join(', ');
      throw conflict(`${business.name} cannot be exempted from ${what}: it has used blacklisted ID${blacklisted.length > 1 ? 's' : ''} ${ids}`, {
        reason: 'id_blacklisted',
      });
    }
  }
  await ctx.db
    .updateTable('businesses')
    .set({ ...(bvnOnly ? { bvn_exempt: input.isexempt } : { kyc_exempt: input.isexempt }), kyc_override_by: admin.id, kyc_override_at: ctx.now, updated_at: ctx.now })
    .where('id', '=', business.id)
    .execute();
  const message = `${input.isexempt ? 'Exempted from' : 'No longer exempt from'} ${what}`;
  await recordBusinessEvents(ctx.db, [
    { businessId: business.id, kind: 'kyc.override', message, adminId: admin.id, details: { kycType: input.kycType ?? 'all', isexempt: input.isexempt }, at: ctx.now },
  ]);
  const updated = await findKycBusiness(ctx.db, business.id);
  const { bvn: _bvn, ...summary } = updated!;
  return { business: summary, message: `${business.name}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` };
});

export const blacklistKycIdHandler = implement(blacklistKycId, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const record = await lockKycRecord(ctx.db, input.id);
  if (!record) throw notFound(`KYC record ${input.id} does not exist`);
  const idNumber = normaliseIdNumber(input.idNumber);
  const problem = idNumberProblem(input.idType, idNumber);
  if (problem) throw badRequest(`idNumber ${problem}`, [{ field: 'idNumber', message: problem }]);
  // Business events, error texts and the audit log reach admins without kyc.view: last 4 only.
  const shown = `${input.idType} ${maskIdNumber(idNumber)}`;

  // The ID must be the one the record carries, or the BVN of the record's business.
  const onRecord = record.document_type === input.idType && record.id_number_norm === idNumber;
  if (!onRecord) {
    const business = input.idType === 'BVN' ? await ctx.db.selectFrom('businesses').select('bvn').where('id', '=', record.business_id).executeTakeFirst() : undefined;
    if (!business?.bvn || normaliseIdNumber(business.bvn) !== idNumber) {
      const carries = record.document_type && record.id_number_norm ? `carries ${record.document_type} ${maskIdNumber(record.id_number_norm)}` : 'carries no ID number';
      throw conflict(
        `${shown} is not on KYC record #${record.id} (it ${carries})${input.idType === 'BVN' ? ' and is not the BVN of its business' : ''}; nothing was blacklisted`,
        { reason: 'id_not_on_record' },
      );
    }
  }
  const existing = await findBlacklisted(ctx.db, input.idType, idNumber);
  if (existing) throw conflict(`${shown} is already blacklisted (${existing.note})`, { reason: 'already_blacklisted' });

  const inserted = await ctx.db
    .insertInto('kyc_id_blacklist')
    .values({ id_type: input.idType, id_number: idNumber, note: input.note, kyc_id: record.id, created_by: admin.id, created_at: ctx.now })
    .onConflict((oc) => oc.columns(['id_type', 'id_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // Someone else blacklisted it between the check and the insert.
  if (!inserted) throw conflict(`${shown} is already blacklisted`, { reason: 'already_blacklisted' });

  const events: Parameters<typeof recordBusinessEvents>[1][number][] = [
    {
      businessId: record.business_id,
      kind: 'kyc.blacklisted',
      message: `${shown} blacklisted from KYC record #${record.id}: ${input.note}`,
      adminId: admin.id,
      details: { kycId: record.id, idType: input.idType, idNumber: maskIdNumber(idNumber) },
      at: ctx.now,
    },
  ];
  // The record is rejected when it carries the ID; a record named only for its business's BVN keeps its status.
  const from = record.status as KycStatus;
  if (onRecord && !isFinalKycStatus(from)) {
    await applyStatusChange(ctx.db, { kycId: record.id, from, to: 'REJECTED', comment: input.note, adminId: admin.id, at: ctx.now });
    events.push({
      businessId: record.business_id,
      kind: 'kyc.status',
      message: `${record.verification_type} verification #${record.id} ${from} → REJECTED: ${input.note}`,
      adminId: admin.id,
      details: { kycId: record.id, from, to: 'REJECTED', comment: input.note, blacklisted: true },
      at: ctx.now,
    });
  }

  // No business that has used a blacklisted ID stays exempt (kyc.override refuses to exempt one).
  for (const business of await lockBusinessesUsingId(ctx.db, input.idType, idNumber)) {
    if (!business.kyc_exempt && !business.bvn_exempt) continue;
    await ctx.db
      .updateTable('businesses')
      .set({ kyc_exempt: false, bvn_exempt: false, kyc_override_by: admin.id, kyc_override_at: ctx.now, updated_at: ctx.now })
      .where('id', '=', business.id)
      .execute();
    const withdrawn = [business.kyc_exempt ? 'KYC' : null, business.bvn_exempt ? 'the BVN check' : null].filter(Boolean).join(' and ');
    events.push({
      businessId: business.id,
      kind: 'kyc.override',
      message: `No longer exempt from ${withdrawn}: ${shown}, which it used, was blacklisted`,
      adminId: admin.id,
      details: {
        isexempt: false,
        withdrawn: { kycExempt: business.kyc_exempt, bvnExempt: business.bvn_exempt },
        reason: 'id_blacklisted',
        kycId: record.id,
        idType: input.idType,
        idNumber: maskIdNumber(idNumber),
      },
      at: ctx.now,
    });
  }
  await recordBusinessEvents(ctx.db, events);
  const entry = await blacklistQuery(ctx.db).where('l.id', '=', inserted.id).executeTakeFirstOrThrow();
  return { entry: toBlacklistEntry(entry as Record<string, unknown>), record: (await findKycRecord(ctx.db, record.id))! };
});

export const listKycBlacklistHandler = implementList(listKycBlacklist, ({ input, ctx }) => {
  let query = blacklistQuery(ctx.db);
  if (input.idType) query = query.where('l.id_type', '=', input.idType);
  if (input.search) {
    const number = normaliseIdNumber(input.search);
    query = query.where(sql<boolean>`(l.id_number like ${prefixPattern(number)} or l.note ilike ${containsPattern(input.search)})`);
  }
  return { query, cursor: { column: 'l.id', key: 'id', direction: 'desc' }, map: (row) => toBlacklistEntry(row) };
});

export const verifyCorporateHandler = implement(verifyCorporate, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const business = await findKycBusiness(ctx.db, input.id, { lock: true });
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  const blacklisted = await findBlacklisted(ctx.db, 'CAC', input.rcNumber);
  if (blacklisted) throw conflict(`${input.rcNumber} is blacklisted (${blacklisted.note})`, { reason: 'id_blacklisted' });
  const open = await ctx.db
    .selectFrom('kyc_records')
    .select(['id', 'status'])
    .where('business_id', '=', business.id)
    .where('verification_type', '=', 'CORPORATE')
    .where('status', 'in', OPEN_KYC_STATUSES)
    .executeTakeFirst();
  if (open) {
    throw conflict(`${business.name} already has corporate verification #${open.id} awaiting review (${open.status}); decide it first`, {
      reason: 'open_record',
      kycId: open.id,
    });
  }

  const uploadIds = [...new Set(input.uploadIds)];
  const uploads = await ctx.db.selectFrom('uploads').select(['id', 'original_name', 'business_id']).where('id', 'in', uploadIds).forUpdate().execute();
  const missing = uploadIds.filter((id) => !uploads.some((upload) => upload.id === id));
  if (missing.length > 0) throw notFound(`No upload with id ${missing.join(', ')}`);
  const foreign = uploads.filter((upload) => upload.business_id !== null && upload.business_id !== business.id);
  if (foreign.length > 0) {
    throw conflict(`Upload ${foreign.map((upload) => upload.id).join(', ')} belongs to another business`, { reason: 'foreign_upload' });
  }

  const { id: kycId } = await ctx.db
    .insertInto('kyc_records')
    .values({
      business_id: business.id,
      verification_type: 'CORPORATE',
      document_type: 'CAC',
      id_number: input.rcNumber,
      detail: business.name,
      status: 'PENDING',
      submitted_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  await ctx.db
    .insertInto('kyc_documents')
    .values(uploadIds.map((uploadId, index) => ({ kyc_id: kycId, upload_id: uploadId, label: byId.get(uploadId)?.original_name ?? `CAC document ${index + 1}` })))
    .execute();
  await ctx.db.updateTable('uploads').set({ business_id: business.id }).where('id', 'in', uploadIds).where('business_id', 'is', null).execute();
  await ctx.db.updateTable('businesses').set({ rc_number: input.rcNumber, updated_at: ctx.now }).where('id', '=', business.id).execute();
  await ctx.db
    .insertInto('kyc_events')
    .values({ kyc_id: kycId, from_status: null, to_status: 'PENDING', comment: `Submitted with ${uploadIds.length} document${uploadIds.length > 1 ? 's' : ''}`, admin_id: admin.id, at: ctx.now })
    .execute();
  await recordBusinessEvents(ctx.db, [
    {
      businessId: business.id,
      kind: 'kyc.corporate',
      message: `Corporate verification #${kycId} submitted for ${input.rcNumber} with ${uploadIds.length} document${uploadIds.length > 1 ? 's' : ''}`,
      adminId: admin.id,
      details: { kycId, rcNumber: input.rcNumber, uploadIds },
      at: ctx.now,
    },
  ]);
  return { record: (await findKycRecord(ctx.db, kycId))! };
});
