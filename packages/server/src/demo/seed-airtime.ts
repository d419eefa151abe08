import { type AirtimeNetwork, type AirtimeProduct, type AirtimeRateChange, type AirtimeRateSnapshot, airtimeRateChangeWords } from '@traction/core';
import type { Db } from '../db/connect';

const DAY = 86_400_000;

/** The demo's rates, as the company set them up 120 days ago (discount and commission in basis points, amounts in kobo). */
const STARTING_RATES: readonly ({ network: AirtimeNetwork; product: AirtimeProduct } & AirtimeRateSnapshot)[] = [
  { network: 'MTN', product: 'AIRTIME', companyDiscountBps: 300, merchantCommissionBps: 150, minAmount: 5_000, maxAmount: 5_000_000, active: true },
  { network: 'MTN', product: 'DATA', companyDiscountBps: 400, merchantCommissionBps: 250, minAmount: 10_000, maxAmount: 10_000_000, active: true },
  { network: 'AIRTEL', product: 'AIRTIME', companyDiscountBps: 350, merchantCommissionBps: 250, minAmount: 5_000, maxAmount: 5_000_000, active: true },
  { network: 'AIRTEL', product: 'DATA', companyDiscountBps: 400, merchantCommissionBps: 300, minAmount: 10_000, maxAmount: 10_000_000, active: true },
  { network: 'GLO', product: 'AIRTIME', companyDiscountBps: 600, merchantCommissionBps: 400, minAmount: 5_000, maxAmount: 5_000_000, active: true },
  { network: 'GLO', product: 'DATA', companyDiscountBps: 800, merchantCommissionBps: 500, minAmount: 10_000, maxAmount: 10_000_000, active: true },
  { network: '9MOBILE', product: 'AIRTIME', companyDiscountBps: 500, merchantCommissionBps: 350, minAmount: 5_000, maxAmount: 5_000_000, active: true },
  { network: '9MOBILE', product: 'DATA', companyDiscountBps: 600, merchantCommissionBps: 400, minAmount: 10_000, maxAmount: 10_000_000, active: true },
];

/** What happened to the rates since, oldest first: days before now, which rate, what changed and why. */
const LATER_CHANGES: readonly { daysAgo: number; network: AirtimeNetwork; product: AirtimeProduct; set: Partial<AirtimeRateSnapshot>; reason: string }[] = [
  { daysAgo: 90, network: 'MTN', product: 'AIRTIME', set: { merchantCommissionBps: 200 }, reason: 'Match the commission competitors pay agents' },
  { daysAgo: 75, network: 'GLO', product: 'DATA', set: { active: false }, reason: 'Aggregator failing Glo data purchases' },
  { daysAgo: 73, network: 'GLO', product: 'DATA', set: { active: true }, reason: 'Aggregator fixed, purchases succeeding again' },
  { daysAgo: 40, network: 'MTN', product: 'AIRTIME', set: { companyDiscountBps: 320, maxAmount: 10_000_000 }, reason: 'New MTN dealer agreement (tier 2)' },
  { daysAgo: 21, network: 'AIRTEL', product: 'DATA', set: { merchantCommissionBps: 275 }, reason: 'Airtel cut the data discount passed on to dealers' },
  { daysAgo: 6, network: '9MOBILE', product: 'DATA', set: { active: false }, reason: '9mobile data bundles unavailable from the aggregator' },
];

/**
 * Loads the demo airtime configuration once (skipped when there is any): a rate for each network's
 * airtime and data bundles, set up 120 days ago, then changed six times since (a commission
 * raised, a rate taken off sale and back, a new dealer agreement), each change in the history
 * with the rate before and after, by the first demo admins. 9mobile data is off sale now.
 */
export async function seedAirtime(db: Db, options: { now?: Date } = {}): Promise<{ rates: number; changes: number }> {
  if (await db.selectFrom('airtime_rates').select('id').limit(1).executeTakeFirst()) return { rates: 0, changes: 0 };
  const now = options.now ?? new Date();
  const admins = (await db.selectFrom('admins').select('id').where('deleted_at', 'is', null).orderBy('id').limit(2).execute()).map((admin) => admin.id);
  const by = (n: number) => (admins.length === 0 ? null : admins[n % admins.length]!);
  const setUp = new Date(now.getTime() - 120 * DAY);
  const current = new Map<string, { id: number; rate: AirtimeRateSnapshot }>();
  let changes = 0;
  const record = async (
    rateId: number,
    change: AirtimeRateChange,
    before: AirtimeRateSnapshot | null,
    after: AirtimeRateSnapshot,
    reason: string | null,
    at: Date,
    admin: number | null,
  ) => {
    await db
      .insertInto('airtime_rate_changes')
      .values({
        rate_id: rateId,
        change,
        before: before ? JSON.stringify(before) : null,
        after: JSON.stringify(after),
        summary: airtimeRateChangeWords(before, after),
        reason,
        changed_by: admin,
        changed_at: at,
      })
      .execute();
    changes += 1;
  };

  for (const { network, product, ...rate } of STARTING_RATES) {
    const { id } = await db
      .insertInto('airtime_rates')
      .values({
        network,
        product,
        company_discount_bps: rate.companyDiscountBps,
        merchant_commission_bps: rate.merchantCommissionBps,
        min_amount: rate.minAmount,
        max_amount: rate.maxAmount,
        active: rate.active,
        created_by: by(0),
        created_at: setUp,
        updated_by: by(0),
        updated_at: setUp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    current.set(`${network}/${product}`, { id, rate });
    await record(id, 'created', null, rate, 'Rates of the aggregator agreement', setUp, by(0));
  }

  for (const [n, later] of LATER_CHANGES.entries()) {
    const held = current.get(`${later.network}/${later.product}`)!;
    const after = { ...held.rate, ...later.set };
    const at = new Date(now.getTime() - later.daysAgo * DAY);
    const admin = by(n + 1);
    await db
      .updateTable('airtime_rates')
      .set({
        company_discount_bps: after.companyDiscountBps,
        merchant_commission_bps: after.merchantCommissionBps,
        min_amount: after.minAmount,
        max_amount: after.maxAmount,
        active: after.active,
        updated_by: admin,
        updated_at: at,
      })
      .where('id', '=', held.id)
      .execute();
    const onlySwitched = Object.keys(later.set).length === 1 && 'active' in later.set;
    await record(held.id, onlySwitched ? (after.active ? 'activated' : 'deactivated') : 'changed', held.rate, after, later.reason, at, admin);
    current.set(`${later.network}/${later.product}`, { id: held.id, rate: after });
  }
  return { rates: STARTING_RATES.length, changes };
}
