import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedMarketing } from './seed-marketing';
import { seedMerchants } from './seed-merchants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the seed wrote, without the ids a new run numbers afresh. */
async function stored() {
  const runs = await t.db
    .selectFrom('marketing_sync_runs')
    .select(['kind', 'status', 'file_name', 'created_at', 'finished_at', 'failure'])
    .orderBy('id')
    .execute();
  const contacts = await t.db
    .selectFrom('marketing_sync_contacts')
    .select(['email', 'first_name', 'phone', 'row_number', 'result', 'reason', 'at'])
    .orderBy('id')
    .execute();
  const optOuts = await t.db.selectFrom('contact_opt_outs').select(['address', 'source', 'created_at']).orderBy('address').execute();
  return { runs, contacts, optOuts };
}

async function clear() {
  await t.db.deleteFrom('marketing_sync_contacts').execute();
  await t.db.deleteFrom('marketing_sync_runs').execute();
  await t.db.deleteFrom('contact_opt_outs').execute();
}

describe('the demo email-marketing syncs', () => {
  it('is made without merchants: the upload of leads alone has contacts', async () => {
    const seeded = await seedMarketing(t.db, { now: t.clock.now() });
    expect(seeded).toEqual({ runs: 4, contacts: 60, optOuts: 2 });
    await clear();
  });

  it('holds past syncs in every outcome with a result per contact, never sends the opted-out, the same every run, and once', async () => {
    await seedMerchants(t.db, { count: 120, anchor: t.clock.now() });
    const seeded = await seedMarketing(t.db, { now: t.clock.now() });
    expect(seeded.runs).toBe(4);
    expect(seeded.optOuts).toBeGreaterThan(2);

    const viewer = await t.actor({ role: 'staff', permissions: ['marketing.view'] });
    const runs = await viewer.request('GET', '/v1/marketing/syncs');
    expect(runs.status, runs.text).toBe(200);
    expect(runs.body.items.map((run: { kind: string; status: string }) => `${run.kind} ${run.status}`)).toEqual([
      'ALL_OWNERS DONE',
      'ALL_OWNERS FAILED',
      'UPLOAD DONE',
      'ALL_OWNERS DONE',
    ]);
    const [last, failed, upload, first] = runs.body.items;
    expect(first).toMatchObject({ added: first.contacts - first.optedOut - first.failed, updated: 0, providerOptOuts: expect.any(Number), startedBy: null });
    expect(first.optedOut).toBeGreaterThan(0);
    expect(first.failed).toBeGreaterThan(0);
    expect(upload).toMatchObject({ fileName: 'lagos-trade-fair-leads.csv', contacts: 60, failed: 3, optedOut: 2, added: 55 });
    expect(failed.reached).toBeLessThan(failed.contacts);
    expect(failed.failure).toMatch(/^Brevo did not answer 3 times in a row/);
    expect(last.updated).toBeGreaterThan(0);
    expect(last.reached).toBe(last.contacts);
    for (const run of runs.body.items) expect(new Date(run.finishedAt).getTime()).toBeGreaterThan(new Date(run.createdAt).getTime());

    const { rows: sentAfterOptOut } = await sql<{ id: string }>`
      select c.id from marketing_sync_contacts c join contact_opt_outs o on o.channel = 'EMAIL' and o.address = c.email
      where c.result in ('ADDED', 'UPDATED') and o.created_at <= c.at`.execute(t.db);
    expect(sentAfterOptOut).toEqual([]);
    const { rows: late } = await sql<{ id: string }>`select id from marketing_sync_contacts where at > ${t.clock.now()}`.execute(t.db);
    expect(late).toEqual([]);

    const before = await stored();
    expect(await seedMarketing(t.db, { now: t.clock.now() })).toEqual({ runs: 0, contacts: 0, optOuts: 0 });
    await clear();
    await seedMarketing(t.db, { now: t.clock.now() });
    expect(await stored()).toEqual(before);
  });
});
