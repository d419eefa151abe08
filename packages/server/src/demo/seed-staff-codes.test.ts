import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedMerchants } from './seed-merchants';
import { DEMO_STAFF_CODES, seedStaffCodes } from './seed-staff-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = () =>
  t.db
    .selectFrom('staff_codes')
    .select(['code', 'name', 'email', 'phone', 'role', 'status', 'photo_key', 'photo_sha256', 'created_at', 'status_changed_at'])
    .orderBy('id')
    .execute();

describe('the demo staff referral codes', () => {
  it('are made without merchants, then with them: sign-ups within each code’s active time, portraits in the file store, the same every run, and once', async () => {
    expect(await seedStaffCodes(t.deps, { now: t.clock.now() })).toEqual({ codes: 24, signUps: 0 });
    await t.db.deleteFrom('staff_codes').execute();

    await seedMerchants(t.db, { count: 90, anchor: t.clock.now() });
    const seeded = await seedStaffCodes(t.deps, { now: t.clock.now() });
    expect(seeded.codes).toBe(24);
    expect(seeded.signUps).toBeGreaterThan(15);

    const rows = await stored();
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['ACTIVE', 'DEACTIVATED']));
    expect(rows.filter((row) => row.status === 'DEACTIVATED')).toHaveLength(4);
    for (const named of DEMO_STAFF_CODES) expect(rows.find((row) => row.code === named.code)).toMatchObject({ name: named.name, status: named.status });
    expect(rows.some((row) => row.photo_key === null)).toBe(true);

    const { rows: outside } = await sql<{ business_id: number }>`
      select r.business_id from business_referrals r
      join staff_codes s on s.id = r.staff_code_id
      join businesses b on b.id = r.business_id
      where r.referred_at < s.created_at or (s.status = 'DEACTIVATED' and r.referred_at > s.status_changed_at) or b.is_fraud`.execute(t.db);
    expect(outside).toEqual([]);

    // The public portal shows a seeded portrait.
    const found = await t.request('GET', '/v1/staff/retrieve/public/TRC4821', { headers: { 'x-forwarded-for': '192.0.2.10' } });
    expect(found.status, found.text).toBe(200);
    expect(found.body.photo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect((await t.request('GET', '/v1/staff/retrieve/public/TRC1001', { headers: { 'x-forwarded-for': '192.0.2.10' } })).status).toBe(404);

    const viewer = await t.actor({ role: 'staff', permissions: ['staff-codes.view'] });
    const listed = await viewer.request('GET', '/v1/staff/retrieve', { query: { limit: '100' } });
    expect(listed.body.items.reduce((sum: number, row: { signUps: number }) => sum + row.signUps, 0)).toBe(seeded.signUps);

    expect(await seedStaffCodes(t.deps, { now: t.clock.now() })).toEqual({ codes: 0, signUps: 0 });
    await t.db.deleteFrom('business_referrals').execute();
    await t.db.deleteFrom('staff_codes').execute();
    expect(await seedStaffCodes(t.deps, { now: t.clock.now() })).toEqual(seeded);
    expect(await stored()).toEqual(rows);
  });
});
