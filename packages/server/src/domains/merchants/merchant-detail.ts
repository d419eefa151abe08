import { stateName, type AdminRef, type MerchantDetail } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import {
  bankAccountQuery,
  businessEventQuery,
  businessTypeLabel,
  businessUserQuery,
  toBankAccount,
  toBusinessEvent,
  toBusinessUser,
} from './businesses.repository';

/** History entries the merchant page shows. */
export const MERCHANT_PAGE_EVENTS = 50;

const ROLE_ORDER = sql`case u.role when 'owner' then 0 when 'manager' then 1 else 2 end`;

/** Everything the merchant page shows, in a handful of indexed reads; undefined when there is no such business. */
export async function loadMerchantDetail(db: Db, id: number): Promise<MerchantDetail | undefined> {
  const business = await db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!business) return undefined;

  const [users, accounts, wallet, fixedAccounts, stores, kyc, support, events, categoryLabel] = await Promise.all([
    businessUserQuery(db).where('u.business_id', '=', id).orderBy(ROLE_ORDER).orderBy('u.id').execute(),
    bankAccountQuery(db).where('a.business_id', '=', id).orderBy('a.is_settlement', 'desc').orderBy('a.id').execute(),
    db.selectFrom('wallets').selectAll().where('business_id', '=', id).executeTakeFirst(),
    db.selectFrom('fixed_accounts').selectAll().where('business_id', '=', id).orderBy('id').execute(),
    db.selectFrom('stores').selectAll().where('business_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('kyc_records')
      .select(['id', 'verification_type', 'document_type', 'status', 'comment', 'submitted_at', 'updated_at'])
      .distinctOn('verification_type')
      .where('business_id', '=', id)
      .orderBy('verification_type')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('support_issues')
      .select(sql<bigint>`count(*)`.as('open'))
      .where('business_id', '=', id)
      .where('status', '<>', 'RESOLVED')
      .executeTakeFirstOrThrow(),
    businessEventQuery(db).where('e.business_id', '=', id).orderBy('e.id', 'desc').limit(MERCHANT_PAGE_EVENTS).execute(),
    businessTypeLabel(db, business.category),
  ]);

  const adminIds = [business.fraud_marked_by, business.trusted_by, business.kyc_override_by, wallet?.status_changed_by].filter(
    (adminId): adminId is number => typeof adminId === 'number',
  );
  const admins = new Map<number, AdminRef>();
  if (adminIds.length > 0) {
    const rows = await db
      .selectFrom('admins')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', [...new Set(adminIds)])
      .execute();
    for (const row of rows) admins.set(row.id, { id: row.id, name: `${row.first_name} ${row.last_name}`, email: row.email });
  }
  const who = (adminId: number | null | undefined) => (adminId ? (admins.get(adminId) ?? null) : null);

  return {
    business: {
      id: business.id,
      name: business.name,
      email: business.email,
      phone: business.phone,
      category: business.category,
      categoryLabel,
      stateCode: business.state_code,
      state: stateName(business.state_code),
      address: business.address,
      rcNumber: business.rc_number,
      bvnLast4: business.bvn ? business.bvn.slice(-4) : null,
      salesAgentEmail: business.sales_agent_email,
      createdAt: isoTimestamp(business.created_at),
      updatedAt: isoTimestamp(business.updated_at),
    },
    flags: {
      fraud: { isFraud: business.is_fraud, reason: business.fraud_reason, at: isoTimestampOrNull(business.fraud_marked_at), by: who(business.fraud_marked_by) },
      trusted: { isTrusted: business.is_trusted, at: isoTimestampOrNull(business.trusted_at), by: who(business.trusted_by) },
      kycOverride: {
        kycExempt: business.kyc_exempt,
        bvnExempt: business.bvn_exempt,
        at: isoTimestampOrNull(business.kyc_override_at),
        by: who(business.kyc_override_by),
      },
    },
    users: users.map(toBusinessUser),
    bankAccounts: accounts.map(toBankAccount),
    wallet: wallet
      ? {
          uid: wallet.uid,
          status: wallet.status,
          reason: wallet.status_reason,
          changedAt: isoTimestampOrNull(wallet.status_changed_at),
          changedBy: who(wallet.status_changed_by),
          createdAt: isoTimestamp(wallet.created_at),
        }
      : null,
    fixedAccounts: fixedAccounts.map((account) => ({
      id: account.id,
      bank: account.bank,
      accountNumber: account.account_number,
      accountName: account.account_name,
      status: account.status,
      blacklisted: account.blacklisted,
      blacklistReason: account.blacklist_reason,
      lastActivityAt: isoTimestampOrNull(account.last_activity_at),
      createdAt: isoTimestamp(account.created_at),
    })),
    stores: stores.map((s) => ({ id: s.id, name: s.name, address: s.address, stateCode: s.state_code, createdAt: isoTimestamp(s.created_at) })),
    kyc: kyc.map((record) => ({
      id: record.id,
      verificationType: record.verification_type,
      documentType: record.document_type,
      status: record.status,
      comment: record.comment,
      submittedAt: isoTimestamp(record.submitted_at),
      updatedAt: isoTimestamp(record.updated_at),
    })),
    openSupportIssues: Number(support.open),
    events: events.map(toBusinessEvent),
  };
}
