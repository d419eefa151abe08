import {
  stateName,
  type BankAccount,
  type BusinessEventEntry,
  type BusinessEventKind,
  type BusinessSummary,
  type BusinessUser,
} from '@traction/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';


/** The latest a picker (name or email prefix) answers with. */
export const PICKER_LIMIT = 20;

/**
 * `lower(<column>) like lower('<text>%')` with the text's wildcards escaped. With the text as a
 * bound value PostgreSQL plans each call with it, turns the pattern into a range on the
 * `lower(...) text_pattern_ops` indexes of 0004, and so stays fast at 100,000 merchants.
 */
export function startsWith(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${lowerPrefixPattern(text)}`;
}

/** Businesses as list rows (`b`), with their wallet (`w`) when they have one. */
export function businessSummaryQuery(db: Db) {
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
      'b.is_trusted',
      'b.kyc_exempt',
      'b.bvn_exempt',
      'b.created_at',
      'w.status as wallet_status',
    ]);
}

export function toBusinessSummary(row: Record<string, unknown>): BusinessSummary {
  return {
    id: row.id as number,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    category: row.category as string,
    stateCode: row.state_code as string,
    state: stateName(row.state_code as string),
    isFraud: row.is_fraud as boolean,
    isTrusted: row.is_trusted as boolean,
    kycExempt: row.kyc_exempt as boolean,
    bvnExempt: row.bvn_exempt as boolean,
    walletStatus: (row.wallet_status as BusinessSummary['walletStatus']) ?? null,
    createdAt: isoTimestamp(row.created_at as Date),
  };
}

export async function findBusinessSummary(db: Db, id: number): Promise<BusinessSummary | undefined> {
  const row = await businessSummaryQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? toBusinessSummary(row) : undefined;
}

/** Up to 20 businesses whose name (or, with `orEmail`, email) starts with the text, newest first. */
export async function businessesByPrefix(db: Db, text: string, options: { orEmail: boolean }): Promise<BusinessSummary[]> {
  const rows = await businessSummaryQuery(db)
    .where((eb) => (options.orEmail ? eb.or([startsWith('b.name', text), startsWith('b.email', text)]) : startsWith('b.name', text)))
    .orderBy('b.id', 'desc')
    .limit(PICKER_LIMIT)
    .execute();
  return rows.map(toBusinessSummary);
}

/** Whether a business type code is on the `features` list. */
export async function isBusinessType(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('features').select('code').where('category', '=', 'BUSINESS_TYPES').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function businessTypeLabel(db: Db, code: string): Promise<string> {
  const row = await db.selectFrom('features').select('label').where('category', '=', 'BUSINESS_TYPES').where('code', '=', code).executeTakeFirst();
  return row?.label ?? code;
}

// ---- business users

// The business is a LEFT join in the three list queries below although every row has one
// (business_id is NOT NULL and a foreign key): the rows are the same, and PostgreSQL can drop the
// join from a list's count(*) when no filter names the business.
export function businessUserQuery(db: Db) {
  return db
    .selectFrom('business_users as u')
    .leftJoin('businesses as b', 'b.id', 'u.business_id')
    .select([
      'u.id',
      'u.business_id',
      'b.name as business_name',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.phone',
      'u.role',
      sql<boolean>`u.password_hash is not null`.as('has_password'),
      'u.last_login_at',
      'u.created_at',
    ]);
}

export function toBusinessUser(row: Record<string, unknown>): BusinessUser {
  return {
    id: row.id as number,
    businessId: row.business_id as number,
    businessName: row.business_name as string,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    phone: row.phone as string,
    role: row.role as BusinessUser['role'],
    status: row.has_password ? 'active' : 'invited',
    lastLoginAt: isoTimestampOrNull(row.last_login_at as Date | null),
    createdAt: isoTimestamp(row.created_at as Date),
  };
}

export async function findBusinessUser(db: Db, id: number): Promise<BusinessUser | undefined> {
  const row = await businessUserQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toBusinessUser(row) : undefined;
}

// ---- bank accounts

export function bankAccountQuery(db: Db) {
  return db
    .selectFrom('bank_accounts as a')
    .leftJoin('businesses as b', 'b.id', 'a.business_id')
    .select([
      'a.id',
      'a.business_id',
      'b.name as business_name',
      'a.bank_code',
      'a.bank_name',
      'a.account_number',
      'a.account_name',
      'a.is_settlement',
      'a.verified_at',
      'a.created_at',
    ]);
}

export function toBankAccount(row: Record<string, unknown>): BankAccount {
  return {
    id: row.id as number,
    businessId: row.business_id as number,
    businessName: row.business_name as string,
    bankCode: row.bank_code as string,
    bankName: row.bank_name as string,
    accountNumber: row.account_number as string,
    accountName: row.account_name as string,
    isSettlement: row.is_settlement as boolean,
    verifiedAt: isoTimestampOrNull(row.verified_at as Date | null),
    createdAt: isoTimestamp(row.created_at as Date),
  };
}

// ---- history

export function businessEventQuery(db: Db) {
  return db
    .selectFrom('business_events as e')
    .leftJoin('businesses as b', 'b.id', 'e.business_id')
    .leftJoin('admins as ad', 'ad.id', 'e.admin_id')
    .select([
      'e.id',
      'e.business_id',
      'b.name as business_name',
      'e.at',
      'e.kind',
      'e.message',
      'e.admin_id',
      sql<string | null>`case when ad.id is null then null else ad.first_name || ' ' || ad.last_name end`.as('admin_name'),
      'ad.email as admin_email',
      'e.details',
    ]);
}

export function toBusinessEvent(row: Record<string, unknown>): BusinessEventEntry {
  return {
    id: Number(row.id),
    businessId: row.business_id as number,
    businessName: row.business_name as string,
    at: isoTimestamp(row.at as Date),
    kind: row.kind as BusinessEventKind,
    message: row.message as string,
    adminId: (row.admin_id as number | null) ?? null,
    adminName: (row.admin_name as string | null) ?? null,
    adminEmail: (row.admin_email as string | null) ?? null,
    details: (row.details as Record<string, unknown> | null) ?? {},
  };
}

