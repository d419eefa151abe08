import type { KycBusiness } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { adminOf, isoOrNull } from './kyc-rows';

/** `lower(b.name) like 'text%'`: served by the businesses_name_prefix index of 0004. */
export const businessNameStartsWith = (text: string) => sql<boolean>`lower(b.name) like ${lowerPrefixPattern(text)}`;

/** Businesses (`b`) with the admin who last set their KYC override (`o`). */
export function kycBusinessQuery(db: Db) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('admins as o', 'o.id', 'b.kyc_override_by')
    .select([
      'b.id',
      'b.name',
      'b.email',
      'b.phone',
      'b.rc_number',
      'b.bvn',
      'b.kyc_exempt',
      'b.bvn_exempt',
      'b.kyc_override_at',
      'b.is_fraud',
      'o.id as o_id',
      'o.first_name as o_first_name',
      'o.last_name as o_last_name',
      'o.email as o_email',
    ]);
}

export async function findKycBusiness(db: Db, id: number, options: { lock?: boolean } = {}): Promise<(KycBusiness & { bvn: string | null }) | undefined> {
  let query = kycBusinessQuery(db).where('b.id', '=', id);
  if (options.lock) query = query.forUpdate(['b']);
  const row = await query.executeTakeFirst();
  return row ? { ...toKycBusiness(row), bvn: row.bvn } : undefined;
}

export function toKycBusiness(row: RowOf<typeof kycBusinessQuery>): KycBusiness {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    rcNumber: row.rc_number,
    kycExempt: row.kyc_exempt,
    bvnExempt: row.bvn_exempt,
    kycOverrideBy: adminOf(row.o_id, row.o_first_name, row.o_last_name, row.o_email),
    kycOverrideAt: isoOrNull(row.kyc_override_at),
    isFraud: row.is_fraud,
  };
}

/** Up to `limit` businesses whose name starts with the text: the exact name first, then the rest by name. */
export async function kycBusinessesByName(db: Db, name: string, limit: number) {
  return kycBusinessQuery(db)
    .where(businessNameStartsWith(name))
    .orderBy(sql`lower(b.name) = lower(${name})`, 'desc')
    .orderBy(sql`lower(b.name)`)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** The business's BVN, if it has one. */
export async function businessBvn(db: Db, businessId: number): Promise<string | null> {
  const row = await db.selectFrom('businesses').select('bvn').where('id', '=', businessId).executeTakeFirst();
  return row?.bvn ?? null;
}

/** Sets or clears the business's KYC exemption (all of KYC or the BVN check only), naming who did it. */
export async function setKycExemption(
  db: Db,
  businessId: number,
  change: { exempt: { kyc?: boolean; bvn?: boolean }; adminId: number; at: Date },
): Promise<void> {
  await db
    .updateTable('businesses')
    .set({
      ...(change.exempt.kyc === undefined ? {} : { kyc_exempt: change.exempt.kyc }),
      ...(change.exempt.bvn === undefined ? {} : { bvn_exempt: change.exempt.bvn }),
      kyc_override_by: change.adminId,
      kyc_override_at: change.at,
      updated_at: change.at,
    })
    .where('id', '=', businessId)
    .execute();
}
