import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const BANDS = '/v1/payments/pricing-band';
const MERCHANTS = `${BANDS}/merchants`;
const ASSIGN = (business: number, band: number) => `/v1/admin/business/${business}/pricingBand/${band}`;
const BULK = '/v1/admin/business/pricingBand/bulk';

let t: TestApp;
let manager: Actor;
let viewer: Actor;
const merchants: number[] = [];
let keys = 0;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['pricing-bands.view', 'pricing-bands.manage', 'pricing-bands.assign', 'audit.view'] });
  viewer = await t.actor({ role: 'staff', permissions: ['pricing-bands.view'] });
  for (const name of ['Band Alpha Stores', 'Band Beta Stores', 'Band Gamma Kiosk']) merchants.push((await insertBusiness(t.db, { name })).id);
});
afterAll(() => t.close());

const charges = { cardPercent: 0.4, cardCap: 150_000, transferPercent: 0, transferFlat: 5_000, ussdPercent: 0.5 };

describe('pricing bands', () => {
  it('creates a band with its charges in words, refuses a second of the same name, and moves the default flag', async () => {
    const made = await manager.request('POST', BANDS, { body: { name: 'Fuel stations', description: 'Filling stations', ...charges } });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ name: 'Fuel stations', card: '0.40%, capped at ₦1,500.00', transfer: '₦50.00', ussd: '0.50%', isDefault: false });
    const again = await manager.request('POST', BANDS, { body: { name: 'fuel STATIONS', ...charges } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Fuel stations');
    const bad = await manager.request('POST', BANDS, { body: { name: 'Odd', ...charges, cardPercent: 0.123 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('cardPercent');

    const list = await viewer.request('GET', BANDS);
    const standard = list.body.items.find((band: { name: string }) => band.name === 'Standard');
    expect(standard).toMatchObject({ isDefault: true, card: '0.50%, capped at ₦100.00' });
    expect(standard.merchants).toBeGreaterThanOrEqual(3);
    const changed = await manager.request('PATCH', `${BANDS}/${made.body.id}`, { body: { isDefault: true, cardPercent: 0.45, cardCap: 100_000 } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ isDefault: true, card: '0.45%, capped at ₦1,000.00' });
    const after = await viewer.request('GET', BANDS);
    expect(after.body.items.filter((band: { isDefault: boolean }) => band.isDefault).map((band: { name: string }) => band.name)).toEqual(['Fuel stations']);
    await manager.request('PATCH', `${BANDS}/${standard.id}`, { body: { isDefault: true } });
  });

  it('puts one merchant on a band, then a selection and a filter, skipping those already on it', async () => {
    const made = await manager.request('POST', BANDS, { body: { name: 'Market traders', ...charges } });
    const band = made.body.id as number;
    const one = await manager.request('POST', ASSIGN(merchants[0]!, band));
    expect(one.status, one.text).toBe(200);
    expect(one.body.message).toContain('Band Alpha Stores moved from Standard (the default) to Market traders');
    expect((await manager.request('POST', ASSIGN(999_999, band))).status).toBe(404);
    expect((await manager.request('POST', ASSIGN(merchants[0]!, 999_999))).status).toBe(404);

    const bulk = await manager.request('POST', BULK, {
      body: { ids: merchants.slice(0, 2), pricing_band_id: band },
      headers: { 'idempotency-key': `bands-${++keys}-bulk` },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toMatchObject({ matched: 2, changed: 1, skipped: [{ id: merchants[0], reason: 'already on Market traders' }] });
    const byFilter = await manager.request('POST', BULK, {
      body: { matching: { search: 'band gamma' }, pricing_band_id: band },
      headers: { 'idempotency-key': `bands-${++keys}-filter` },
    });
    expect(byFilter.body).toMatchObject({ matched: 1, changed: 1 });
    const on = await viewer.request('GET', MERCHANTS, { query: { band: String(band) } });
    expect(on.body.items.map((m: { id: number }) => m.id).sort()).toEqual([...merchants].sort());
    expect((await viewer.request('POST', ASSIGN(merchants[0]!, band))).status).toBe(403);
  });
});
