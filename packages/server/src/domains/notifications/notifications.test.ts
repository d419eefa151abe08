import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

const BASE = '/v1/stores/notification';
const HOUR = 3_600_000;

let t: TestApp;
let writer: Actor;
let publisher: Actor;
let viewer: Actor;
const lagos: number[] = [];
let kanoPharmacy: number;

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Stock up for December',
  body: 'Loans for stock are open to merchants in good standing until 20 December.',
  category: 'PROMOTION',
  linkUrl: 'https://traction.ng/loans',
  linkLabel: 'See offer',
  audience: 'STATE',
  audienceState: 'LA',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await writer.request('POST', `${BASE}/create`, { body: draft(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.notification.id as number;
}

/** New sessions: moving the test clock hours on ends the old ones (idle). */
async function signInAll() {
  writer = await t.actor({ role: 'staff', permissions: ['notifications.view', 'notifications.manage', 'merchants.view'] });
  publisher = await t.actor({ role: 'staff', permissions: ['notifications.view', 'notifications.publish', 'admins.view'] });
  viewer = await t.actor({ role: 'staff', permissions: ['notifications.view'] });
}

/** Moves the clock on and runs the jobs then due, as the worker would. */
async function later(ms: number) {
  t.clock.advance(ms);
  await t.runJobs();
  await signInAll();
}

beforeAll(async () => {
  t = await createTestApp();
  await signInAll();
  for (const name of ['Adaeze Stores', 'Bisi Provisions', 'Chika Mart'])
    lagos.push((await insertBusiness(t.db, { name, state_code: 'LA', category: 'RETAIL' })).id);
  kanoPharmacy = (await insertBusiness(t.db, { name: 'Kano Health Pharmacy', state_code: 'KN', category: 'PHARMACY' })).id;
  await insertBusiness(t.db, { name: 'Oyo Foods', state_code: 'OY', category: 'RETAIL' });
});
afterAll(() => t.close());

describe('notifications', () => {
  it('keeps a new notification as a draft, reachable by the audience it names, and lists it', async () => {
    const id = await create();
    const got = await viewer.request('GET', `${BASE}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.notification).toMatchObject({
      status: 'DRAFT',
      audience: 'STATE',
      audienceState: 'LA',
      audienceWords: 'Merchants in Lagos',
      recipients: null,
    });
    expect(got.body.reach).toBe(3);
    expect(got.body.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['DRAFT']);
    const list = await viewer.request('GET', `${BASE}/all`, { query: { status: 'DRAFT', search: 'stock up' } });
    expect(list.body.items.map((n: { id: number }) => n.id)).toContain(id);
  });

  it.each([
    [{ audience: 'STATE', audienceState: undefined }, 'audienceState'],
    [{ audience: 'CATEGORY', audienceState: undefined }, 'audienceCategory'],
    [{ audience: 'MERCHANTS', audienceState: undefined }, 'audienceMerchantIds'],
    [{ linkUrl: 'http://traction.ng' }, 'linkUrl'],
    [{ linkUrl: undefined }, 'linkUrl'],
    [{ title: 'x'.repeat(81) }, 'title'],
    [{ audience: 'SAVED_VIEW', audienceState: undefined, audienceViewId: 999 }, 'audienceViewId'],
  ])('refuses %j naming %s', async (over, field) => {
    const res = await writer.request('POST', `${BASE}/create`, { body: draft(over) });
    expect(res.status).toBe(400);
    expect(res.body.details.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('publishes now to the merchants the audience reaches, and never edits a published one', async () => {
    const id = await create({ audience: 'MERCHANTS', audienceState: undefined, audienceMerchantIds: [lagos[0], kanoPharmacy, kanoPharmacy] });
    expect((await writer.request('POST', `${BASE}/publish`, { body: { id } })).status).toBe(403);
    const published = await publisher.request('POST', `${BASE}/publish`, { body: { id } });
    expect(published.status).toBe(200);
    expect(published.body.notification).toMatchObject({ status: 'PUBLISHED', recipients: 2, publishedBy: expect.any(String) });
    const recipients = await viewer.request('GET', `${BASE}/${id}/recipients`);
    expect(recipients.body.items.map((r: { businessId: number }) => r.businessId).sort()).toEqual([lagos[0], kanoPharmacy].sort());

    const edit = await writer.request('POST', `${BASE}/update`, { body: { id, ...draft() } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('is published, so it cannot be edited: withdraw it');
    expect((await publisher.request('POST', `${BASE}/publish`, { body: { id } })).status).toBe(409);

    const withdrawn = await publisher.request('POST', `${BASE}/withdraw`, { body: { id, reason: 'Offer ended early' } });
    expect(withdrawn.body.notification).toMatchObject({ status: 'WITHDRAWN', withdrawnReason: 'Offer ended early', recipients: 2 });
    expect((await publisher.request('POST', `${BASE}/withdraw`, { body: { id, reason: 'again' } })).status).toBe(409);
  });

  it('reads a saved view of merchants as the filters it held when written', async () => {
    const view = await writer.request('POST', '/v1/saved-views', {
      body: { name: 'Retail in Lagos', listId: 'merchants.list', page: '/merchants', filters: { state: 'LA', category: 'RETAIL' } },
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const viewId = view.body.id as number;
    const id = await create({ audience: 'SAVED_VIEW', audienceState: undefined, audienceViewId: viewId });
    // Deleting the view afterwards changes nothing: the notification kept its filters.
    expect((await writer.request('DELETE', `/v1/saved-views/${viewId}`)).status).toBe(200);
    const published = await publisher.request('POST', `${BASE}/publish`, { body: { id } });
    expect(published.body.notification).toMatchObject({ recipients: 3, audienceWords: 'Merchants in the saved view "Retail in Lagos"' });
    // Another admin's view, or a view of another list, is refused.
    const other = await publisher.request('POST', '/v1/saved-views', { body: { name: 'Admins', listId: 'admins.list', page: '/admin', filters: {} } });
    const refused = await writer.request('POST', `${BASE}/create`, {
      body: draft({ audience: 'SAVED_VIEW', audienceState: undefined, audienceViewId: other.body.id }),
    });
    expect(refused.status).toBe(400);
  });

  it('schedules, goes out when its time comes (not before), and a moved time publishes once', async () => {
    const id = await create();
    const past = await publisher.request('POST', `${BASE}/publish`, { body: { id, publishAt: '2026-11-21T09:00:00.000' } });
    expect(past.status).toBe(400);
    expect(past.body.details.fields[0].field).toBe('publishAt');
    // The test clock is 10:00 in Lagos on 21 November.
    const scheduled = await publisher.request('POST', `${BASE}/publish`, { body: { id, publishAt: '2026-11-21T12:00:00.000' } });
    expect(scheduled.body.notification).toMatchObject({ status: 'SCHEDULED', publishAt: '2026-11-21T11:00:00.000Z' });
    // Still editable while scheduled; then moved an hour later.
    expect((await writer.request('POST', `${BASE}/update`, { body: { id, ...draft({ title: 'Stock up for Christmas' }) } })).status).toBe(200);
    await publisher.request('POST', `${BASE}/publish`, { body: { id, publishAt: '2026-11-21T13:00:00.000' } });

    await later(2 * HOUR + 60_000);
    expect((await viewer.request('GET', `${BASE}/${id}`)).body.notification.status).toBe('SCHEDULED');
    await later(HOUR);
    const got = await viewer.request('GET', `${BASE}/${id}`);
    expect(got.body.notification).toMatchObject({ status: 'PUBLISHED', title: 'Stock up for Christmas', recipients: 3 });
    expect(got.body.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['DRAFT', 'SCHEDULED', 'SCHEDULED', 'PUBLISHED']);
    const rows = await t.db.selectFrom('notification_recipients').select('business_id').where('notification_id', '=', id).execute();
    expect(rows).toHaveLength(3);
  });

  it('a scheduled notification withdrawn before its time never goes out', async () => {
    const id = await create();
    const at = new Date(t.clock.now().getTime() + 2 * HOUR);
    const lagosTime = new Date(at.getTime() + HOUR).toISOString().slice(0, 16);
    expect((await publisher.request('POST', `${BASE}/publish`, { body: { id, publishAt: `${lagosTime}:00.000` } })).status).toBe(200);
    expect((await publisher.request('POST', `${BASE}/withdraw`, { body: { id, reason: 'Wrong audience' } })).status).toBe(200);
    await later(3 * HOUR);
    const got = await viewer.request('GET', `${BASE}/${id}`);
    expect(got.body.notification).toMatchObject({ status: 'WITHDRAWN', recipients: null });
    expect(await t.db.selectFrom('notification_recipients').select('business_id').where('notification_id', '=', id).execute()).toEqual([]);
  });

  it('refuses to publish to an audience that reaches nobody, and changes nothing', async () => {
    const id = await create({ audience: 'CATEGORY', audienceState: undefined, audienceCategory: 'BAKERY' });
    const res = await publisher.request('POST', `${BASE}/publish`, { body: { id } });
    expect(res.status).toBe(409);
    expect((await viewer.request('GET', `${BASE}/${id}`)).body.notification.status).toBe('DRAFT');
  });

  it('answers 404 for a notification that does not exist, and 403 without the permission', async () => {
    expect((await viewer.request('GET', `${BASE}/99999`)).status).toBe(404);
    expect((await viewer.request('POST', `${BASE}/create`, { body: draft() })).status).toBe(403);
    expect((await publisher.request('GET', `${BASE}/99999/recipients`)).status).toBe(404);
  });
});
