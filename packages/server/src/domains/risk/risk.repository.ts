import type { FixedAccount, RiskBusiness, WalletRow } from '@traction/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { escapeLike } from '../../db/like';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));
const isoNow = (value: unknown) => iso(value) ?? '';

/** `abc%`, lower-cased, matched literally: uses the `lower(x) text_pattern_ops` indexes. */
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/** An id typed in a search box, if the text is one. */
export const searchedId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

// ---- businesses, as the risk pages see them

/** Businesses with their wallet's status; `b` is the business, `w` its wallet. */
export function riskBusinessQuery(db: Db) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .select([
      'b.id',
      'b.name',
      'b.email',
      'b.phone',
      'b.category',
      'b.state_code',
      'b.is_fraud',
      'b.fraud_reason',
      'b.fraud_marked_at',
      'b.is_trusted',
      'b.trusted_at',
      'b.kyc_exempt',
      'b.bvn_exempt',
      'b.created_at',
      'w.uid as wallet_uid',
      'w.status as wallet_status',
    ]);
}

/** Name or email starting with the text, or the business with that id. */
export function businessSearch(search: string): Expression<SqlBool> {
  const pattern = prefixPattern(search);
  const id = searchedId(search);
  return sql<SqlBool>`(lower(b.name) like ${pattern} or lower(b.email) like ${pattern}${id === null ? sql`` : sql` or b.id = ${id}`})`;
}

export function toRiskBusiness(row: Record<string, unknown>): RiskBusiness {
  return {
    id: row.id as number,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    category: row.category as string,
    stateCode: row.state_code as string,
    isFraud: row.is_fraud as boolean,
    fraudReason: (row.fraud_reason as string | null) ?? null,
    fraudMarkedAt: iso(row.fraud_marked_at),
    isTrusted: row.is_trusted as boolean,
    trustedAt: iso(row.trusted_at),
    kycOverride: Boolean(row.kyc_exempt) || Boolean(row.bvn_exempt),
    hasWallet: row.wallet_uid !== null && row.wallet_uid !== undefined,
    walletStatus: (row.wallet_status as RiskBusiness['walletStatus']) ?? null,
    createdAt: isoNow(row.created_at),
  };
}

export async function findRiskBusiness(db: Db, id: number): Promise<RiskBusiness | undefined> {
  const row = await riskBusinessQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? toRiskBusiness(row as Record<string, unknown>) : undefined;
}

// ---- wallets

export function walletQuery(db: Db) {
  return db
    .selectFrom('wallets as w')
    .innerJoin('businesses as b', 'b.id', 'w.business_id')
    .select(['w.uid', 'w.business_id', 'b.name as business_name', 'b.email as business_email', 'b.is_fraud', 'w.status', 'w.status_reason', 'w.status_changed_at', 'w.created_at']);
}

export function toWalletRow(row: Record<string, unknown>): WalletRow {
  return {
    uid: row.uid as string,
    businessId: row.business_id as number,
    businessName: row.business_name as string,
    businessEmail: row.business_email as string,
    isFraud: row.is_fraud as boolean,
    status: row.status as WalletRow['status'],
    statusReason: (row.status_reason as string | null) ?? null,
    statusChangedAt: iso(row.status_changed_at),
    createdAt: isoNow(row.created_at),
  };
}

export async function findWallet(db: Db, uid: string): Promise<WalletRow | undefined> {
  const row = await walletQuery(db).where('w.uid', '=', uid).executeTakeFirst();
  return row ? toWalletRow(row as Record<string, unknown>) : undefined;
}

// ---- fixed accounts

/** Fixed accounts with their business's name; `f` is the account, `b` the business. */
export function fixedAccountQuery(db: Db) {
  return db
    .selectFrom('fixed_accounts as f')
    .innerJoin('businesses as b', 'b.id', 'f.business_id')
    .select([
      'f.id',
      'f.business_id',
      'b.name as business_name',
      'f.bank',
      'f.account_number',
      'f.account_name',
      'f.status',
      'f.blacklisted',
      'f.blacklist_reason',
      'f.blacklisted_at',
      'f.last_activity_at',
      'f.created_at',
    ]);
}

/** Digits: the start of the account number. Otherwise: the start of the account or business name. */
export function fixedAccountSearch(search: string): Expression<SqlBool> {
  if (/^\d+$/.test(search)) {
    return search.length === 10 ? sql<SqlBool>`f.account_number = ${search}` : sql<SqlBool>`f.account_number like ${`${search}%`}`;
  }
  const pattern = prefixPattern(search);
  return sql<SqlBool>`(lower(f.account_name) like ${pattern} or lower(b.name) like ${pattern})`;
}

export function toFixedAccount(row: Record<string, unknown>): FixedAccount {
  return {
    id: row.id as number,
    businessId: row.business_id as number,
    businessName: row.business_name as string,
    bank: row.bank as FixedAccount['bank'],
    accountNumber: row.account_number as string,
    accountName: row.account_name as string,
    status: row.status as FixedAccount['status'],
    blacklisted: row.blacklisted as boolean,
    blacklistReason: (row.blacklist_reason as string | null) ?? null,
    blacklistedAt: iso(row.blacklisted_at),
    lastActivityAt: iso(row.last_activity_at),
    createdAt: isoNow(row.created_at),
  };
}

export async function findFixedAccount(db: Db, where: { id: number } | { accountNumber: string }): Promise<FixedAccount | undefined> {
  const query = fixedAccountQuery(db);
  const row = await ('id' in where ? query.where('f.id', '=', where.id) : query.where('f.account_number', '=', where.accountNumber)).executeTakeFirst();
  return row ? toFixedAccount(row as Record<string, unknown>) : undefined;
}
