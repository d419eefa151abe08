import { SAVINGS_PLANS, WAITLIST_SOURCES } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedMerchants } from './seed-merchants';
import { seedSavingsWaitlist } from './seed-savings-waitlist';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The wait-list as stored, without the ids a new run numbers afresh. */
const stored = () =>
  t.db
    .selectFrom('savings_waitlist')
    .select(['name', 'email', 'phone', 'business_id', 'plan', 'monthly_amount', 'state_code', 'source', 'joined_at'])
    .orderBy('id')
    .execute();

describe('the demo savings wait-list', () => {
  it('is made without merchants, of people who are not merchants', async () => {
    expect(await seedSavingsWaitlist(t.db, { count: 50, now: t.clock.now() })).toEqual({ entries: 50, merchants: 0 });
    await t.db.deleteFrom('savings_waitlist').execute();
  });

  it('links one entry in four to a merchant owner, in agreement with the merchant, ids in joining order, the same every run, and once', async () => {
    await seedMerchants(t.db, { count: 60, anchor: t.clock.now() });
    const seeded = await seedSavingsWaitlist(t.db, { count: 200, now: t.clock.now() });
    expect(seeded.entries).toBe(200);
    expect(seeded.merchants).toBe(50);

    const viewer = await t.actor({ role: 'staff', permissions: ['savings.view'] });
    const all = await viewer.request('GET', '/v2/savings/wait-list-all', { query: { limit: '100' } });
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(200);
    const joined = all.body.items.map((row: { joinedAt: string }) => row.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());

    const { rows: disagreeing } = await sql<{ id: number }>`
      select w.id from savings_waitlist w
      join businesses b on b.id = w.business_id
      join business_users u on u.business_id = b.id and u.role = 'owner'
      where b.is_fraud or w.email <> u.email or w.phone <> u.phone or w.name <> u.first_name || ' ' || u.last_name
        or w.state_code is distinct from b.state_code or w.joined_at < b.created_at`.execute(t.db);
    expect(disagreeing).toEqual([]);
    const { rows: late } = await sql<{ id: number }>`select id from savings_waitlist where joined_at > ${t.clock.now()}`.execute(t.db);
    expect(late).toEqual([]);
    const { rows: outOfOrder } = await sql<{ id: number }>`
      select a.id from savings_waitlist a join savings_waitlist b on b.id = a.id + 1 where b.joined_at < a.joined_at`.execute(t.db);
    expect(outOfOrder).toEqual([]);
    const rows = await stored();
    expect(new Set(rows.map((row) => row.plan))).toEqual(new Set(SAVINGS_PLANS));
    expect(new Set(rows.map((row) => row.source))).toEqual(new Set(WAITLIST_SOURCES));
    expect(rows.some((row) => row.monthly_amount === null)).toBe(true);

    expect(await seedSavingsWaitlist(t.db, { count: 200, now: t.clock.now() })).toEqual({ entries: 0, merchants: 0 });
    await t.db.deleteFrom('savings_waitlist').execute();
    await seedSavingsWaitlist(t.db, { count: 200, now: t.clock.now() });
    expect(await stored()).toEqual(rows);
  });
});
