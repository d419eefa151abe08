import { type ChannelCharge, chargeWords, formatNaira, PAYMENT_CHANNELS, type PaymentChannel, type PricingBandRow } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

/** Bands with their merchants counted (a merchant without a band counts for the default one). */
export function bandQuery(db: Db) {
  return db
    .selectFrom('pricing_bands as pb')
    .select([
      'pb.id',
      'pb.name',
      'pb.description',
      'pb.is_default',
      'pb.updated_at',
      sql<number>`(select count(*)::int from businesses m where m.pricing_band_id = pb.id or (pb.is_default and m.pricing_band_id is null))`.as('merchants'),
      sql<
        { channel: PaymentChannel; percent_bps: number; flat_kobo: string; cap_kobo: string | null }[]
      >`(select coalesce(json_agg(json_build_object('channel', c.channel, 'percent_bps', c.percent_bps, 'flat_kobo', c.flat_kobo::text, 'cap_kobo', c.cap_kobo::text)), '[]'::json) from pricing_band_charges c where c.band_id = pb.id)`.as(
        'charges',
      ),
    ]);
}

export function toBandRow(row: RowOf<typeof bandQuery>): PricingBandRow {
  const charges: Record<string, ChannelCharge> = {};
  for (const charge of row.charges)
    charges[charge.channel] = {
      percentBps: charge.percent_bps,
      flatKobo: BigInt(charge.flat_kobo),
      capKobo: charge.cap_kobo === null ? null : BigInt(charge.cap_kobo),
    };
  const words = (channel: PaymentChannel) => (charges[channel] ? chargeWords(charges[channel], formatNaira) : 'Free');
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.is_default,
    card: words('card'),
    transfer: words('transfer'),
    ussd: words('ussd'),
    merchants: row.merchants,
    charges: Object.fromEntries(
      Object.entries(charges).map(([channel, charge]) => [
        channel,
        { percentBps: charge.percentBps, flatKobo: Number(charge.flatKobo), capKobo: charge.capKobo === null ? null : Number(charge.capKobo) },
      ]),
    ),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export const findBand = (db: Db, id: number) => bandQuery(db).where('pb.id', '=', id).executeTakeFirst();

export async function bandNamed(db: Db, name: string, except?: number) {
  let query = db.selectFrom('pricing_bands').select(['id', 'name']).where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.executeTakeFirst();
}

export async function insertBand(db: Db, values: { name: string; description: string; adminId: number; now: Date }) {
  return db
    .insertInto('pricing_bands')
    .values({ name: values.name, description: values.description, created_by: values.adminId, updated_by: values.adminId, updated_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateBandRow(db: Db, id: number, values: { name?: string | undefined; description?: string | undefined; adminId: number; now: Date }) {
  await db
    .updateTable('pricing_bands')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.description !== undefined ? { description: values.description } : {}),
      updated_by: values.adminId,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

/** One channel's charge, replaced. */
export async function setCharge(db: Db, bandId: number, channel: PaymentChannel, charge: ChannelCharge) {
  await db
    .insertInto('pricing_band_charges')
    .values({ band_id: bandId, channel, percent_bps: charge.percentBps, flat_kobo: charge.flatKobo, cap_kobo: charge.capKobo })
    .onConflict((conflict) =>
      conflict.columns(['band_id', 'channel']).doUpdateSet({ percent_bps: charge.percentBps, flat_kobo: charge.flatKobo, cap_kobo: charge.capKobo }),
    )
    .execute();
}

/** Makes this band the default (one at a time: the unique index holds it). */
export async function makeDefault(db: Db, id: number) {
  await db.updateTable('pricing_bands').set({ is_default: false }).where('is_default', '=', true).where('id', '<>', id).execute();
  await db.updateTable('pricing_bands').set({ is_default: true }).where('id', '=', id).execute();
}

export const CHANNELS = PAYMENT_CHANNELS;

/** Merchants with the band their payments are priced by. */
export function bandMerchantQuery(db: Db) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('pricing_bands as own', 'own.id', 'b.pricing_band_id')
    .innerJoin('pricing_bands as d', (join) => join.on('d.is_default', '=', true))
    .select(['b.id', 'b.name', 'b.email', 'b.state_code', 'b.pricing_band_id', 'own.name as own_band', 'd.id as default_id', 'd.name as default_band']);
}

export function filterBandMerchants(query: ReturnType<typeof bandMerchantQuery>, filters: { search?: string | undefined; band?: number | undefined }) {
  let out = query;
  if (filters.search) {
    const pattern = lowerPrefixPattern(filters.search);
    out = out.where(sql<boolean>`(lower(b.name) like ${pattern} or lower(b.email) like ${pattern})`);
  }
  if (filters.band !== undefined) out = out.where(sql<boolean>`coalesce(b.pricing_band_id, d.id) = ${filters.band}`);
  return out;
}

export async function setMerchantsBand(db: Db, ids: readonly number[], bandId: number, now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('businesses')
    .set({ pricing_band_id: bandId, updated_at: now })
    .where('id', 'in', [...ids])
    .where(sql<boolean>`pricing_band_id is distinct from ${bandId}`)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export function toBandMerchant(row: RowOf<typeof bandMerchantQuery>) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    stateCode: row.state_code,
    bandId: row.pricing_band_id ?? row.default_id,
    band: row.own_band ?? row.default_band,
    byDefault: row.pricing_band_id === null,
  };
}
