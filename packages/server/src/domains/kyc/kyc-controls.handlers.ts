import {
  alreadyInState,
  badRequest,
  blacklistKycId,
  conflict,
  idNumberProblem,
  isFinalKycStatus,
  listKycBlacklist,
  maskIdNumber,
  normaliseIdNumber,
  notFound,
  overrideKyc,
  verifyCorporate,
  type KycStatus,
} from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { recordBusinessEvents } from '../merchants/index';
import { businessBvn, findKycBusiness, setKycExemption } from './kyc-businesses.repository';
import { submitCorporateVerification } from './kyc-documents.repository';
import {
  blacklistedIdsOfBusiness,
  blacklistQuery,
  blacklistSearch,
  findBlacklisted,
  insertBlacklistEntry,
  lockBusinessesUsingId,
  toBlacklistEntry,
} from './kyc-id-blacklist.repository';
import { findKycRecord, lockKycRecord, openKycRecord } from './kyc-records.repository';
import { applyStatusChange } from './kyc-status.repository';
import { lockUploads } from './uploads.repository';

export const overrideKycHandler = implement(overrideKyc, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const business = await findKycBusiness(ctx.db, input.businessId, { lock: true });
  if (!business) throw notFound(`Business ${input.businessId} does not exist`);
  const bvnOnly = input.kycType === 'bvn';
  const what = bvnOnly ? 'the BVN check' : 'KYC';
  const current = bvnOnly ? business.bvnExempt : business.kycExempt;
  if (current === input.isexempt) {
    throw alreadyInState(`${business.name} is ${input.isexempt ? 'already' : 'not'} exempt from ${what}`);
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
  await setKycExemption(ctx.db, business.id, { exempt: bvnOnly ? { bvn: input.isexempt } : { kyc: input.isexempt }, adminId: admin.id, at: ctx.now });
  const message = `${input.isexempt ? 'Exempted from' : 'No longer exempt from'} ${what}`;
  await recordBusinessEvents(ctx.db, [
    {
      businessId: business.id,
      kind: 'kyc.override',
      message,
      adminId: admin.id,
      details: { kycType: input.kycType ?? 'all', isexempt: input.isexempt },
      at: ctx.now,
    },
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
    const bvn = input.idType === 'BVN' ? await businessBvn(ctx.db, record.business_id) : null;
    if (!bvn || normaliseIdNumber(bvn) !== idNumber) {
      const carries =
        record.document_type && record.id_number_norm ? `carries ${record.document_type} ${maskIdNumber(record.id_number_norm)}` : 'carries no ID number';
      throw conflict(
        `${shown} is not on KYC record #${record.id} (it ${carries})${input.idType === 'BVN' ? ' and is not the BVN of its business' : ''}; nothing was blacklisted`,
        { reason: 'id_not_on_record' },
      );
    }
  }
  const existing = await findBlacklisted(ctx.db, input.idType, idNumber);
  if (existing) throw alreadyInState(`${shown} is already blacklisted (${existing.note})`);

  const entry = await insertBlacklistEntry(ctx.db, { idType: input.idType, idNumber, note: input.note, kycId: record.id, adminId: admin.id, at: ctx.now });
  // Someone else blacklisted it between the check and the insert.
  if (!entry) throw alreadyInState(`${shown} is already blacklisted`);

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
    await setKycExemption(ctx.db, business.id, { exempt: { kyc: false, bvn: false }, adminId: admin.id, at: ctx.now });
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
  return { entry, record: (await findKycRecord(ctx.db, record.id))! };
});

export const listKycBlacklistHandler = implementList(listKycBlacklist, ({ input, ctx }) => {
  let query = blacklistQuery(ctx.db);
  if (input.idType) query = query.where('l.id_type', '=', input.idType);
  if (input.search) query = query.where(blacklistSearch(input.search));
  return { query, cursor: { column: 'l.id', key: 'id', direction: 'desc' }, map: toBlacklistEntry };
});

export const verifyCorporateHandler = implement(verifyCorporate, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const business = await findKycBusiness(ctx.db, input.id, { lock: true });
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  const blacklisted = await findBlacklisted(ctx.db, 'CAC', input.rcNumber);
  if (blacklisted) throw conflict(`${input.rcNumber} is blacklisted (${blacklisted.note})`, { reason: 'id_blacklisted' });
  const open = await openKycRecord(ctx.db, business.id, 'CORPORATE');
  if (open) {
    throw conflict(`${business.name} already has corporate verification #${open.id} awaiting review (${open.status}); decide it first`, {
      reason: 'open_record',
      kycId: open.id,
    });
  }

  const uploadIds = [...new Set(input.uploadIds)];
  const uploads = await lockUploads(ctx.db, uploadIds);
  const missing = uploadIds.filter((id) => !uploads.some((upload) => upload.id === id));
  if (missing.length > 0) throw notFound(`No upload with id ${missing.join(', ')}`);
  const foreign = uploads.filter((upload) => upload.business_id !== null && upload.business_id !== business.id);
  if (foreign.length > 0) {
    throw conflict(`Upload ${foreign.map((upload) => upload.id).join(', ')} belongs to another business`, { reason: 'foreign_upload' });
  }

  const kycId = await submitCorporateVerification(ctx.db, {
    businessId: business.id,
    businessName: business.name,
    rcNumber: input.rcNumber,
    uploads,
    uploadIds,
    adminId: admin.id,
    at: ctx.now,
  });
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
