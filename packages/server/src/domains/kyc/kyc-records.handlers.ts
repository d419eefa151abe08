import {
  alreadyInState,
  businessKycRecords,
  businessKycSummary,
  checkKycTransition,
  conflict,
  getKyc,
  listKyc,
  maskIdNumber,
  notFound,
  OPEN_KYC_STATUSES,
  rangeBoundToDate,
  updateKycStatus,
  VERIFICATION_TYPES,
  type KycStatus,
  type VerificationType,
} from '@traction/core';
import type { RowOf } from '../../db/row-of';
import { requireAdmin, type HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { recordBusinessEvents } from '../merchants/index';
import { businessNameStartsWith, findKycBusiness, kycBusinessesByName, toKycBusiness } from './kyc-businesses.repository';
import { kycDocuments } from './kyc-documents.repository';
import { findBlacklisted } from './kyc-id-blacklist.repository';
import {
  findKycRecord,
  kycListCsv,
  kycListQuery,
  kycRecordQuery,
  kycRecordsOfBusinesses,
  lockKycRecord,
  toKycListRow,
  toKycRecord,
} from './kyc-records.repository';
import { allowedNext, applyStatusChange, kycHistory } from './kyc-status.repository';

/**
 * Every view of the list shows the newest record first, except a queue of records waiting for a
 * reviewer (pending, processing): first come, first served, so it runs oldest submission first.
 */
export const listKycHandler = implementList(listKyc, ({ input, ctx }) => {
  let query = kycListQuery(ctx.db);
  if (input.verificationType?.length) query = query.where('k.verification_type', 'in', input.verificationType);
  if (input.status !== 'ALL') query = query.where('k.status', '=', input.status);
  if (input.documentTypes?.length) query = query.where('k.document_type', 'in', input.documentTypes);
  if (input.business_name) query = query.where(businessNameStartsWith(input.business_name));
  if (input.start_date) query = query.where('k.submitted_at', '>=', rangeBoundToDate(input.start_date, 'start'));
  if (input.end_date) query = query.where('k.submitted_at', '<=', rangeBoundToDate(input.end_date, 'end'));
  const map = (row: RowOf<typeof kycListQuery>) => toKycListRow(row);
  if (input.status !== 'ALL' && OPEN_KYC_STATUSES.includes(input.status)) {
    return {
      query,
      cursor: { column: 'k.id', key: 'id', direction: 'asc' },
      sortFirst: { column: 'k.submitted_at', key: 'submitted_order' },
      map,
      csv: kycListCsv,
    };
  }
  return { query, cursor: { column: 'k.id', key: 'id', direction: 'desc' }, map, csv: kycListCsv };
});

async function loadRecord(ctx: HandlerContext, id: number) {
  const record = await findKycRecord(ctx.db, id);
  if (!record) throw notFound(`KYC record ${id} does not exist`);
  return record;
}

/** The record with what a reviewer may do next. */
async function reviewView(ctx: HandlerContext, id: number) {
  const record = await loadRecord(ctx, id);
  const blacklisted = await findBlacklisted(ctx.db, record.documentType, record.idNumber);
  return { record, blacklisted, allowedNext: allowedNext(record.status, blacklisted !== null) };
}

export const getKycHandler = implement(getKyc, async ({ input, ctx }) => {
  const view = await reviewView(ctx, input.id);
  const [business, documents, history] = await Promise.all([
    findKycBusiness(ctx.db, view.record.businessId),
    kycDocuments(ctx.db, input.id),
    kycHistory(ctx.db, input.id),
  ]);
  if (!business) throw notFound(`The business of KYC record ${input.id} does not exist`);
  const { bvn: _bvn, ...summary } = business;
  return { ...view, business: summary, documents, history };
});

export const businessKycRecordsHandler = implement(businessKycRecords, async ({ input, ctx }) => {
  const business = await findKycBusiness(ctx.db, input.id);
  if (!business) throw notFound(`Business ${input.id} does not exist`);
  const rows = await kycRecordQuery(ctx.db).where('k.business_id', '=', input.id).orderBy('k.id', 'desc').limit(500).execute();
  const { bvn: _bvn, ...summary } = business;
  return { business: summary, items: rows.map(toKycRecord) };
});

/** How many businesses one name lookup answers with. */
const SUMMARY_LIMIT = 20;

export const businessKycSummaryHandler = implement(businessKycSummary, async ({ input, ctx }) => {
  const businesses = await kycBusinessesByName(ctx.db, input.business_name, SUMMARY_LIMIT);
  if (businesses.length === 0) return { items: [] };
  const types: readonly VerificationType[] = input.verification_types ?? VERIFICATION_TYPES;
  const ids = businesses.map((b) => b.id);
  const records = await kycRecordsOfBusinesses(ctx.db, ids, types);
  return {
    items: businesses.map((row) => ({
      business: toKycBusiness(row),
      verifications: types.map((verificationType) => {
        const mine = records.filter((r) => r.business_id === row.id && r.verification_type === verificationType);
        const latest = mine[0];
        return {
          verificationType,
          latest: latest
            ? { id: latest.id, status: latest.status, documentType: latest.document_type, submittedAt: new Date(latest.submitted_at).toISOString() }
            : null,
          records: mine.length,
        };
      }),
    })),
  };
});

export const updateKycStatusHandler = implement(updateKycStatus, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const current = await lockKycRecord(ctx.db, input.id);
  if (!current) throw notFound(`KYC record ${input.id} does not exist`);
  const from = current.status as KycStatus;
  const check = checkKycTransition(from, input.status);
  if (!check.ok) {
    const details = { from, to: input.status, allowed: allowedNext(from, false) };
    // Already there is not a refusal of the move: nothing needs doing (a bulk re-run counts the row as unchanged).
    if (from === input.status) throw alreadyInState(check.message, details);
    throw conflict(check.message, { ...details, reason: 'illegal_transition' });
  }
  if (input.status === 'APPROVED') {
    const entry = await findBlacklisted(ctx.db, current.document_type, current.id_number);
    if (entry) {
      throw conflict(`${entry.idType} ${maskIdNumber(entry.idNumber)} is blacklisted (${entry.note}); a record carrying it can never be approved`, {
        reason: 'id_blacklisted',
      });
    }
  }
  const comment = input.comment || null;
  await applyStatusChange(ctx.db, { kycId: current.id, from, to: input.status, comment, adminId: admin.id, at: ctx.now });
  const what = current.document_type ? `${current.verification_type} (${current.document_type})` : current.verification_type;
  await recordBusinessEvents(ctx.db, [
    {
      businessId: current.business_id,
      kind: 'kyc.status',
      message: `${what} verification #${current.id} ${from} → ${input.status}${comment ? `: ${comment}` : ''}`,
      adminId: admin.id,
      details: { kycId: current.id, from, to: input.status, comment },
      at: ctx.now,
    },
  ]);
  return reviewView(ctx, input.id);
});
