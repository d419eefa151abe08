import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo';
import { seedMerchants } from '../../demo/seed-merchants';
import { seedPayments } from '../../demo/seed-payments';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { refreshPaymentRollups } from './index';

const ROUTES = '/v1/stores/getTransactionMonitoring';
const BANKS = `${ROUTES}/banks`;
const FAILED = `${ROUTES}/failed-routes`;

let t: TestApp;
let watcher: Actor;
const range = { startDate: '2026-11-01', endDate: '2026-11-21' };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: 10 });
  await seedMerchants(t.db, { count: 600, anchor: t.clock.now() });
  await seedPayments(t.db, { count: 4_000, days: 12, now: t.clock.now() });
  watcher = await t.actor({ role: 'staff', permissions: ['monitoring.view'] });
});
afterAll(() => t.close());

async function direct(by: 'route' | 'bank_code') {
  const { rows } = await sql<{ key: string; payments: number; successful: number; amount: string }>`
    select ${sql.raw(by)} key, count(*)::int payments, count(*) filter (where status = 'SUCCESSFUL')::int successful, sum(amount)::text amount
    from payment_logs where created_at >= '2026-10-31T23:00:00Z' and created_at < '2026-11-21T23:00:00Z' group by 1`.execute(t.db);
  return new Map(rows.map((row) => [row.key, row]));
}

/** `n` payments on a route, all at one hour, answered with `code`. */
async function addPayments(route: string, at: Date, n: number, code: string) {
  await sql`
    insert into payment_logs (business_id, terminal_id, channel, card_scheme, masked_pan, amount, charge, pricing_band_id, route, bank_code, response_code, status, rrn, stan, reference, cumulation_id, created_at)
    select p.business_id, p.terminal_id, 'card', 'verve', '506099******0001', 100000, 0, p.pricing_band_id, ${route}, '058', ${code},
      case ${code} when '68' then 'REVERSED' else 'FAILED' end, lpad((900000000000 + g)::text, 12, '0'), '000001', 'TEST' || ${code} || ${route} || g || extract(epoch from ${at}::timestamptz)::bigint, null, ${at}::timestamptz + g * interval '10 seconds'
    from generate_series(1, ${n}) g, (select business_id, terminal_id, pricing_band_id from payment_logs where terminal_id is not null limit 1) p`.execute(
    t.db,
  );
}

describe('transaction monitoring', () => {
  it('counts each route and bank as the payment logs do, before and after the rollups are refreshed', async () => {
    for (const refreshed of [false, true]) {
      if (refreshed) expect((await refreshPaymentRollups(t.db)).folded).toBeGreaterThan(0);
      const answer = await watcher.request('GET', ROUTES, { query: range });
      expect(answer.status, answer.text).toBe(200);
      const counted = await direct('route');
      for (const route of answer.body.routes) {
        const expected = counted.get(route.key);
        expect(route.payments).toBe(expected?.payments ?? 0);
        expect(route.successful).toBe(expected?.successful ?? 0);
        expect(String(route.amount)).toBe(expected?.amount ?? '0');
      }
      const banks = await watcher.request('GET', BANKS, { query: range });
      expect(banks.status, banks.text).toBe(200);
      const byBank = await direct('bank_code');
      for (const bank of banks.body.banks) expect(bank.payments).toBe(byBank.get(bank.key)!.payments);
    }
    // Payments after the refresh are counted too, straight from the log.
    await addPayments('isw', new Date('2026-11-20T10:00:00Z'), 7, '05');
    const answer = await watcher.request('GET', ROUTES, { query: range });
    expect(answer.body.routes.find((r: { key: string }) => r.key === 'isw').payments).toBe((await direct('route')).get('isw')!.payments);
  });

  it('finds a route that failed for two hours and the code that dominated its failures', async () => {
    await addPayments('upsl', new Date('2026-11-19T11:00:00Z'), 60, '91');
    await addPayments('upsl', new Date('2026-11-19T12:00:00Z'), 30, '96');
    await addPayments('upsl', new Date('2026-11-19T12:00:00Z'), 20, '91');
    await refreshPaymentRollups(t.db);
    const answer = await watcher.request('GET', FAILED, { query: { ...range, threshold: '80' } });
    expect(answer.status, answer.text).toBe(200);
    const upsl = answer.body.routes.find((route: { key: string }) => route.key === 'upsl');
    expect(upsl).toBeTruthy();
    const window = upsl.windows.find((w: { from: string }) => w.from === '2026-11-19T11:00:00.000Z');
    expect(window.to).toBe('2026-11-19T13:00:00.000Z');
    expect(window.topFailures[0].code).toBe('91');
    expect(window.topFailures[0].message).toBe('Issuer or switch inoperative');
    // The route's detail, hour by hour over a day, shows the drop.
    const day = await watcher.request('GET', ROUTES, { query: { id: 'upsl', startDate: '2026-11-19', endDate: '2026-11-19' } });
    expect(day.body.bucket).toBe('hour');
    const noon = day.body.series[0].points.find((p: { at: string }) => p.at === '2026-11-19T11:00:00.000Z');
    expect(noon.successRate).toBeLessThan(50);
    expect(day.body.routes[0].belowThreshold).toBe(true);
    expect(day.body.banks.find((b: { key: string }) => b.key === '058')).toBeTruthy();
  });

  it('refuses ranges backwards, over a year or impossible, naming the field; and needs monitoring.view', async () => {
    for (const [query, field] of [
      [{ startDate: '2026-11-20', endDate: '2026-11-01' }, 'endDate'],
      [{ startDate: '2025-01-01', endDate: '2026-11-01' }, 'endDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ threshold: '0' }, 'threshold'],
    ] as const) {
      const answer = await watcher.request('GET', ROUTES, { query });
      expect(answer.status, answer.text).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const other = await t.actor({ role: 'staff', permissions: ['payments.view'] });
    expect((await other.request('GET', ROUTES)).status).toBe(403);
  });
});
