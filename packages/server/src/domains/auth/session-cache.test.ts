import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { SessionCache } from './index';

/**
 * The running server keeps a session as last read for a moment (config.sessionCacheMs). In this
 * process a command that changes anything empties it, so a sign-out or a revoked permission
 * applies at once; a change made by another process applies when the moment is over.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let sessions: SessionCache<never>;

beforeAll(async () => {
  t = await createTestApp();
  sessions = new SessionCache(60_000) as SessionCache<never>;
  app = createApp({ ...t.deps, sessions });
});
afterAll(() => t.close());

const send = async (actor: Actor, method: string, path: string) => {
  const response = await app.request(path, { method, headers: { authorization: `Bearer ${actor.token}`, 'device-id': actor.deviceId } });
  return { status: response.status, body: (await response.json()) as { details?: { reason?: string } } };
};

describe('the session cache', () => {
  it('ends a session at sign-out on the very next request', async () => {
    const admin = await t.actor();
    expect((await send(admin, 'GET', '/v1/auth/admin/me')).status).toBe(200);
    expect((await send(admin, 'POST', '/v1/auth/admin/logout')).status).toBe(200);
    const after = await send(admin, 'GET', '/v1/auth/admin/me');
    expect(after.status).toBe(401);
    expect(after.body.details?.reason).toBe('session_revoked');
  });

  it('applies a permission taken away by a command at once', async () => {
    const viewer = await t.actor({ permissions: ['admins.view'] });
    expect((await send(viewer, 'GET', '/v1/admin/list-admins')).status).toBe(200);
    const boss = await t.actor({ role: 'super_admin' });
    const taken = await app.request(`/v1/admin/revoke-permission/admins.view/${viewer.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${boss.token}`, 'device-id': boss.deviceId },
    });
    expect(taken.status, await taken.clone().text()).toBeLessThan(300);
    expect((await send(viewer, 'GET', '/v1/admin/list-admins')).status).toBe(403);
  });

  it('sees a change made by another process once the moment is over', async () => {
    const admin = await t.actor();
    expect((await send(admin, 'GET', '/v1/auth/admin/me')).status).toBe(200);
    // Another server process on the same database revokes it: this process still holds the read.
    await t.db.updateTable('admin_sessions').set({ revoked_at: new Date() }).where('admin_id', '=', admin.id).execute();
    expect((await send(admin, 'GET', '/v1/auth/admin/me')).status).toBe(200);
    sessions.clear(); // the moment passes
    expect((await send(admin, 'GET', '/v1/auth/admin/me')).status).toBe(401);
  });
});
