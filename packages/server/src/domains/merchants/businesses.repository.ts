import { NIGERIAN_STATES, stateName, type BankAccount, type BusinessEventEntry, type BusinessSummary, type BusinessUser } from '@traction/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern, prefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { type CsvColumns, lookupSql } from '../../handling/csv-sql';

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

export type BusinessSummaryRow = RowOf<typeof businessSummaryQuery>;

/**
 * What every answer about a business shares, whatever else it names: the merchant list's
 * summary and the risk pages' rows differ only in the fields they add.
 */
export function businessBasics(row: BusinessSummaryRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    category: row.category,
    stateCode: row.state_code,
    isFraud: row.is_fraud,
    isTrusted: row.is_trusted,
    walletStatus: row.wallet_status ?? null,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function toBusinessSummary(row: BusinessSummaryRow): BusinessSummary {
  return { ...businessBasics(row), state: stateName(row.state_code), kycExempt: row.kyc_exempt, bvnExempt: row.bvn_exempt };
}

const STATE_NAMES = Object.fromEntries(NIGERIAN_STATES.map((state) => [state.code, state.name]));
/** A state's name for its code, in SQL: what `stateName` gives. */
export const stateNameSql = lookupSql('b.state_code', STATE_NAMES, 'b.state_code');

/** What `businessBasics` gives, as SQL over `businessSummaryQuery`'s tables, for exports PostgreSQL writes itself. */
export const businessBasicsCsv = {
  id: 'b.id',
  name: 'b.name',
  email: 'b.email',
  phone: 'b.phone',
  category: 'b.category',
  stateCode: 'b.state_code',
  isFraud: 'b.is_fraud',
  isTrusted: 'b.is_trusted',
  walletStatus: 'w.status',
  createdAt: 'b.created_at',
} as const;

export const businessSummaryCsv: CsvColumns<BusinessSummary> = {
  ...businessBasicsCsv,
  state: stateNameSql,
  kycExempt: 'b.kyc_exempt',
  bvnExempt: 'b.bvn_exempt',
};

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

/** Email, last name or full name starting with the text; for `businessUserQuery`. */
export function businessUserSearch(search: string): Expression<SqlBool> {
  return sql<SqlBool>`(${startsWith('u.email', search)} or ${startsWith('u.last_name', search)} or lower(u.first_name || ' ' || u.last_name) like ${lowerPrefixPattern(search)})`;
}

export function toBusinessUser(row: RowOf<typeof businessUserQuery>): BusinessUser {
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    role: row.role,
    status: row.has_password ? 'active' : 'invited',
    lastLoginAt: isoTimestampOrNull(row.last_login_at),
    createdAt: isoTimestamp(row.created_at),
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

/**
 * Search on an accounts list: digits are the start of an account number (plain, no lower(): it is
 * digits, and `bank_accounts_number_prefix` serves it), anything else the start of the business name.
 */
export function accountSearch(search: string): Expression<SqlBool> {
  return /^\d+$/.test(search) ? sql<SqlBool>`a.account_number like ${prefixPattern(search)}` : startsWith('b.name', search);
}

export function toBankAccount(row: RowOf<typeof bankAccountQuery>): BankAccount {
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    accountName: row.account_name,
    isSettlement: row.is_settlement,
    verifiedAt: isoTimestampOrNull(row.verified_at),
    createdAt: isoTimestamp(row.created_at),
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

export function toBusinessEvent(row: RowOf<typeof businessEventQuery>): BusinessEventEntry {
  return {
    id: Number(row.id),
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    at: isoTimestamp(row.at),
    kind: row.kind,
    message: row.message,
    adminId: row.admin_id ?? null,
    adminName: row.admin_name ?? null,
    adminEmail: row.admin_email ?? null,
    details: row.details ?? {},
  };
}

// ---- support issues

export function supportIssueQuery(db: Db) {
  return (
    db
      .selectFrom('support_issues as i')
      // LEFT (every issue has its business): the same rows, and count(*) can skip the join.
      .leftJoin('businesses as b', 'b.id', 'i.business_id')
      .select(['i.id', 'i.business_id', 'b.name as business_name', 'i.subject', 'i.body', 'i.channel', 'i.status', 'i.created_at', 'i.resolved_at'])
  );
}

export function toSupportIssue(row: RowOf<typeof supportIssueQuery>) {
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    subject: row.subject,
    body: row.body,
    channel: row.channel,
    status: row.status,
    createdAt: isoTimestamp(row.created_at),
    resolvedAt: isoTimestampOrNull(row.resolved_at),
  };
}

// ---- features

/** The codes and labels of one `features` category, in their order. */
export async function featuresOf(db: Db, category: string) {
  return db.selectFrom('features').select(['code', 'label']).where('category', '=', category).orderBy('position').orderBy('code').execute();
}

// ---- businesses with their stores

export function merchantsWithStoresQuery(db: Db) {
  return db.selectFrom('businesses as b').select([
    'b.id',
    'b.name',
    'b.email',
    'b.state_code',
    sql<{ id: number; name: string; address: string; state_code: string; created_at: string }[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name, 'address', s.address, 'state_code', s.state_code, 'created_at', s.created_at) order by s.id)
        from stores s where s.business_id = b.id), '[]'::json)`.as('stores'),
  ]);
}

export function toMerchantWithStores(row: RowOf<typeof merchantsWithStoresQuery>) {
  const stores = row.stores.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    stateCode: s.state_code,
    createdAt: new Date(s.created_at).toISOString(),
  }));
  return { id: row.id, name: row.name, email: row.email, state: stateName(row.state_code), storeCount: stores.length, stores };
}

// ---- merchant people (one person may be a user of several businesses, one row each)

/** Whether the business exists. */
export async function businessExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('businesses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Businesses whose sales agent has this (lower-case) email. */
export function businessesOfSalesAgentQuery(db: Db, email: string) {
  return businessSummaryQuery(db).where(sql<boolean>`lower(b.sales_agent_email) = ${email}`);
}

/** The person's latest business-user row: one person, one password, however many businesses. */
export async function latestBusinessUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('business_users')
    .select(['first_name', 'last_name', 'phone', 'password_hash'])
    .where(sql<boolean>`lower(email) = ${email}`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The business-user row the person used last (the link sets the password of the person, not of one business). */
export async function lastUsedBusinessUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('business_users')
    .select(['id', 'business_id', 'first_name', 'email'])
    .where(sql<boolean>`lower(email) = ${email}`)
    .orderBy(sql`last_login_at desc nulls last`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every business the person (by lower-case email) is a user of, each once. */
export async function businessIdsOfPerson(db: Db, email: string): Promise<number[]> {
  const rows = await db.selectFrom('business_users').select('business_id').where(sql<boolean>`lower(email) = ${email}`).execute();
  return [...new Set(rows.map((row) => row.business_id))];
}
