import { koboFromDatabase, stateName, type FixedAccount, type RiskBusiness, type WalletRow } from '@traction/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { RowOf } from '../../db/row-of';
import type { CsvColumns } from '../../handling/csv-sql';
import { businessBasics, businessBasicsCsv, businessSummaryQuery, stateNameSql } from '../merchants/index';

/** An id typed in a search box, if the text is one. */
export const searchedId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

// ---- businesses, as the risk pages see them

/** Merchant list rows plus what the risk pages show: who marked fraud or trust and when, the wallet's uid. */
export function riskBusinessQuery(db: Db) {
  return businessSummaryQuery(db).select(['b.fraud_reason', 'b.fraud_marked_at', 'b.trusted_at', 'w.uid as wallet_uid']);
}

/** Name or email starting with the text, or the business with that id. */
export function businessSearch(search: string): Expression<SqlBool> {
  const pattern = lowerPrefixPattern(search);
  const id = searchedId(search);
  return sql<SqlBool>`(lower(b.name) like ${pattern} or lower(b.email) like ${pattern}${id === null ? sql`` : sql` or b.id = ${id}`})`;
}

/**
 * A risk page's row. It shares `businessBasics` with the merchant list's summary; the rest cannot
 * be folded into one shape: the contract names the state `stateName` here and `state` there, and
 * answers `kycOverride`/`hasWallet` here where the summary has `kycExempt`/`bvnExempt`.
 */
export function toRiskBusiness(row: RowOf<typeof riskBusinessQuery>): RiskBusiness {
  const { isFraud, isTrusted, walletStatus, createdAt, ...identity } = businessBasics(row);
  return {
    ...identity,
    stateName: stateName(row.state_code),
    isFraud,
    fraudReason: row.fraud_reason ?? null,
    fraudMarkedAt: isoTimestampOrNull(row.fraud_marked_at),
    isTrusted,
    trustedAt: isoTimestampOrNull(row.trusted_at),
    kycOverride: row.kyc_exempt || row.bvn_exempt,
    hasWallet: row.wallet_uid !== null,
    walletStatus,
    createdAt,
  };
}

/** `toRiskBusiness` as SQL, for exports PostgreSQL writes itself. */
export const riskBusinessCsv: CsvColumns<RiskBusiness> = {
  ...businessBasicsCsv,
  stateName: stateNameSql,
  fraudReason: 'b.fraud_reason',
  fraudMarkedAt: 'b.fraud_marked_at',
  trustedAt: 'b.trusted_at',
  kycOverride: sql`(b.kyc_exempt or b.bvn_exempt)`,
  hasWallet: sql`(w.uid is not null)`,
};

export async function findRiskBusiness(db: Db, id: number): Promise<RiskBusiness | undefined> {
  const row = await riskBusinessQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? toRiskBusiness(row) : undefined;
}

/**
 * The business's flags under a row lock, held to the end of the command's transaction: decide
 * on these, not on an earlier read, so a change another admin commits meanwhile is seen (the
 * lock waits for it) and never overwritten.
 */
export async function lockBusiness(db: Db, id: number) {
  return db.selectFrom('businesses').select(['id', 'name', 'is_fraud', 'is_trusted']).where('id', '=', id).forUpdate().executeTakeFirst();
}

// ---- wallets

// The business is a LEFT join although every wallet has one (business_id is NOT NULL and a
// foreign key): the rows are the same, and PostgreSQL can then drop the join from a list's
// count(*) when no filter names the business. Likewise for fixed accounts.
// The wallet's ledger account joins the same way (unique by uid): a wallet that has never moved
// money has none yet, and holds 0.
export function walletQuery(db: Db) {
  return db
    .selectFrom('wallets as w')
    .leftJoin('businesses as b', 'b.id', 'w.business_id')
    .leftJoin('ledger_accounts as la', 'la.wallet_uid', 'w.uid')
    .select([
      'w.uid',
      'w.business_id',
      'b.name as business_name',
      'b.email as business_email',
      'b.is_fraud',
      'w.status',
      'w.status_reason',
      'w.status_changed_at',
      'la.balance',
      'w.created_at',
    ]);
}

export function toWalletRow(row: RowOf<typeof walletQuery>): WalletRow {
  return {
    uid: row.uid,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    businessEmail: row.business_email ?? '',
    isFraud: row.is_fraud ?? false,
    status: row.status,
    statusReason: row.status_reason ?? null,
    statusChangedAt: isoTimestampOrNull(row.status_changed_at),
    balance: koboFromDatabase(row.balance ?? 0n),
    createdAt: isoTimestamp(row.created_at),
  };
}

/** `toWalletRow` as SQL, for exports PostgreSQL writes itself. */
export const walletRowCsv: CsvColumns<WalletRow> = {
  uid: 'w.uid',
  businessId: 'w.business_id',
  businessName: 'b.name',
  businessEmail: 'b.email',
  isFraud: sql`coalesce(b.is_fraud, false)`,
  status: 'w.status',
  statusReason: 'w.status_reason',
  statusChangedAt: 'w.status_changed_at',
  balance: sql`coalesce(la.balance, 0)`,
  createdAt: 'w.created_at',
};

export async function findWallet(db: Db, uid: string): Promise<WalletRow | undefined> {
  const row = await walletQuery(db).where('w.uid', '=', uid).executeTakeFirst();
  return row ? toWalletRow(row) : undefined;
}

export async function setWalletStatus(db: Db, uid: string, change: { status: WalletRow['status']; reason: string; adminId: number; at: Date }): Promise<void> {
  await db
    .updateTable('wallets')
    .set({ status: change.status, status_reason: change.reason, status_changed_by: change.adminId, status_changed_at: change.at })
    .where('uid', '=', uid)
    .execute();
}

/** The wallet's status under a row lock, held to the end of the command's transaction. */
export async function lockWallet(db: Db, uid: string) {
  return db.selectFrom('wallets').select(['uid', 'business_id', 'status']).where('uid', '=', uid).forUpdate().executeTakeFirst();
}

// ---- fixed accounts

/** Fixed accounts with their business's name; `f` is the account, `b` the business. */
export function fixedAccountQuery(db: Db) {
  return db
    .selectFrom('fixed_accounts as f')
    .leftJoin('businesses as b', 'b.id', 'f.business_id')
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

/**
 * Digits: the start of the account number (`account_number text_pattern_ops`; no lower(), it is
 * digits). Otherwise: the start of the account name or of the business's name, as the ids each
 * prefix index finds: an OR across the two tables would read both whole at 100,000 merchants.
 */
export function fixedAccountSearch(search: string): Expression<SqlBool> {
  if (/^\d+$/.test(search)) {
    return search.length === 10 ? sql<SqlBool>`f.account_number = ${search}` : sql<SqlBool>`f.account_number like ${`${search}%`}`;
  }
  const pattern = lowerPrefixPattern(search);
  return sql<SqlBool>`f.id in (
    select named.id from fixed_accounts named where lower(named.account_name) like ${pattern}
    union all
    select owned.id from fixed_accounts owned join businesses owner on owner.id = owned.business_id where lower(owner.name) like ${pattern}
  )`;
}

export function toFixedAccount(row: RowOf<typeof fixedAccountQuery>): FixedAccount {
  return {
    id: row.id,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    bank: row.bank,
    accountNumber: row.account_number,
    accountName: row.account_name,
    status: row.status,
    blacklisted: row.blacklisted,
    blacklistReason: row.blacklist_reason ?? null,
    blacklistedAt: isoTimestampOrNull(row.blacklisted_at),
    lastActivityAt: isoTimestampOrNull(row.last_activity_at),
    createdAt: isoTimestamp(row.created_at),
  };
}

export async function findFixedAccount(db: Db, where: { id: number } | { accountNumber: string }): Promise<FixedAccount | undefined> {
  const query = fixedAccountQuery(db);
  const row = await ('id' in where ? query.where('f.id', '=', where.id) : query.where('f.account_number', '=', where.accountNumber)).executeTakeFirst();
  return row ? toFixedAccount(row) : undefined;
}

/** Active accounts quiet since `since`; never active counts from the day it was opened (one opened last week is not idle for 90 days). */
export function inactiveFixedAccountQuery(db: Db, since: Date) {
  return fixedAccountQuery(db).where('f.status', '=', 'ACTIVE').where(sql<boolean>`coalesce(f.last_activity_at, f.created_at) < ${since}`);
}

/**
 * Blacklists (with the reason and who) or whitelists the accounts not already so. Returns those
 * changed: an account another admin changed meanwhile is not among them.
 */
export async function setFixedAccountsBlacklist(
  db: Db,
  ids: readonly number[],
  change: { blacklist: true; reason: string | null; adminId: number; at: Date } | { blacklist: false },
) {
  return db
    .updateTable('fixed_accounts')
    .set(
      change.blacklist
        ? { blacklisted: true, blacklist_reason: change.reason, blacklisted_by: change.adminId, blacklisted_at: change.at }
        : { blacklisted: false, blacklist_reason: null, blacklisted_by: null, blacklisted_at: null },
    )
    .where(sql<boolean>`id = any(${ids})`)
    .where('blacklisted', '<>', change.blacklist)
    .returning(['id', 'business_id', 'account_number', 'bank'])
    .execute();
}

export async function markFixedAccountDeactivated(db: Db, id: number): Promise<void> {
  await db.updateTable('fixed_accounts').set({ status: 'DEACTIVATED' }).where('id', '=', id).execute();
}

export async function setFixedAccountName(db: Db, id: number, accountName: string): Promise<void> {
  await db.updateTable('fixed_accounts').set({ account_name: accountName }).where('id', '=', id).execute();
}

/** The account's state under a row lock: what a bank command re-checks before it writes. */
export async function lockFixedAccount(db: Db, where: { id: number } | { accountNumber: string }) {
  const query = db.selectFrom('fixed_accounts').select(['id', 'business_id', 'account_number', 'account_name', 'status', 'blacklisted']).forUpdate();
  return ('id' in where ? query.where('id', '=', where.id) : query.where('account_number', '=', where.accountNumber)).executeTakeFirst();
}

// ---- Providus re-push attempts

export type RepushStatus = 'requested' | 'timed-out' | 'confirmed' | 'failed';

/**
 * Records a re-push of the session as `requested` before Providus is asked, unless an earlier
 * attempt blocks it: one `requested`, `timed-out` or `confirmed` since `heldSince`. One statement,
 * so of two admins re-pushing the same session at once only one gets the row. Returns the
 * blocking attempt, or null when this one may go ahead.
 */
export async function claimRepush(
  db: Db,
  attempt: { sessionId: string; accountNumber: string; fixedAccountId: number; businessId: number; adminId: number; at: Date; heldSince: Date },
) {
  const values = {
    account_number: attempt.accountNumber,
    fixed_account_id: attempt.fixedAccountId,
    business_id: attempt.businessId,
    status: 'requested' as const,
    requested_by: attempt.adminId,
    requested_at: attempt.at,
  };
  const claimed = await db
    .insertInto('providus_repushes')
    .values({ session_id: attempt.sessionId, ...values })
    .onConflict((oc) =>
      oc
        .column('session_id')
        .doUpdateSet({ ...values, attempts: sql<number>`providus_repushes.attempts + 1`, bank_reference: null, amount_kobo: null, answered_at: null })
        .where((eb) => eb.or([eb('providus_repushes.status', '=', 'failed'), eb('providus_repushes.requested_at', '<', attempt.heldSince)])),
    )
    .returning('session_id')
    .executeTakeFirst();
  if (claimed) return null;
  return db.selectFrom('providus_repushes').selectAll().where('session_id', '=', attempt.sessionId).executeTakeFirstOrThrow();
}

/** What Providus answered to the attempt (`timed-out`, `failed`, or still `requested` when its answer could not be read). */
export async function settleRepush(db: Db, sessionId: string, status: Exclude<RepushStatus, 'confirmed'>, at: Date): Promise<void> {
  await db.updateTable('providus_repushes').set({ status, answered_at: at }).where('session_id', '=', sessionId).execute();
}

/** Providus re-sent the notification: the attempt is confirmed with its reference and amount. */
export async function confirmRepush(db: Db, sessionId: string, receipt: { bankReference: string; amountKobo: number }, at: Date): Promise<void> {
  await db
    .updateTable('providus_repushes')
    .set({ status: 'confirmed', bank_reference: receipt.bankReference, amount_kobo: receipt.amountKobo, answered_at: at })
    .where('session_id', '=', sessionId)
    .execute();
}
