import { WEBSITE_FORM_STATUSES } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedMerchants } from './seed-merchants';
import { seedPayments } from './seed-payments';
import { seedWebsiteForms } from './seed-website-forms';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { scryptLogN: 10 });
  await seedMerchants(t.db, { count: 40, anchor: t.clock.now() });
  await seedPayments(t.db, { count: 2_000, days: 12, now: t.clock.now() });
});
afterAll(() => t.close());

describe('the demo website forms', () => {
  it('holds both kinds in every state, chargebacks linked to demo payments, evidence that is served, once', async () => {
    const seeded = await seedWebsiteForms(t.deps);
    expect(seeded.forms).toBe(30);
    expect(seeded.linked).toBeGreaterThan(8);
    expect(await seedWebsiteForms(t.deps)).toEqual({ forms: 0, linked: 0 });

    const viewer = await t.actor({ permissions: ['website-forms.view'] });
    for (const kind of ['CHARGEBACK', 'SUPPORT']) {
      for (const status of WEBSITE_FORM_STATUSES) {
        const found = await viewer.request('GET', '/v1/website-forms', { query: { kind, status } });
        expect(found.status, found.text).toBe(200);
        expect(found.body.total, `${kind} ${status}`).toBeGreaterThan(0);
      }
    }
    const linked = await t.db.selectFrom('website_forms').select(['id', 'rrn', 'amount', 'payment_id']).where('payment_id', 'is not', null).execute();
    for (const form of linked) {
      const payment = await t.db.selectFrom('payment_logs').select(['rrn', 'amount']).where('id', '=', form.payment_id!).executeTakeFirstOrThrow();
      expect(payment).toEqual({ rrn: form.rrn, amount: form.amount });
    }
    const withEvidence = await t.db.selectFrom('website_forms').select('id').where('evidence_key', 'is not', null).executeTakeFirstOrThrow();
    const file = await t.app.request(`/v1/website-forms/${withEvidence.id}/evidence`, {
      headers: { authorization: `Bearer ${viewer.token}`, 'device-id': viewer.deviceId },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // Every submission's change log agrees with its status.
    const detail = await viewer.request('GET', `/v1/website-forms/${withEvidence.id}`);
    expect(detail.body.events.at(-1).toStatus).toBe(detail.body.status);
    // The one still waiting out an outage goes to the help desk when its job comes due.
    t.clock.advance(11 * 60_000);
    expect(await t.runJobs()).toBe(1);
    expect(await t.db.selectFrom('website_forms').select('id').where('help_desk_state', '=', 'RETRYING').execute()).toEqual([]);
  });
});
