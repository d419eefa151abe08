import type { ErrorBody, Permission } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp, type TestResponse } from '../../test/harness';

/**
 * Nobody gives what they do not hold, by any path: a new admin's departments, a department's
 * permission list, direct grants and revocations; and only a super admin acts on a super admin
 * (their permissions, their devices). Each refusal changes nothing and is audited.
 */

let t: TestApp;
let boss: Actor;
/** A department holding permissions the ordinary actors below lack. */
let treasury: number;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin' });
  const { id } = await t.db.insertInto('departments').values({ name: 'Treasury', description: '' }).returning('id').executeTakeFirstOrThrow();
  treasury = id;
  const held: Permission[] = ['audit.view', 'admins.delete', 'permissions.manage'];
  await t.db
    .insertInto('department_permissions')
    .values(held.map((permission) => ({ department_id: id, permission })))
    .execute();
});
afterAll(() => t.close());

async function expectRefused(send: () => Promise<TestResponse<ErrorBody>>, status: number, reason: string) {
  const before = await t.snapshot();
  const answer = await send();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.details?.reason).toBe(reason);
  expect(await t.snapshot()).toEqual(before);
  return answer;
}

const lastAudit = async (commandId: string) =>
  t.db.selectFrom('audit_log').select(['outcome', 'admin_id']).where('command_id', '=', commandId).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('creating an admin in departments', () => {
  it('is refused when the departments hold permissions the creator lacks', async () => {
    const recruiter = await t.actor({ permissions: ['admins.create', 'admins.view'] });
    const answer = await expectRefused(
      () => recruiter.request('POST', '/v1/admin/signup', { body: { email: 'mole@traction.ng', firstName: 'Mo', lastName: 'Le', departmentIds: [treasury] } }),
      403,
      'grant_exceeds_own',
    );
    expect(answer.body.message).toContain('audit.view');
    expect(await lastAudit('admins.create')).toMatchObject({ outcome: '403', admin_id: recruiter.id });
  });

  it('is allowed when the creator holds every permission of the departments', async () => {
    const lead = await t.actor({ permissions: ['admins.create', 'audit.view', 'admins.delete', 'permissions.manage'] });
    const created = await lead.request('POST', '/v1/admin/signup', {
      body: { email: 'ally@traction.ng', firstName: 'Al', lastName: 'Ly', departmentIds: [treasury] },
    });
    expect(created.status, created.text).toBe(200);
  });
});

describe("a department's permissions", () => {
  it('cannot be added to or taken away by someone who lacks them', async () => {
    const manager = await t.actor({ permissions: ['permissions.manage', 'permissions.view'] });
    await expectRefused(
      () => manager.request('PATCH', `/v1/admin/department/${treasury}`, { body: { permissions: ['permissions.manage'] } }),
      403,
      'grant_exceeds_own',
    );
    await expectRefused(
      () =>
        manager.request('PATCH', `/v1/admin/department/${treasury}`, {
          body: { permissions: ['audit.view', 'admins.delete', 'permissions.manage', 'admins.create'] },
        }),
      403,
      'grant_exceeds_own',
    );
    await expectRefused(
      () => manager.request('PATCH', '/v1/admin/revoke-permission', { body: { department_id: treasury, permission: 'audit.view' } }),
      403,
      'grant_exceeds_own',
    );
    expect(await lastAudit('permissions.revoke-department')).toMatchObject({ outcome: '403', admin_id: manager.id });
  });

  it('can be changed in what the editor holds', async () => {
    const manager = await t.actor({ permissions: ['permissions.manage', 'audit.view', 'admins.delete'] });
    const { id } = await t.db.insertInto('departments').values({ name: 'Back office', description: '' }).returning('id').executeTakeFirstOrThrow();
    const edited = await manager.request('PATCH', `/v1/admin/department/${id}`, { body: { permissions: ['audit.view'] } });
    expect(edited.status, edited.text).toBe(200);
    const revoked = await manager.request('PATCH', '/v1/admin/revoke-permission', { body: { department_id: id, permission: 'audit.view' } });
    expect(revoked.status, revoked.text).toBe(200);
  });
});

describe("an admin's direct permissions", () => {
  it('cannot be revoked by someone who lacks them', async () => {
    const target = await t.insertAdmin({ permissions: ['audit.view'] });
    const manager = await t.actor({ permissions: ['permissions.manage'] });
    await expectRefused(() => manager.request('DELETE', `/v1/admin/revoke-permission/audit.view/${target.id}`), 403, 'grant_exceeds_own');
  });

  it("of a super admin are only a super admin's to touch, and never granted", async () => {
    const root = await t.insertAdmin({ role: 'super_admin' });
    const manager = await t.actor({ permissions: ['permissions.manage', 'audit.view'] });
    await expectRefused(
      () => manager.request('POST', '/v1/admin/grant-permission', { body: { user_id: root.id, permissions: ['audit.view'] } }),
      403,
      'super_admin_only',
    );
    await expectRefused(
      () => boss.request('POST', '/v1/admin/grant-permission', { body: { user_id: root.id, permissions: ['audit.view'] } }),
      409,
      'super_admin_holds_all',
    );
  });
});

describe("a super admin's devices", () => {
  it('are approved or rejected by super admins only', async () => {
    const root = await t.insertAdmin({ role: 'super_admin' });
    await t.request('POST', '/v1/auth/admin/login', { body: { email: root.email, password: root.password, device: t.device('dev-root-new-01') } });
    const request = await t.db.selectFrom('admin_devices').select('id').where('admin_id', '=', root.id).executeTakeFirstOrThrow();
    const helpdesk = await t.actor({ permissions: ['devices.authorize'] });
    await expectRefused(() => helpdesk.request('POST', `/v1/admin/device-requests/${request.id}/approve`), 403, 'super_admin_only');
    await expectRefused(() => helpdesk.request('POST', `/v1/admin/device-requests/${request.id}/reject`, { body: {} }), 403, 'super_admin_only');
    expect(await lastAudit('devices.requests.reject')).toMatchObject({ outcome: '403', admin_id: helpdesk.id });
    expect((await boss.request('POST', `/v1/admin/device-requests/${request.id}/approve`)).status).toBe(200);
  });

  it("of other admins stay the helpdesk's to decide", async () => {
    const clerk = await t.insertAdmin();
    await t.request('POST', '/v1/auth/admin/login', { body: { email: clerk.email, password: clerk.password, device: t.device('dev-clerk-new-01') } });
    const request = await t.db.selectFrom('admin_devices').select('id').where('admin_id', '=', clerk.id).executeTakeFirstOrThrow();
    const helpdesk = await t.actor({ permissions: ['devices.authorize'] });
    expect((await helpdesk.request('POST', `/v1/admin/device-requests/${request.id}/approve`)).status).toBe(200);
    // Deciding it again changes nothing and says so, with the reason a bulk run counts as "unchanged".
    const again = await helpdesk.request('POST', `/v1/admin/device-requests/${request.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.details.reason).toBe('already');
  });
});
