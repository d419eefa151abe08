import type { AirtimeNetwork, AirtimeProduct, AirtimeRateChange, AirtimeRateSnapshot } from '@traction/core';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';

// ---- rates

/** Every rate with who last changed it and its last change from the history; callers filter and page it. */
export function rateQuery(db: Db) {
  return db
    .selectFrom('airtime_rates as r')
    .leftJoin('admins as a', 'a.id', 'r.updated_by')
    .select((eb) => [
      'r.id',
      'r.network',
      'r.product',
      'r.company_discount_bps',
      'r.merchant_commission_bps',
      'r.min_amount',
      'r.max_amount',
      'r.active',
      'r.created_at',
      'r.updated_at',
      adminNameSql('a').as('updated_by_name'),
      eb.selectFrom('airtime_rate_changes as c').select('c.summary').whereRef('c.rate_id', '=', 'r.id').orderBy('c.id', 'desc').limit(1).as('last_change'),
      eb.selectFrom('airtime_rate_changes as c').select('c.reason').whereRef('c.rate_id', '=', 'r.id').orderBy('c.id', 'desc').limit(1).as('last_reason'),
    ]);
}

export type RateRow = Awaited<ReturnType<ReturnType<typeof rateQuery>['execute']>>[number];

export function findRate(db: Db, id: number) {
  return rateQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** The rate under a row lock, so two admins changing it take turns and each history row's "before" is what it replaced. */
export function lockRate(db: Db, id: number) {
  return db
    .selectFrom('airtime_rates')
    .select(['id', 'network', 'product', 'company_discount_bps', 'merchant_commission_bps', 'min_amount', 'max_amount', 'active'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function rateExists(db: Db, network: AirtimeNetwork, product: AirtimeProduct): Promise<boolean> {
  return (await db.selectFrom('airtime_rates').select('id').where('network', '=', network).where('product', '=', product).executeTakeFirst()) !== undefined;
}

export async function insertRate(
  db: Db,
  rate: { network: AirtimeNetwork; product: AirtimeProduct } & AirtimeRateSnapshot,
  change: { adminId: number | null; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('airtime_rates')
    .values({
      network: rate.network,
      product: rate.product,
      company_discount_bps: rate.companyDiscountBps,
      merchant_commission_bps: rate.merchantCommissionBps,
      min_amount: rate.minAmount,
      max_amount: rate.maxAmount,
      active: rate.active,
      created_by: change.adminId,
      created_at: change.at,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function writeRate(db: Db, id: number, rate: AirtimeRateSnapshot, change: { adminId: number | null; at: Date }): Promise<void> {
  await db
    .updateTable('airtime_rates')
    .set({
      company_discount_bps: rate.companyDiscountBps,
      merchant_commission_bps: rate.merchantCommissionBps,
      min_amount: rate.minAmount,
      max_amount: rate.maxAmount,
      active: rate.active,
      updated_by: change.adminId,
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

// ---- history

export function changeQuery(db: Db) {
  return db
    .selectFrom('airtime_rate_changes as c')
    .innerJoin('airtime_rates as r', 'r.id', 'c.rate_id')
    .leftJoin('admins as a', 'a.id', 'c.changed_by')
    .select([
      'c.id',
      'c.rate_id',
      'r.network',
      'r.product',
      'c.change',
      'c.before',
      'c.after',
      'c.summary',
      'c.reason',
      'c.changed_at',
      adminNameSql('a').as('changed_by_name'),
    ]);
}

export type ChangeRow = Awaited<ReturnType<ReturnType<typeof changeQuery>['execute']>>[number];

export async function insertChange(
  db: Db,
  change: {
    rateId: number;
    change: AirtimeRateChange;
    before: AirtimeRateSnapshot | null;
    after: AirtimeRateSnapshot;
    summary: string;
    reason: string | null;
    adminId: number | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('airtime_rate_changes')
    .values({
      rate_id: change.rateId,
      change: change.change,
      before: change.before ? JSON.stringify(change.before) : null,
      after: JSON.stringify(change.after),
      summary: change.summary,
      reason: change.reason,
      changed_by: change.adminId,
      changed_at: change.at,
    })
    .execute();
}
