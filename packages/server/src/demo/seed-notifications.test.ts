import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { insertBusiness } from '../test/merchant-fixtures';
import { seedNotifications } from './seed-notifications';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertBusiness(t.db, { name: 'Lagos Retail', state_code: 'LA', category: 'RETAIL' });
  await insertBusiness(t.db, { name: 'Abuja Pharmacy', state_code: 'FC', category: 'PHARMACY' });
});
afterAll(() => t.close());

describe('demo notifications', () => {
  it('holds every status once, with inboxes agreeing with the recipient counts, and runs once', async () => {
    expect(await seedNotifications(t.deps)).toEqual({ notifications: 6 });
    const rows = await t.db.selectFrom('notifications').select(['id', 'status', 'recipients', 'audience']).orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['PUBLISHED', 'PUBLISHED', 'PUBLISHED', 'WITHDRAWN', 'SCHEDULED', 'DRAFT']);
    for (const row of rows) {
      const inbox = await t.db.selectFrom('notification_recipients').select('business_id').where('notification_id', '=', row.id).execute();
      expect(inbox.length, `notification ${row.id}`).toBe(row.recipients ?? 0);
    }
    expect(rows[0]!.recipients).toBe(2);
    expect(rows[2]!.recipients).toBe(1);
    expect(await seedNotifications(t.deps)).toEqual({ notifications: 0 });
  });

  it('publishes the scheduled one when its job comes due', async () => {
    t.clock.advance(3 * DAY);
    await t.runJobs();
    const scheduled = await t.db.selectFrom('notifications').select(['status', 'recipients']).where('title', 'like', 'Stock loans%').executeTakeFirstOrThrow();
    expect(scheduled).toEqual({ status: 'PUBLISHED', recipients: 1 });
  });
});
