import {
  assignPricingBand,
  assignPricingBandBulk,
  type ChannelCharge,
  conflict,
  createPricingBand,
  listBandMerchants,
  listPricingBands,
  notFound,
  type PaymentChannel,
  updatePricingBand,
} from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { resolveSelection } from '../../handling/selection';
import {
  bandMerchantQuery,
  bandNamed,
  bandQuery,
  CHANNELS,
  filterBandMerchants,
  findBand,
  insertBand,
  makeDefault,
  setCharge,
  setMerchantsBand,
  toBandMerchant,
  toBandRow,
  updateBandRow,
} from './pricing-bands.repository';

type ChargeInput = Partial<Record<`${PaymentChannel}${'Percent' | 'Flat' | 'Cap'}`, number | null | undefined>>;
type StoredCharge = { percentBps: number; flatKobo: number; capKobo: number | null };

/** A channel's charge from the flat fields; on a change, what is not given stays as it was (null: nothing given). */
function toCharge(input: ChargeInput, channel: PaymentChannel, before?: StoredCharge): ChannelCharge | null {
  const percent = input[`${channel}Percent`];
  const flat = input[`${channel}Flat`];
  const cap = input[`${channel}Cap`];
  if (percent === undefined && flat === undefined && cap === undefined) return null;
  const keptCap = before?.capKobo ?? null;
  return {
    percentBps: percent !== undefined && percent !== null ? Math.round(percent * 100) : (before?.percentBps ?? 0),
    flatKobo: BigInt(flat ?? before?.flatKobo ?? 0),
    capKobo: cap === undefined ? (keptCap === null ? null : BigInt(keptCap)) : cap === null ? null : BigInt(cap),
  };
}

export const listPricingBandsHandler = implementList(listPricingBands, ({ ctx }) => ({
  query: bandQuery(ctx.db),
  cursor: { column: 'pb.id', key: 'id', direction: 'asc' },
  map: toBandRow,
}));

async function uniqueName(ctx: { db: Parameters<typeof bandNamed>[0] }, name: string, except?: number) {
  const taken = await bandNamed(ctx.db, name, except);
  if (taken) throw conflict(`There is already a band named ${taken.name} (#${taken.id}); choose another name`, { reason: 'name_taken', field: 'name' });
}

export const createPricingBandHandler = implement(createPricingBand, async ({ input, ctx }) => {
  await uniqueName(ctx, input.name);
  const { id } = await insertBand(ctx.db, { name: input.name, description: input.description, adminId: requireAdmin(ctx).id, now: ctx.now });
  for (const channel of CHANNELS) await setCharge(ctx.db, id, channel, toCharge(input, channel)!);
  if (input.isDefault) await makeDefault(ctx.db, id);
  return toBandRow((await findBand(ctx.db, id))!);
});

export const updatePricingBandHandler = implement(updatePricingBand, async ({ input, ctx }) => {
  const before = await findBand(ctx.db, input.id);
  if (!before) throw notFound(`Pricing band ${input.id} does not exist`);
  const charges = toBandRow(before).charges;
  if (input.name) await uniqueName(ctx, input.name, input.id);
  await updateBandRow(ctx.db, input.id, { name: input.name, description: input.description, adminId: requireAdmin(ctx).id, now: ctx.now });
  for (const channel of CHANNELS) {
    const charge = toCharge(input, channel, charges[channel]);
    if (charge) await setCharge(ctx.db, input.id, channel, charge);
  }
  if (input.isDefault) await makeDefault(ctx.db, input.id);
  return toBandRow((await findBand(ctx.db, input.id))!);
});

export const listBandMerchantsHandler = implementList(listBandMerchants, ({ input, ctx }) => ({
  query: filterBandMerchants(bandMerchantQuery(ctx.db), input),
  cursor: { column: 'b.id', key: 'id', direction: 'asc' },
  map: toBandMerchant,
}));

export const assignPricingBandHandler = implement(assignPricingBand, async ({ input, ctx }) => {
  const band = await findBand(ctx.db, input.pricing_band_id);
  if (!band) throw notFound(`Pricing band ${input.pricing_band_id} does not exist`);
  const merchant = await filterBandMerchants(bandMerchantQuery(ctx.db), {}).where('b.id', '=', input.business_id).executeTakeFirst();
  if (!merchant) throw notFound(`Business ${input.business_id} does not exist`);
  const previous = merchant.own_band ?? `${merchant.default_band} (the default)`;
  await setMerchantsBand(ctx.db, [input.business_id], band.id, ctx.now);
  return {
    businessId: merchant.id,
    businessName: merchant.name,
    bandId: band.id,
    band: band.name,
    previous,
    message:
      merchant.pricing_band_id === band.id
        ? `${merchant.name} was already on ${band.name}.`
        : `${merchant.name} moved from ${previous} to ${band.name}: new payments are priced by it.`,
  };
});

export const assignPricingBandBulkHandler = implement(assignPricingBandBulk, async ({ input, ctx }) => {
  const band = await findBand(ctx.db, input.pricing_band_id);
  if (!band) throw notFound(`Pricing band ${input.pricing_band_id} does not exist`);
  const { rows, missing } = await resolveSelection(ctx, listBandMerchantsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such business' }));
  const targets: number[] = [];
  for (const merchant of rows) {
    if (merchant.bandId === band.id && !merchant.byDefault) skipped.push({ id: merchant.id, reason: `already on ${band.name}` });
    else targets.push(merchant.id);
  }
  const changed = await setMerchantsBand(ctx.db, targets, band.id, ctx.now);
  return { matched: rows.length, changed: changed.length, skipped };
});
