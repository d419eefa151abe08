import { normaliseNigerianPhone, type StaffCodeRow, type StaffCodeStatus } from '@traction/core';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { StaffCodesTable } from '../../db/tables/staff-codes.tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

/** An admin's name as answers show it, or null. */
const adminName = (alias: string) =>
  sql<
    string | null
  >`case when ${sql.ref(`${alias}.id`)} is null then null else ${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)} end`;

/** Every code with its sign-ups and who made and last switched it; callers filter and page it. */
export function staffCodeQuery(db: Db) {
  return db
    .selectFrom('staff_codes as s')
    .leftJoin('admins as creator', 'creator.id', 's.created_by')
    .leftJoin('admins as switcher', 'switcher.id', 's.status_changed_by')
    .select((eb) => [
      's.id',
      's.code',
      's.name',
      's.email',
      's.phone',
      's.role',
      's.status',
      's.photo_key',
      's.status_reason',
      's.status_changed_at',
      's.created_at',
      adminName('creator').as('created_by_name'),
      adminName('switcher').as('status_changed_by_name'),
      eb
        .selectFrom('business_referrals as r')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('r.staff_code_id', '=', 's.id')
        .as('sign_ups'),
      eb
        .selectFrom('business_referrals as r')
        .select((inner) => inner.fn.max('r.referred_at').as('last'))
        .whereRef('r.staff_code_id', '=', 's.id')
        .as('last_sign_up_at'),
    ]);
}
type StaffCodeQuery = ReturnType<typeof staffCodeQuery>;

export interface StaffCodeFilters {
  search?: string | undefined;
  status?: StaffCodeStatus | undefined;
}

/**
 * Search: a code (exactly, whatever the case), a phone number, or the start of the name, of any
 * word of it, or of the email.
 */
export function filterStaffCodes(query: StaffCodeQuery, filters: StaffCodeFilters): StaffCodeQuery {
  let out = query;
  if (filters.status) out = out.where('s.status', '=', filters.status);
  const search = filters.search?.trim();
  if (search) {
    const phone = normaliseNigerianPhone(search);
    const lower = search.toLowerCase();
    // A code is compared whole, upper-case: an all-digit code is looked for as well as a phone number.
    const code = search.toUpperCase();
    const digits = search.replace(/[\s().+-]/g, '').replace(/^0/, '');
    if (phone) out = out.where(sql<boolean>`(s.code = ${code} or s.phone = ${phone})`);
    else if (/^\d{3,}$/.test(digits)) out = out.where(sql<boolean>`(s.code = ${code} or s.phone like ${containsPattern(digits)})`);
    else {
      out = out.where(
        sql<boolean>`(s.code = ${code} or lower(s.name) like ${lowerPrefixPattern(lower)} or lower(s.name) like ${`% ${lowerPrefixPattern(lower)}`} or s.email like ${lowerPrefixPattern(lower)})`,
      );
    }
  }
  return out;
}

export type StaffCodeRecord = RowOf<typeof staffCodeQuery>;

export function toStaffCodeRow(row: StaffCodeRecord): StaffCodeRow {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    hasPhoto: row.photo_key !== null,
    signUps: Number(row.sign_ups ?? 0),
    lastSignUpAt: isoTimestampOrNull(row.last_sign_up_at),
    statusReason: row.status_reason,
    statusChangedAt: isoTimestampOrNull(row.status_changed_at),
    statusChangedBy: row.status_changed_by_name,
    createdAt: isoTimestamp(row.created_at),
    createdBy: row.created_by_name,
  };
}

export function findStaffCode(db: Db, id: number) {
  return staffCodeQuery(db).where('s.id', '=', id).executeTakeFirst();
}

/** The code under a row lock, so two admins switching or deleting it take turns. */
export function lockStaffCode(db: Db, id: number) {
  return db.selectFrom('staff_codes').select(['id', 'code', 'name', 'email', 'status', 'photo_key']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('staff_codes').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** The active code of the staff member with this work email, if any (other than `exceptId`). */
export function activeCodeOfEmail(db: Db, email: string, exceptId?: number) {
  let query = db.selectFrom('staff_codes').select(['id', 'code']).where('email', '=', email).where('status', '=', 'ACTIVE');
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertStaffCode(db: Db, values: Insertable<StaffCodesTable>): Promise<number> {
  const row = await db.insertInto('staff_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function writeStaffCodeStatus(db: Db, id: number, change: { status: StaffCodeStatus; reason: string; adminId: number; at: Date }): Promise<void> {
  await db
    .updateTable('staff_codes')
    .set({ status: change.status, status_reason: change.reason, status_changed_by: change.adminId, status_changed_at: change.at })
    .where('id', '=', id)
    .execute();
}

export async function deleteStaffCodeRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('staff_codes').where('id', '=', id).execute();
}

/** Merchants who signed up with each of these codes (codes without any are left out). */
export async function signUpCounts(db: Db, staffCodeIds: readonly number[]): Promise<Map<number, number>> {
  if (staffCodeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('business_referrals')
    .select((eb) => ['staff_code_id', eb.fn.countAll<string>().as('n')])
    .where('staff_code_id', 'in', staffCodeIds)
    .groupBy('staff_code_id')
    .execute();
  return new Map(rows.map((row) => [row.staff_code_id, Number(row.n)]));
}

/** The photo of a code, with its status: the public portal serves it only for an active code. */
export function photoOf(db: Db, id: number) {
  return db.selectFrom('staff_codes').select(['id', 'code', 'name', 'status', 'photo_key', 'photo_type']).where('id', '=', id).executeTakeFirst();
}

/** What the public portal may show of a code: only an active one, only its name, role and photo. */
export function activeStaffByCode(db: Db, code: string) {
  return db
    .selectFrom('staff_codes')
    .select(['name', 'role', 'photo_key', 'photo_type'])
    .where('code', '=', code)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

/** The code row for a merchant's sign-up: by its code, whatever the case. */
export function staffCodeByCode(db: Db, code: string) {
  return db.selectFrom('staff_codes').select(['id', 'code', 'status']).where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

export async function insertReferral(db: Db, referral: { businessId: number; staffCodeId: number; at: Date }): Promise<void> {
  await db
    .insertInto('business_referrals')
    .values({ business_id: referral.businessId, staff_code_id: referral.staffCodeId, referred_at: referral.at })
    .onConflict((oc) => oc.column('business_id').doNothing())
    .execute();
}
