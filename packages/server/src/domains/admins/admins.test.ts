import { lagosDate, NIGERIAN_STATES } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailDeliveryError } from '../../providers/email/email-provider';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { deliverPending } from '../outbox';

let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin', email: 'boss@traction.ng' });
});
afterAll(() => t.close());

const departmentId = async (name: string) => (await t.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('creating an admin', () => {
  it('creates them invited, in their departments, and emails a single-use link that sets the password', async () => {
    const finance = await departmentId('Finance');
    const created = await boss.request('POST', '/v1/admin/signup', {
      body: { email: ' Ada.Obi@Traction.ng ', firstName: 'Ada', lastName: 'Obi', role: 'admin', departmentIds: [finance] },
    });
    expect(created.status).toBe(200);
    expect(created.body.admin).toMatchObject({
      email: 'ada.obi@traction.ng',
      role: 'admin',
      status: 'invited',
      departments: [{ id: finance, name: 'Finance' }],
    });

    const invite = t.email.latest('ada.obi@traction.ng', 'invite')!;
    expect(invite.data.link).toContain('/reset-password?token=');
    const token = invite.data.token;
    const weak = await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details.fields[0].field).toBe('password');

    expect((await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'a-long-enough-secret' } })).status).toBe(200);
    const reused = await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'another-long-secret' } });
    expect(reused.status).toBe(410);
    expect(reused.body.details.reason).toBe('link_used');
    const session = await t.signIn('ada.obi@traction.ng', 'a-long-enough-secret');
    expect(session.body.user.status).toBe('active');
  });

  it('refuses a taken email, an unknown department, and a super admin made by a non-super admin', async () => {
    const creator = await t.actor({ role: 'admin', permissions: ['admins.create'] });
    const before = await t.snapshot();
    expect((await creator.request('POST', '/v1/admin/signup', { body: { email: 'boss@traction.ng', firstName: 'A', lastName: 'B' } })).status).toBe(409);
    const unknown = await creator.request('POST', '/v1/admin/signup', {
      body: { email: 'x1@traction.ng', firstName: 'A', lastName: 'B', departmentIds: [9999] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('9999');
    expect(
      (await creator.request('POST', '/v1/admin/signup', { body: { email: 'x2@traction.ng', firstName: 'A', lastName: 'B', role: 'super_admin' } })).status,
    ).toBe(403);
    expect(await t.snapshot()).toEqual(before);
  });

  it('creates the admin when the mail service is down, and the retried invitation sets the password', async () => {
    vi.spyOn(t.email, 'send').mockRejectedValueOnce(new EmailDeliveryError('The mail service answered 503', true));
    const answer = await boss.request('POST', '/v1/admin/signup', { body: { email: 'late.invite@traction.ng', firstName: 'A', lastName: 'B' } });
    vi.restoreAllMocks();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.admin).toMatchObject({ email: 'late.invite@traction.ng', status: 'invited' });
    expect(t.email.latest('late.invite@traction.ng')).toBeUndefined();
    const outbox = () => t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'late.invite@traction.ng').executeTakeFirstOrThrow();
    expect(await outbox()).toMatchObject({ kind: 'invite', status: 'pending', attempts: 1, last_error: 'The mail service answered 503' });

    // The worker as it runs a minute later, when the first retry is due; the shared test clock stays put.
    const aMinuteLater = { ...t.deps, clock: { now: () => new Date(t.clock.now().getTime() + 60_000) } };
    expect(await deliverPending(aMinuteLater)).toMatchObject({ sent: 1 });
    expect(await outbox()).toMatchObject({ status: 'sent', attempts: 2, body: null, data: null });
    const token = t.email.latest('late.invite@traction.ng', 'invite')!.data.token;
    expect((await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'a-long-enough-secret' } })).status).toBe(200);
  });

  it('keeps the admin when the invitation bounces: the email is given up at once and logged', async () => {
    const logged = vi.spyOn(t.deps.logger, 'error');
    const answer = await boss.request('POST', '/v1/admin/signup', { body: { email: 'new+bounce@traction.ng', firstName: 'A', lastName: 'B' } });
    expect(answer.status, answer.text).toBe(200);
    const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'new+bounce@traction.ng').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, body: null, data: null });
    expect(row.last_error).toContain('mailbox does not exist');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ outboxId: row.id, to: 'new+bounce@traction.ng' }), expect.stringContaining('given up'));
    vi.restoreAllMocks();
    expect(await deliverPending(t.deps)).toEqual({ sent: 0, retrying: 0, givenUp: 0 });
  });
});

describe('listing admins', () => {
  it('filters by department, role and search text, pages by 100, and counts every match', async () => {
    const sales = await departmentId('Sales');
    for (let i = 0; i < 3; i++) await t.insertAdmin({ email: `seller${i}@traction.ng`, role: i === 0 ? 'admin' : 'staff', departmentIds: [sales] });
    const bySales = await boss.request('GET', '/v1/admin/list-admins', { query: { department: String(sales) } });
    expect(bySales.body).toMatchObject({ total: 3, page: 1, pageSize: 100, hasMore: false });
    const staffInSales = await boss.request('GET', '/v1/admin/list-admins', { query: { department: String(sales), role: 'staff' } });
    expect(staffInSales.body.items.map((a: { email: string }) => a.email).sort()).toEqual(['seller1@traction.ng', 'seller2@traction.ng']);
    const searched = await boss.request('GET', '/v1/admin/list-admins', { query: { search: 'SELLER2' } });
    expect(searched.body.items).toHaveLength(1);
    const literal = await boss.request('GET', '/v1/admin/list-admins', { query: { search: '%' } });
    expect(literal.body.total).toBe(0);
  });

  it('pages through more than 100 admins', async () => {
    const local = await createTestApp();
    try {
      const viewer = await local.actor({ permissions: ['admins.view'] });
      const rows = Array.from({ length: 130 }, (_, i) => ({ email: `bulk${i}@traction.ng`, first_name: 'Bulk', last_name: `N${i}`, role: 'staff' as const }));
      await local.db.insertInto('admins').values(rows).execute();
      const first = await viewer.request('GET', '/v1/admin/list-admins');
      const second = await viewer.request('GET', '/v1/admin/list-admins', { query: { page: '2' } });
      expect(first.body).toMatchObject({ total: 131, hasMore: true });
      expect(first.body.items).toHaveLength(100);
      expect(second.body.items).toHaveLength(31);
      expect(second.body.hasMore).toBe(false);
      const ids = [...first.body.items, ...second.body.items].map((a: { id: number }) => a.id);
      expect(new Set(ids).size).toBe(131);
    } finally {
      await local.close();
    }
  });

  it('streams the whole filtered result as CSV', async () => {
    const sales = await departmentId('Sales');
    const csv = await boss.request('GET', '/v1/admin/list-admins', { query: { department: String(sales), download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="admins-${lagosDate(t.clock.now())}.csv"`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('ID,First name,Last name,Email,Role,Departments,Status,Last sign-in,Created');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.includes('@traction.ng') && line.includes('Sales'))).toBe(true);
  });
});

describe('roles and deletion', () => {
  it('only a super admin touches the super admin role, nobody changes their own, and the last one stays', async () => {
    const manager = await t.actor({ role: 'admin', permissions: ['admins.change-role', 'admins.delete'] });
    const target = await t.insertAdmin();
    expect((await manager.request('PATCH', `/v1/admin/role/${target.id}`, { body: { role: 'super_admin' } })).status).toBe(403);
    expect((await manager.request('PATCH', `/v1/admin/role/${manager.id}`, { body: { role: 'staff' } })).status).toBe(409);
    expect((await manager.request('PATCH', `/v1/admin/role/${target.id}`, { body: { role: 'admin' } })).body.admin.role).toBe('admin');
    // The same again changes nothing and says so, with the reason a bulk run counts as "unchanged".
    const again = await manager.request('PATCH', `/v1/admin/role/${target.id}`, { body: { role: 'admin' } });
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');
    expect((await manager.request('DELETE', `/v1/admin/${boss.id}/delete`)).status).toBe(403);
    expect((await boss.request('DELETE', `/v1/admin/${boss.id}/delete`)).status).toBe(409);
  });

  it('deletes an admin without losing their audit history', async () => {
    const leaver = await t.actor({ permissions: ['admins.view'] });
    await leaver.request('POST', '/v1/auth/admin/logout');
    expect((await boss.request('DELETE', `/v1/admin/${leaver.id}/delete`)).status).toBe(200);
    const list = await boss.request('GET', '/v1/admin/list-admins', { query: { search: leaver.email } });
    expect(list.body.total).toBe(0);
    const history = await boss.request('GET', '/v1/admin/audit-logs', { query: { adminId: String(leaver.id) } });
    expect(history.body.items.map((e: { commandId: string }) => e.commandId)).toContain('auth.logout');
    expect((await boss.request('DELETE', `/v1/admin/${leaver.id}/delete`)).status).toBe(404);
  });

  it("resets an admin's password: sessions end and a new link works once", async () => {
    const forgetful = await t.actor();
    const reset = await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: forgetful.id } });
    expect(reset.status).toBe(200);
    expect((await forgetful.request('GET', '/v1/auth/admin/me')).status).toBe(401);
    const token = t.email.latest(forgetful.email, 'password-reset')!.data.token;
    expect((await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'brand-new-passphrase' } })).status).toBe(200);
    expect(
      (
        await t.request('POST', '/v1/auth/admin/login', {
          body: { email: forgetful.email, password: forgetful.password, device: t.device(forgetful.deviceId) },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.request('POST', '/v1/auth/admin/login', {
          body: { email: forgetful.email, password: 'brand-new-passphrase', device: t.device(forgetful.deviceId) },
        })
      ).body.code,
    ).toBe(200);
  });

  it('resets the password even when the email bounces, giving the email up', async () => {
    const bounced = await t.insertAdmin({ email: 'gone+bounce@traction.ng' });
    const reset = await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: bounced.id } });
    expect(reset.status, reset.text).toBe(200);
    const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'gone+bounce@traction.ng').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'password-reset', status: 'failed', body: null });
  });

  it('lets a reset link expire', async () => {
    const admin = await t.insertAdmin();
    await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: admin.id } });
    const token = t.email.latest(admin.email, 'password-reset')!.data.token;
    t.clock.advance(61 * 60_000);
    const late = await t.request('POST', '/v1/admin/password/set', { body: { token, password: 'brand-new-passphrase' } });
    expect(late.status).toBe(400);
    expect(late.body.details.fields[0].field).toBe('token');
  });
});

describe('permissions', () => {
  it('come from the admin and their departments, and are enforced on the next request', async () => {
    const risk = await departmentId('Risk & Compliance');
    const manager = await t.actor({ role: 'admin', permissions: ['permissions.manage', 'permissions.view', 'audit.view', 'admins.view'] });
    const member = await t.actor({ departmentIds: [risk] });
    expect((await member.request('GET', '/v1/admin/audit-logs')).status).toBe(403);

    const set = await manager.request('PATCH', `/v1/admin/department/${risk}`, { body: { permissions: ['audit.view'] } });
    expect(set.body.department).toMatchObject({ name: 'Risk & Compliance', permissions: ['audit.view'] });
    expect((await member.request('GET', '/v1/admin/audit-logs')).status).toBe(200);

    const granted = await manager.request('POST', '/v1/admin/grant-permission', { body: { user_id: member.id, permissions: ['admins.view'] } });
    expect(granted.body).toMatchObject({ granted: ['admins.view'], direct: ['admins.view'] });
    const shown = await manager.request('GET', `/v1/admin/${member.id}/permissions`);
    expect(shown.body).toMatchObject({
      direct: ['admins.view'],
      departments: [{ id: risk, permissions: ['audit.view'] }],
      effective: ['admins.view', 'audit.view'],
    });

    expect((await manager.request('DELETE', `/v1/admin/revoke-permission/admins.view/${member.id}`)).status).toBe(200);
    expect((await member.request('GET', '/v1/admin/list-admins')).status).toBe(403);
    expect((await manager.request('DELETE', `/v1/admin/revoke-permission/admins.view/${member.id}`)).status).toBe(404);

    expect((await manager.request('PATCH', '/v1/admin/revoke-permission', { body: { department_id: risk, permission: 'audit.view' } })).status).toBe(200);
    expect((await member.request('GET', '/v1/admin/audit-logs')).status).toBe(403);
  });

  it('cannot be handed out by someone who does not hold them', async () => {
    const manager = await t.actor({ role: 'admin', permissions: ['permissions.manage'] });
    const before = await t.snapshot();
    const escalate = await manager.request('POST', '/v1/admin/grant-permission', { body: { user_id: manager.id, permissions: ['admins.delete'] } });
    expect(escalate.status).toBe(403);
    expect(escalate.body.details.permissions).toEqual(['admins.delete']);
    const viaDepartment = await manager.request('PATCH', `/v1/admin/department/${await departmentId('Engineering')}`, {
      body: { permissions: ['admins.delete'] },
    });
    expect(viaDepartment.status).toBe(403);
    expect(await t.snapshot()).toEqual(before);
  });

  it('list departments with their members and permissions', async () => {
    const departments = await boss.request('GET', '/v1/admin/get-departments');
    expect(departments.body.items.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['Operations', 'Risk & Compliance', 'Customer Support', 'Finance', 'Sales']),
    );
    const one = await boss.request('GET', `/v1/admin/department/${await departmentId('Sales')}`);
    expect(one.body.department.memberCount).toBeGreaterThanOrEqual(3);
    expect((await boss.request('GET', '/v1/admin/department/4242')).status).toBe(404);
  });
});

it('lists the 36 states and the FCT', async () => {
  const states = await boss.request('GET', '/v1/location/states');
  expect(states.body.items).toHaveLength(37);
  expect(states.body.items).toHaveLength(NIGERIAN_STATES.length);
  expect(states.body.items.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Lagos', 'Kano', 'Federal Capital Territory']));
});
