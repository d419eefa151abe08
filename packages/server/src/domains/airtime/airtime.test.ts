import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

const LIST = '/v1/configuration/fetch/all';
const CREATE = '/v1/configuration/create';
const UPDATE = '/v1/configuration/update';
const HISTORY = '/v1/configuration/history';

let t: TestApp;
let manager: Actor;
let viewer: Actor;
let mtnAirtime: number;

const mtn = (overrides: Record<string, unknown> = {}) => ({
  network: 'MTN',
  product: 'AIRTIME',
  companyDiscountBps: 300,
  merchantCommissionBps: 150,
  minAmount: 5_000,
  maxAmount: 5_000_000,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.actor({ role: 'staff', permissions: ['airtime.view', 'airtime.manage'] });
  viewer = await t.actor({ role: 'staff', permissions: ['airtime.view'] });
});
afterAll(() => t.close());

describe('creating rates', () => {
  it('creates a rate per network and product, with what the company keeps, its creation opening its history, audited', async () => {
    const created = await manager.request('POST', CREATE, { body: mtn({ reason: 'Dealer agreement of November' }) });
    expect(created.status, created.text).toBe(200);
    expect(created.body.rate).toMatchObject({
      network: 'MTN',
      product: 'AIRTIME',
      label: 'MTN airtime',
      companyDiscountBps: 300,
      merchantCommissionBps: 150,
      marginBps: 150,
      minAmount: 5_000,
      maxAmount: 5_000_000,
      active: true,
      updatedBy: expect.stringContaining('Test'),
      lastChange: 'company discount 3%, merchant commission 1.5%, ₦50.00 to ₦50,000.00',
      lastChangeReason: 'Dealer agreement of November',
    });
    expect(created.body.message).toBe('Rate for MTN airtime created, on sale: the merchant earns 1.5% and the company keeps 1.5% of each purchase.');
    mtnAirtime = created.body.rate.id;
    const data = await manager.request('POST', CREATE, { body: mtn({ product: 'DATA', companyDiscountBps: 500, merchantCommissionBps: 250, active: false }) });
    expect(data.status, data.text).toBe(200);
    expect(data.body.rate).toMatchObject({ label: 'MTN data bundles', active: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['outcome', 'subject_kind', 'subject_name'])
      .where('command_id', '=', 'airtime.create')
      .orderBy('id')
      .execute();
    expect(audit[0]).toEqual({ outcome: 'ok', subject_kind: 'airtime-rate', subject_name: 'MTN airtime rate' });
  });

  it('refuses a second rate for the same network and product with 409, keeping nothing', async () => {
    const again = await manager.request('POST', CREATE, { body: mtn({ merchantCommissionBps: 100 }) });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'rate_exists' });
    expect(again.body.message).toContain('MTN airtime');
    expect((await viewer.request('GET', LIST)).body.total).toBe(2);
  });

  it.each([
    ['a network that is not one', { network: 'ETISALAT' }, 'network'],
    ['a product that is not one', { product: 'SMS' }, 'product'],
    ['a commission above the discount', { merchantCommissionBps: 301 }, 'merchantCommissionBps'],
    ['a discount above 100%', { companyDiscountBps: 10_001 }, 'companyDiscountBps'],
    ['basis points with decimals', { merchantCommissionBps: 1.5 }, 'merchantCommissionBps'],
    ['a negative commission', { merchantCommissionBps: -1 }, 'merchantCommissionBps'],
    ['a largest purchase below the smallest', { network: 'GLO', maxAmount: 4_000 }, 'maxAmount'],
    ['a smallest purchase of nothing', { network: 'GLO', minAmount: 0 }, 'minAmount'],
  ])('refuses %s with 400 naming the field', async (_case, overrides, field) => {
    const refused = await manager.request('POST', CREATE, { body: mtn(overrides) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details.fields[0].field).toBe(field);
  });

  it('refuses an admin without airtime.manage with 403, and one without airtime.view the lists', async () => {
    expect((await viewer.request('POST', CREATE, { body: mtn({ network: 'GLO' }) })).status).toBe(403);
    expect((await viewer.request('POST', UPDATE, { body: { id: mtnAirtime, merchantCommissionBps: 100, reason: 'Nope' } })).status).toBe(403);
    const outsider = await t.actor({ role: 'staff', permissions: ['merchants.view'] });
    expect((await outsider.request('GET', LIST)).status).toBe(403);
    expect((await outsider.request('GET', HISTORY)).status).toBe(403);
  });
});

describe('changing rates', () => {
  it('changes the fields given, keeping the rest, with the rate before and after in its history', async () => {
    t.clock.advance(60_000);
    const changed = await manager.request('POST', UPDATE, {
      body: { id: mtnAirtime, merchantCommissionBps: 200, maxAmount: 10_000_000, reason: 'MTN raised the dealer discount' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.rate).toMatchObject({ companyDiscountBps: 300, merchantCommissionBps: 200, marginBps: 100, minAmount: 5_000, maxAmount: 10_000_000 });
    expect(changed.body.rate.lastChange).toBe('merchant commission 1.5% → 2%, largest purchase ₦50,000.00 → ₦100,000.00');
    const history = await viewer.request('GET', HISTORY, { query: { rateId: String(mtnAirtime) } });
    expect(history.status, history.text).toBe(200);
    expect(history.body.items).toHaveLength(2);
    expect(history.body.items[0]).toMatchObject({
      rateId: mtnAirtime,
      label: 'MTN airtime',
      change: 'changed',
      reason: 'MTN raised the dealer discount',
      before: { companyDiscountBps: 300, merchantCommissionBps: 150, minAmount: 5_000, maxAmount: 5_000_000, active: true },
      after: { companyDiscountBps: 300, merchantCommissionBps: 200, minAmount: 5_000, maxAmount: 10_000_000, active: true },
      changedBy: expect.stringContaining('Test'),
      changedAt: t.clock.now().toISOString(),
    });
    expect(history.body.items[1]).toMatchObject({ change: 'created', before: null });
  });

  it('takes a rate off sale and puts it back, each its own kind of change', async () => {
    const off = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, active: false, reason: 'Network outage' } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.message).toContain('taken off sale');
    const on = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, active: true, reason: 'Outage over' } });
    expect(on.status).toBe(200);
    const history = await viewer.request('GET', HISTORY, { query: { rateId: String(mtnAirtime), limit: '2' } });
    expect(history.body.items.map((row: { change: string }) => row.change)).toEqual(['activated', 'deactivated']);
    expect((await viewer.request('GET', LIST, { query: { active: 'false' } })).body.items.map((row: { label: string }) => row.label)).toEqual([
      'MTN data bundles',
    ]);
  });

  it('refuses a change that changes nothing with 409, an unknown rate with 404, and a merged rate that breaks a rule with 400', async () => {
    const same = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, merchantCommissionBps: 200, reason: 'Same again' } });
    expect(same.status).toBe(409);
    expect((await manager.request('POST', UPDATE, { body: { id: 999_999, active: false, reason: 'No such rate' } })).status).toBe(404);
    // A discount cut below the commission already set.
    const below = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, companyDiscountBps: 100, reason: 'Cut' } });
    expect(below.status).toBe(400);
    expect(below.body.details.fields[0].field).toBe('merchantCommissionBps');
    const smaller = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, maxAmount: 1_000, reason: 'Cut' } });
    expect(smaller.status).toBe(400);
    expect(smaller.body.details.fields[0].field).toBe('maxAmount');
    const noReason = await manager.request('POST', UPDATE, { body: { id: mtnAirtime, active: false } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.fields[0].field).toBe('reason');
  });
});

describe('the lists', () => {
  it('lists the rates in the order they were set up, filtered by network and product, and as CSV', async () => {
    const all = await viewer.request('GET', LIST);
    expect(all.body.items.map((row: { label: string }) => row.label)).toEqual(['MTN airtime', 'MTN data bundles']);
    expect((await viewer.request('GET', LIST, { query: { product: 'DATA' } })).body.total).toBe(1);
    expect((await viewer.request('GET', LIST, { query: { network: 'GLO' } })).body.total).toBe(0);
    const csv = await viewer.request('GET', LIST, { query: { download: 'csv' } });
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'Network,Product,Company discount (bps),Merchant commission (bps),Company keeps (bps),Smallest purchase,Largest purchase,On sale,Changed,By',
    );
    expect(lines[1]).toMatch(/^MTN,AIRTIME,300,200,100,50\.00,100000\.00,true,/);
  });

  it('lists every change newest first, filtered by network', async () => {
    const history = await viewer.request('GET', HISTORY);
    expect(history.body.total).toBe(5);
    expect((await viewer.request('GET', HISTORY, { query: { network: 'GLO' } })).body.total).toBe(0);
  });
});
