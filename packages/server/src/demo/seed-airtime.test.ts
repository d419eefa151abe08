import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedAirtime } from './seed-airtime';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo airtime configuration', () => {
  it('has a rate per network and product with its history of changes, before and after agreeing with the rate now, once', async () => {
    expect(await seedAirtime(t.db, { now: t.clock.now() })).toEqual({ rates: 8, changes: 14 });
    const viewer = await t.actor({ role: 'staff', permissions: ['airtime.view'] });
    const rates = await viewer.request('GET', '/v1/configuration/fetch/all');
    expect(rates.status, rates.text).toBe(200);
    expect(rates.body.total).toBe(8);
    expect(rates.body.items.find((row: { label: string }) => row.label === '9mobile data bundles')).toMatchObject({ active: false });
    expect(rates.body.items.find((row: { label: string }) => row.label === 'MTN airtime')).toMatchObject({
      companyDiscountBps: 320,
      merchantCommissionBps: 200,
      maxAmount: 10_000_000,
    });
    const history = await viewer.request('GET', '/v1/configuration/history');
    expect(history.body.total).toBe(14);
    // The latest change of each rate leaves it as it is now.
    for (const rate of rates.body.items) {
      const latest = history.body.items.find((row: { rateId: number }) => row.rateId === rate.id);
      expect(latest.after).toEqual({
        companyDiscountBps: rate.companyDiscountBps,
        merchantCommissionBps: rate.merchantCommissionBps,
        minAmount: rate.minAmount,
        maxAmount: rate.maxAmount,
        active: rate.active,
      });
    }
    expect(await seedAirtime(t.db, { now: t.clock.now() })).toEqual({ rates: 0, changes: 0 });
  });
});
