import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';
import { seedBroadcasts } from './seed-broadcasts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owners: { business_id: number; email: string; first_name: string; last_name: string; phone: string; role: 'owner' }[] = [];
  for (let i = 0; i < 30; i++) {
    const state = i % 3 === 0 ? 'FC' : 'LA';
    const business = await insertBusiness(t.db, { name: `Demo ${i}`, state_code: state, category: i % 2 === 0 ? 'PHARMACY' : 'RETAIL' });
    owners.push({
      business_id: business.id,
      email: `owner${i}@example.ng`,
      first_name: 'Ada',
      last_name: `Owner ${i}`,
      phone: `+23480300000${String(i).padStart(2, '0')}`,
      role: 'owner',
    });
  }
  await t.db.insertInto('business_users').values(owners).execute();
});
afterAll(() => t.close());

describe('demo broadcasts', () => {
  it('holds a draft, one sent to all, one with failures and one cancelled, counts agreeing with the messages, and runs once', async () => {
    expect(await seedBroadcasts(t.deps)).toEqual({ broadcasts: 4 });
    const rows = await t.db
      .selectFrom('broadcasts')
      .select(['id', 'status', 'messages', 'sent_count', 'bounced_count', 'failed_count', 'skipped_count'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['PARTLY_FAILED', 'SENT', 'CANCELLED', 'DRAFT']);
    for (const row of rows) {
      const messages = await t.db.selectFrom('broadcast_deliveries').select(['status']).where('broadcast_id', '=', row.id).execute();
      expect(messages.length, `broadcast ${row.id}`).toBe(row.messages ?? 0);
      expect(messages.filter((m) => m.status === 'SENT').length).toBe(row.sent_count);
      expect(messages.some((m) => m.status === 'PENDING' || m.status === 'SENDING')).toBe(false);
    }
    expect(rows[0]!.bounced_count + rows[0]!.failed_count).toBeGreaterThan(0);
    expect(rows[0]!.skipped_count).toBeGreaterThan(0);
    expect(await seedBroadcasts(t.deps)).toEqual({ broadcasts: 0 });
    const page = await (await t.actor({ permissions: ['broadcasts.view'] })).request('GET', '/v1/broadcasts');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(4);
  });
});
