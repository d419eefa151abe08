import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedCommerce, seedSales } from './seed-commerce';
import { seedMerchants } from './seed-merchants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedMerchants(t.db, { count: 80, files: t.files });
}, 120_000);
afterAll(() => t.close());

const countOf = async (table: 'online_stores' | 'products' | 'online_orders' | 'invoices' | 'sales') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seedCommerce', () => {
  it('loads stores, products, orders, invoices and sales of the demo merchants once', async () => {
    const now = t.clock.now();
    const loaded = await seedCommerce(t.db, { now, sales: 3_000 });
    expect(loaded).toMatchObject({ stores: 20, orders: 1_500, invoices: 800, sales: 3_000 });
    expect(await countOf('sales')).toBe(3_000);
    expect(await seedCommerce(t.db, { now })).toEqual({ stores: 0, products: 0, orders: 0, invoices: 0, sales: 0 });

    const methods = await t.db
      .selectFrom('sales')
      .select(['payment_method'])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .groupBy('payment_method')
      .execute();
    expect(methods.map((row) => row.payment_method).sort()).toEqual(['CARD', 'CASH', 'TRANSFER']);
    const statuses = await t.db.selectFrom('invoices').select('status').distinct().execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(['OVERDUE', 'PAID', 'UNPAID']);
    // Over the last 90 days, none in the future, and ids in time order.
    const span = await t.db
      .selectFrom('sales')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
    expect(new Date(span.last as Date).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(span.first as Date).getTime()).toBeGreaterThanOrEqual(now.getTime() - 90 * 86_400_000 - 60_000);
    const firstTwo = await t.db.selectFrom('sales').select(['created_at']).orderBy('id').limit(2).execute();
    expect(firstTwo[0]!.created_at.getTime()).toBeLessThanOrEqual(firstTwo[1]!.created_at.getTime());
    // A sale of a product is of one of its merchant's products, at its price times the quantity.
    const wrong = await t.db
      .selectFrom('sales as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select('s.id')
      .where(sql<boolean>`p.business_id <> s.business_id or s.amount <> p.price * s.quantity`)
      .execute();
    expect(wrong).toEqual([]);
  });

  it('adds many sales quickly for benchmarks', async () => {
    const before = await countOf('sales');
    const started = performance.now();
    expect(await seedSales(t.db, { count: 50_000, now: t.clock.now() })).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(await countOf('sales')).toBe(before + 50_000);
  }, 60_000);
});
