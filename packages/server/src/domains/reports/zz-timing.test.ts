import { afterAll, beforeAll, it } from 'vitest';
import { seedLedger } from '../../demo/seed-ledger';
import { seedMerchants } from '../../demo/seed-merchants';
import { seedPayments } from '../../demo/seed-payments';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

let t: TestApp;
let viewer: Actor;
beforeAll(async () => {
  t = await createTestApp();
  await seedMerchants(t.db, { count: 20_000, anchor: t.clock.now() });
  await seedPayments(t.db, { count: 100_000, days: 90, now: t.clock.now() });
  await seedLedger(t.db, { transactions: 20_000, anchor: t.clock.now() });
  viewer = await t.actor({ role: 'staff', permissions: ['reports.view'] });
}, 600_000);
afterAll(() => t.close());

it('times', async () => {
  for (const report of ['signups', 'active-merchants', 'kyc', 'payments', 'wallet-balances', 'allbusiness']) {
    for (const by of ['day', 'state']) {
      const started = performance.now();
      const answer = await viewer.request('GET', `/v1/businesses/reports/${report}`, { query: { by, startdatetime: '2025-11-21', enddatetime: '2026-11-21' } });
      const csvStarted = performance.now();
      const csv = await viewer.request('GET', `/v1/businesses/reports/${report}`, { query: { by, startdatetime: '2025-11-21', enddatetime: '2026-11-21', download: 'csv' } });
      console.log(report, by, answer.status, Math.round(csvStarted - started), 'ms page;', csv.status, Math.round(performance.now() - csvStarted), 'ms csv', csv.text.length, 'bytes');
    }
  }
  const started = performance.now();
  const summary = await viewer.request('GET', '/v1/businesses/reports/business', { query: { days: '366' } });
  console.log('business', summary.status, Math.round(performance.now() - started), 'ms', JSON.stringify(summary.body));
}, 600_000);
