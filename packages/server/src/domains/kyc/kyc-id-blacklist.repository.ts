import { normaliseIdNumber, type KycBlacklistEntry } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern, prefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

export function blacklistQuery(db: Db) {
  return db
    .selectFrom('kyc_id_blacklist as l')
    .leftJoin('kyc_records as k', 'k.id', 'l.kyc_id')
    .leftJoin('businesses as b', 'b.id', 'k.business_id')
    .leftJoin('admins as c', 'c.id', 'l.created_by')
    .select(['l.id', 'l.id_type', 'l.id_number', 'l.note', 'l.kyc_id', 'l.created_at', 'k.business_id', 'b.name as business_name', 'c.email as created_by']);
}

/** An ID number starting with the text (normalised), or a note containing it; for `blacklistQuery`. */
export function blacklistSearch(text: string) {
  return sql<boolean>`(l.id_number like ${prefixPattern(normaliseIdNumber(text))} or l.note ilike ${containsPattern(text)})`;
}

export function toBlacklistEntry(row: RowOf<typeof blacklistQuery>): KycBlacklistEntry {
  return {
    id: row.id,
    idType: row.id_type,
    idNumber: row.id_number,
    note: row.note,
    kycId: row.kyc_id,
    businessId: row.business_id ?? null,
    businessName: row.business_name ?? null,
    createdBy: row.created_by ?? null,
    createdAt: isoTimestamp(row.created_at),
  };
}

/** The blacklist entry for an ID, if it is blacklisted; `idNumber` is compared normalised. */
export async function findBlacklisted(db: Db, idType: string | null, idNumber: string | null): Promise<KycBlacklistEntry | null> {
  if (!idType || !idNumber) return null;
  // Blacklisted numbers are stored normalised (a constraint of 0005): the unique index serves this.
  const row = await blacklistQuery(db).where('l.id_type', '=', idType).where('l.id_number', '=', normaliseIdNumber(idNumber)).executeTakeFirst();
  return row ? toBlacklistEntry(row) : null;
}

/** Blacklists an ID (normalised) from a record; null when it is blacklisted already (another admin was first). */
export async function insertBlacklistEntry(
  db: Db,
  entry: { idType: string; idNumber: string; note: string; kycId: number; adminId: number; at: Date },
): Promise<KycBlacklistEntry | null> {
  const inserted = await db
    .insertInto('kyc_id_blacklist')
    .values({ id_type: entry.idType, id_number: entry.idNumber, note: entry.note, kyc_id: entry.kycId, created_by: entry.adminId, created_at: entry.at })
    .onConflict((oc) => oc.columns(['id_type', 'id_number']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  return toBlacklistEntry(await blacklistQuery(db).where('l.id', '=', inserted.id).executeTakeFirstOrThrow());
}

/**
 * Every blacklisted ID a business has used: its BVN and the ID numbers of its KYC records,
 * compared normalised. Starts from the business's records (`kyc_records_business`) and looks each
 * up in the blacklist's unique index.
 */
export async function blacklistedIdsOfBusiness(db: Db, businessId: number, bvn: string | null): Promise<{ idType: string; idNumber: string }[]> {
  const fromRecords = db
    .selectFrom('kyc_records as k')
    .innerJoin('kyc_id_blacklist as l', (join) => join.onRef('l.id_type', '=', 'k.document_type').onRef('l.id_number', '=', 'k.id_number_norm'))
    .select(['l.id', 'l.id_type', 'l.id_number'])
    .where('k.business_id', '=', businessId);
  const query = bvn
    ? fromRecords.union(
        db
          .selectFrom('kyc_id_blacklist as l')
          .select(['l.id', 'l.id_type', 'l.id_number'])
          .where('l.id_type', '=', 'BVN')
          .where('l.id_number', '=', normaliseIdNumber(bvn)),
      )
    : fromRecords;
  const rows = await db.selectFrom(query.as('found')).select(['found.id_type', 'found.id_number']).orderBy('found.id').execute();
  return rows.map((row) => ({ idType: row.id_type, idNumber: row.id_number }));
}

/**
 * The businesses that have used an ID — its holders by BVN, and those with a KYC record carrying
 * it (the `kyc_records_id_number_norm` and `businesses_bvn` indexes) — locked for the rest of
 * the transaction. `idNumber` must be normalised.
 */
export async function lockBusinessesUsingId(db: Db, idType: string, idNumber: string) {
  return db
    .selectFrom('businesses as b')
    .select(['b.id', 'b.name', 'b.kyc_exempt', 'b.bvn_exempt'])
    .where((eb) =>
      eb.or([
        ...(idType === 'BVN' ? [eb('b.bvn', '=', idNumber)] : []),
        eb(
          'b.id',
          'in',
          eb.selectFrom('kyc_records as k').select('k.business_id').where('k.document_type', '=', idType).where('k.id_number_norm', '=', idNumber),
        ),
      ]),
    )
    .orderBy('b.id')
    .forUpdate()
    .execute();
}
