import {
  AIRTIME_NETWORK_WORDS,
  AIRTIME_PRODUCT_WORDS,
  type AirtimeNetwork,
  type AirtimeProduct,
  type AirtimeRate,
  type AirtimeRateSnapshot,
  type AirtimeRateVersion,
  airtimeRateChangeWords,
  alreadyInState,
  badRequest,
  basisPointsAsPercent,
  conflict,
  createAirtimeRate,
  koboFromDatabase,
  listAirtimeRateHistory,
  listAirtimeRates,
  notFound,
  updateAirtimeRate,
} from '@traction/core';
import { historyEntryFields } from '../../db/history-entry-fields';
import { isoTimestamp } from '../../db/timestamps';
import { isUniqueViolation } from '../../db/unique-violation';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  type ChangeRow,
  changeQuery,
  findRate,
  insertChange,
  insertRate,
  lockRate,
  type RateRow,
  rateExists,
  rateQuery,
  writeRate,
} from './airtime.repository';

/** "MTN airtime", "9mobile data bundles". */
export const rateLabel = (network: AirtimeNetwork, product: AirtimeProduct) =>
  `${AIRTIME_NETWORK_WORDS[network]} ${AIRTIME_PRODUCT_WORDS[product].toLowerCase()}`;

function toAirtimeRate(row: RateRow): AirtimeRate {
  return {
    id: row.id,
    network: row.network,
    product: row.product,
    label: rateLabel(row.network, row.product),
    companyDiscountBps: row.company_discount_bps,
    merchantCommissionBps: row.merchant_commission_bps,
    marginBps: row.company_discount_bps - row.merchant_commission_bps,
    minAmount: koboFromDatabase(row.min_amount),
    maxAmount: koboFromDatabase(row.max_amount),
    active: row.active,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    updatedBy: row.updated_by_name,
    lastChange: row.last_change,
    lastChangeReason: row.last_reason,
  };
}

const duplicate = (network: AirtimeNetwork, product: AirtimeProduct) =>
  conflict(`There is already a rate for ${rateLabel(network, product)}: change it rather than creating another`, {
    reason: 'rate_exists',
    fields: [{ field: 'product', message: `already has a rate on ${AIRTIME_NETWORK_WORDS[network]}` }],
  });

/** The rules a rate keeps whatever changed, each a 400 naming its field (the create form's schema checks them too). */
function checkRate(rate: AirtimeRateSnapshot): void {
  if (rate.merchantCommissionBps > rate.companyDiscountBps) {
    const message = `must not be more than the company discount (${basisPointsAsPercent(rate.companyDiscountBps)})`;
    throw badRequest(`merchantCommissionBps ${message}`, [{ field: 'merchantCommissionBps', message }]);
  }
  if (rate.maxAmount < rate.minAmount) {
    const message = 'must not be less than the smallest purchase';
    throw badRequest(`maxAmount ${message}`, [{ field: 'maxAmount', message }]);
  }
}

const keeps = (rate: AirtimeRate) =>
  `${rate.active ? 'on sale' : 'off sale'}: the merchant earns ${basisPointsAsPercent(rate.merchantCommissionBps)} and the company keeps ${basisPointsAsPercent(rate.marginBps)} of each purchase`;

export const listAirtimeRatesHandler = implementList(listAirtimeRates, ({ input, ctx }) => {
  let query = rateQuery(ctx.db);
  if (input.network) query = query.where('r.network', '=', input.network);
  if (input.product) query = query.where('r.product', '=', input.product);
  if (input.active !== undefined) query = query.where('r.active', '=', input.active);
  // Few rows, in the order they were set up (MTN airtime first in the demo).
  return { query, cursor: { column: 'r.id', key: 'id', direction: 'asc' }, map: toAirtimeRate };
});

/** A new rate; a second one for the same network and product is refused (409). Its creation opens its history. */
export const createAirtimeRateHandler = implement(createAirtimeRate, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const after: AirtimeRateSnapshot = {
    companyDiscountBps: input.companyDiscountBps,
    merchantCommissionBps: input.merchantCommissionBps,
    minAmount: input.minAmount,
    maxAmount: input.maxAmount,
    active: input.active,
  };
  checkRate(after);
  if (await rateExists(ctx.db, input.network, input.product)) throw duplicate(input.network, input.product);
  let id: number;
  try {
    id = await insertRate(ctx.db, { network: input.network, product: input.product, ...after }, { adminId: actor.id, at: ctx.now });
  } catch (error) {
    if (isUniqueViolation(error, 'airtime_rates_network_product_key')) throw duplicate(input.network, input.product);
    throw error;
  }
  await insertChange(ctx.db, {
    rateId: id,
    change: 'created',
    before: null,
    after,
    summary: airtimeRateChangeWords(null, after),
    reason: input.reason ?? null,
    adminId: actor.id,
    at: ctx.now,
  });
  const rate = toAirtimeRate((await findRate(ctx.db, id))!);
  return { rate, message: `Rate for ${rate.label} created, ${keeps(rate)}.` };
});

/** Changes the fields given; nothing changed is a 409. The history keeps the rate before and after. */
export const updateAirtimeRateHandler = implement(updateAirtimeRate, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockRate(ctx.db, input.id);
  if (!locked) throw notFound(`Airtime rate ${input.id} does not exist`);
  const before: AirtimeRateSnapshot = {
    companyDiscountBps: locked.company_discount_bps,
    merchantCommissionBps: locked.merchant_commission_bps,
    minAmount: koboFromDatabase(locked.min_amount),
    maxAmount: koboFromDatabase(locked.max_amount),
    active: locked.active,
  };
  const after: AirtimeRateSnapshot = {
    companyDiscountBps: input.companyDiscountBps ?? before.companyDiscountBps,
    merchantCommissionBps: input.merchantCommissionBps ?? before.merchantCommissionBps,
    minAmount: input.minAmount ?? before.minAmount,
    maxAmount: input.maxAmount ?? before.maxAmount,
    active: input.active ?? before.active,
  };
  const label = rateLabel(locked.network, locked.product);
  const summary = airtimeRateChangeWords(before, after);
  if (summary === 'no change') throw alreadyInState(`The rate for ${label} is already so`);
  checkRate(after);
  await writeRate(ctx.db, locked.id, after, { adminId: actor.id, at: ctx.now });
  const onlySwitched = before.active !== after.active && summary === (after.active ? 'put on sale' : 'taken off sale');
  await insertChange(ctx.db, {
    rateId: locked.id,
    change: onlySwitched ? (after.active ? 'activated' : 'deactivated') : 'changed',
    before,
    after,
    summary,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  const rate = toAirtimeRate((await findRate(ctx.db, locked.id))!);
  return { rate, message: `Rate for ${rate.label}: ${summary}. From the next purchase it is ${keeps(rate)}.` };
});

function toVersion(row: ChangeRow): AirtimeRateVersion {
  return {
    id: row.id,
    rateId: row.rate_id,
    network: row.network,
    product: row.product,
    label: rateLabel(row.network, row.product),
    ...historyEntryFields(row),
  };
}

export const listAirtimeRateHistoryHandler = implementList(listAirtimeRateHistory, ({ input, ctx }) => {
  let query = changeQuery(ctx.db);
  if (input.rateId !== undefined) query = query.where('c.rate_id', '=', input.rateId);
  if (input.network) query = query.where('r.network', '=', input.network);
  return { query, cursor: { column: 'c.id', key: 'id', direction: 'desc' }, map: toVersion };
});
