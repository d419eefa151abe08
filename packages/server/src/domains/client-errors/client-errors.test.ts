import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';

const REPORTS = '/v1/client-errors';
const SETTINGS = '/v1/client-errors/settings';

const report = {
  message: "Cannot read properties of undefined (reading 'name')",
  stack: "TypeError: Cannot read properties of undefined (reading 'name')\n    at MerchantPage (/assets/MerchantPage-4f2a9c.js:1:2345)",
  route: '/merchants/42',
  consoleVersion: 'index-4f2a9c.js',
};

describe('error reports, with reporting on', () => {
  let t: TestApp;
  let clerk: Actor;
  let engineer: Actor;
  beforeAll(async () => {
    t = await createTestApp({ config: { errorReporter: 'server', productionAdminHost: 'admin.traction.ng', clientErrorsPerAdminPer10Min: 3 } });
    clerk = await t.actor({ role: 'staff', permissions: [] });
    engineer = await t.actor({ role: 'staff', permissions: ['client-errors.view'] });
  });
  afterAll(() => t.close());

  it('tells anyone, signed in or not, where reports go and from which host', async () => {
    const settings = await t.request('GET', SETTINGS);
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ reporter: 'server', productionHost: 'admin.traction.ng' });
  });

  it("keeps a signed-in admin's report with who sent it, from which browser, without needing a permission", async () => {
    const sent = await clerk.request('POST', REPORTS, { body: report, headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(Number) });
    const row = await t.db.selectFrom('client_errors').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      admin_id: clerk.id,
      admin_email: clerk.email,
      message: report.message,
      stack: report.stack,
      route: '/merchants/42',
      console_version: 'index-4f2a9c.js',
      user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0',
    });
    expect(row.at.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.request_id).toMatch(/.{8,}/);
  });

  it('refuses a report without a session with 401, keeping nothing', async () => {
    const before = await t.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await t.request('POST', REPORTS, { body: report });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('401');
    const after = await t.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it.each([
    ['a page with its query (a link may carry a token)', { route: '/reset-password?token=abc123' }, 'route'],
    ['a page that is no path', { route: 'https://evil.example/merchants' }, 'route'],
    ['an empty message', { message: '  ' }, 'message'],
    ['a message too long to keep', { message: 'x'.repeat(2_001) }, 'message'],
    ['a stack too long to keep', { stack: 'x'.repeat(16_001) }, 'stack'],
    ['no console build', { consoleVersion: undefined }, 'consoleVersion'],
  ])('refuses %s with a 400 naming the field', async (_case, change, field) => {
    const answer = await engineer.request('POST', REPORTS, { body: { ...report, ...change } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details.fields[0].field).toBe(field);
  });

  it('keeps at most the limit per admin in 10 minutes, then says when to try again', async () => {
    const busy = await t.actor({ role: 'staff' });
    for (let i = 0; i < 3; i++) expect((await busy.request('POST', REPORTS, { body: report })).status).toBe(200);
    const refused = await busy.request('POST', REPORTS, { body: report });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('429');
    expect(refused.body.details.retryAfterSeconds).toBe(600);
    expect(await t.db.selectFrom('client_errors').select('id').where('admin_id', '=', busy.id).execute()).toHaveLength(3);
    // Another admin is not held back by it.
    expect((await clerk.request('POST', REPORTS, { body: report })).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await busy.request('POST', REPORTS, { body: report })).status).toBe(200);
  });

  it('lists the reports, newest first, only to admins who may read them', async () => {
    const refused = await clerk.request('GET', REPORTS);
    expect(refused.status).toBe(403);
    await engineer.request('POST', REPORTS, { body: { ...report, message: 'Rendered more hooks than during the previous render', route: '/audit-log' } });

    const page = await engineer.request('GET', REPORTS);
    expect(page.status, page.text).toBe(200);
    expect(page.body.items[0]).toMatchObject({
      adminId: engineer.id,
      adminEmail: engineer.email,
      message: 'Rendered more hooks than during the previous render',
      route: '/audit-log',
      consoleVersion: 'index-4f2a9c.js',
    });
    const byWords = await engineer.request('GET', REPORTS, { query: { search: 'MORE HOOKS' } });
    expect(byWords.body.items.map((item: { route: string }) => item.route)).toEqual(['/audit-log']);
    const byPage = await engineer.request('GET', REPORTS, { query: { search: '/merchants' } });
    expect(byPage.body.total).toBeGreaterThan(0);
    expect(byPage.body.items.every((item: { route: string }) => item.route === '/merchants/42')).toBe(true);
    const byAdmin = await engineer.request('GET', REPORTS, { query: { adminId: String(clerk.id) } });
    expect(byAdmin.body.items.every((item: { adminId: number }) => item.adminId === clerk.id)).toBe(true);
    expect(byAdmin.body.total).toBeGreaterThan(0);
    const tomorrow = await engineer.request('GET', REPORTS, { query: { startdatetime: '2030-01-01' } });
    expect(tomorrow.body.total).toBe(0);
  });
});

describe('error reports, with reporting off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says reporting is off, and keeps no report sent anyway', async () => {
    expect((await t.request('GET', SETTINGS)).body).toEqual({ reporter: 'off', productionHost: null });
    const admin = await t.actor({ role: 'staff' });
    const answer = await admin.request('POST', REPORTS, { body: report });
    expect(answer.status).toBe(409);
    expect(answer.body.details.reason).toBe('error_reporting_off');
    expect(await t.db.selectFrom('client_errors').select('id').execute()).toEqual([]);
  });
});
