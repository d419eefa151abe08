import { createHash } from 'node:crypto';
import { DEVICE_NOT_RECOGNIZED_MESSAGE } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, deviceId: string) =>
  t.request('POST', '/v1/auth/admin/login', { body: { email, password, device: t.device(deviceId) } });
const deviceLogin = (email: string, code: unknown, deviceId: string) =>
  t.request('POST', '/v1/auth/admin/device-login', { body: { email, code, device: t.device(deviceId) } });
const latestCode = (email: string) => t.email.latest(email, 'device-code')?.data.code;

const fingerprint = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex').slice(0, 8);

describe('signing in from a new device', () => {
  it('asks for an emailed 4-character code, then whitelists the device', async () => {
    const admin = await t.insertAdmin({ permissions: ['admins.view'] });
    const first = await login(admin.email, admin.password, 'dev-laptop-0001');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 'secret', email: admin.email });
    expect(first.body.token).toBeUndefined();
    const code = latestCode(admin.email);
    expect(code).toMatch(/^[A-Z2-9]{4}$/);

    const done = await deviceLogin(admin.email, code, 'dev-laptop-0001');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ code: 200, user: { email: admin.email, permissions: ['admins.view'] }, business: { currency: 'NGN' } });
    expect(done.body.token).toMatch(/^tra_[A-Za-z0-9_-]{43}$/);

    const again = await login(admin.email, admin.password, 'dev-laptop-0001');
    expect(again.body.code).toBe(200);
    expect(t.email.mailbox(admin.email).filter((m) => m.kind === 'device-code')).toHaveLength(1);

    const list = await t.request('GET', '/v1/admin/list-admins', { token: again.body.token, deviceId: 'dev-laptop-0001' });
    expect(list.status).toBe(200);
  });

  it.each([['ABC'], ['ABCDE'], [''], [1234]])('refuses the code %j before checking it', async (code) => {
    const admin = await t.insertAdmin();
    await login(admin.email, admin.password, 'dev-short-code');
    const before = await t.snapshot();
    const answer = await deviceLogin(admin.email, code, 'dev-short-code');
    expect(answer.status).toBe(400);
    expect(answer.body.details.fields[0].field).toBe('code');
    expect(await t.snapshot()).toEqual(before);
  });

  it('counts wrong codes and voids the code after five', async () => {
    const admin = await t.insertAdmin();
    await login(admin.email, admin.password, 'dev-guesser-01');
    const right = latestCode(admin.email)!;
    const wrong = right === 'AAAA' ? 'BBBB' : 'AAAA';
    for (let i = 1; i <= 4; i++) {
      const answer = await deviceLogin(admin.email, wrong, 'dev-guesser-01');
      expect(answer.status).toBe(401);
      expect(answer.body.message).toContain(`${5 - i} attempt`);
    }
    expect((await deviceLogin(admin.email, wrong, 'dev-guesser-01')).body.details.reason).toBe('invalid_code');
    const late = await deviceLogin(admin.email, right, 'dev-guesser-01');
    expect(late.status).toBe(401);
    expect(late.body.details.reason).toBe('no_code');
  });

  it('lets a code expire', async () => {
    const admin = await t.insertAdmin();
    await login(admin.email, admin.password, 'dev-slowpoke-1');
    t.clock.advance(11 * 60_000);
    const answer = await deviceLogin(admin.email, latestCode(admin.email), 'dev-slowpoke-1');
    expect(answer.status).toBe(401);
    expect(answer.body.details.reason).toBe('code_expired');
  });

  it('says nothing about whether an email exists', async () => {
    const admin = await t.insertAdmin();
    const wrongPassword = await login(admin.email, 'not-the-password', 'dev-anyone-01');
    const noSuchAdmin = await login('nobody@traction.ng', 'not-the-password', 'dev-anyone-01');
    expect(wrongPassword.status).toBe(401);
    expect(noSuchAdmin.status).toBe(401);
    expect(wrongPassword.body.message).toBe(noSuchAdmin.body.message);
  });

  it('changes nothing when the code cannot be emailed', async () => {
    const admin = await t.insertAdmin({ email: `ops+bounce@traction.ng` });
    const answer = await login(admin.email, admin.password, 'dev-bounced-01');
    expect(answer.status).toBe(502);
    expect(answer.body.message).toContain('could not be emailed');
    const retry = await deviceLogin(admin.email, 'ABCD', 'dev-bounced-01');
    expect(retry.body.details.reason).toBe('no_code');
  });
});

describe('sessions', () => {
  it('answer the device message when used from another device', async () => {
    const admin = await t.actor();
    const answer = await t.request('GET', '/v1/auth/admin/me', { token: admin.token, deviceId: 'dev-stolen-token' });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(DEVICE_NOT_RECOGNIZED_MESSAGE);
    const missing = await t.request('GET', '/v1/auth/admin/me', { token: admin.token });
    expect(missing.body.message).toBe(DEVICE_NOT_RECOGNIZED_MESSAGE);
  });

  it('end at logout', async () => {
    const admin = await t.actor();
    expect((await admin.request('POST', '/v1/auth/admin/logout')).status).toBe(200);
    const after = await admin.request('GET', '/v1/auth/admin/me');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: '401', details: { reason: 'session_revoked' } });
  });

  it('end after being idle, and at their absolute limit however busy', async () => {
    const idle = await t.actor();
    t.clock.advance(121 * 60_000);
    expect((await idle.request('GET', '/v1/auth/admin/me')).body.details.reason).toBe('session_idle');

    const busy = await t.actor();
    for (let hour = 0; hour < 11; hour++) {
      t.clock.advance(60 * 60_000);
      expect((await busy.request('GET', '/v1/auth/admin/me')).status).toBe(200);
    }
    t.clock.advance(61 * 60_000);
    expect((await busy.request('GET', '/v1/auth/admin/me')).body.details.reason).toBe('session_expired');
  });

  it('are random opaque tokens stored only as hashes', async () => {
    const admin = await t.actor();
    const rows = await t.db.selectFrom('admin_sessions').select('token_hash').where('admin_id', '=', admin.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(admin.token);
  });

  it('end when the admin is deleted or their role changes', async () => {
    const boss = await t.actor({ role: 'super_admin' });
    const demoted = await t.actor({ role: 'admin' });
    expect((await boss.request('PATCH', `/v1/admin/role/${demoted.id}`, { body: { role: 'staff' } })).status).toBe(200);
    expect((await demoted.request('GET', '/v1/auth/admin/me')).body.details.reason).toBe('session_revoked');

    const leaver = await t.actor();
    expect((await boss.request('DELETE', `/v1/admin/${leaver.id}/delete`)).status).toBe(200);
    expect((await leaver.request('GET', '/v1/auth/admin/me')).status).toBe(401);
    expect((await login(leaver.email, leaver.password, leaver.deviceId)).status).toBe(401);
  });
});

describe('device authorization requests', () => {
  it('are listed, approved by another admin, and then need no code', async () => {
    const approver = await t.actor({ permissions: ['devices.authorize'] });
    const admin = await t.insertAdmin();
    await login(admin.email, admin.password, 'dev-new-phone-1');
    const pending = await approver.request('GET', '/v1/admin/device-requests', { query: { search: admin.email } });
    expect(pending.body.items).toHaveLength(1);
    expect(pending.body.items[0]).toMatchObject({ status: 'pending', adminEmail: admin.email, deviceFingerprint: fingerprint('dev-new-phone-1') });
    expect(pending.text).not.toContain('dev-new-phone-1');

    const approved = await approver.request('POST', `/v1/admin/device-requests/${pending.body.items[0].id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.device).toMatchObject({ status: 'approved', whitelisted: true, decidedBy: approver.email });
    expect((await login(admin.email, admin.password, 'dev-new-phone-1')).body.code).toBe(200);
  });

  it('when rejected, end the device session and refuse it', async () => {
    const approver = await t.actor({ permissions: ['devices.authorize'] });
    const admin = await t.actor();
    const listed = await approver.request('GET', '/v1/admin/device-requests', { query: { status: 'approved', search: admin.email } });
    const rejected = await approver.request('POST', `/v1/admin/device-requests/${listed.body.items[0].id}/reject`, { body: { reason: 'lost laptop' } });
    expect(rejected.body.device.status).toBe('rejected');
    expect((await admin.request('GET', '/v1/auth/admin/me')).body.message).toBe(DEVICE_NOT_RECOGNIZED_MESSAGE);
    const again = await login(admin.email, admin.password, admin.deviceId);
    expect(again.status).toBe(401);
    expect(again.body.details.reason).toBe('device_rejected');
  });

  it('cannot be approved by the admin they belong to', async () => {
    const admin = await t.actor({ permissions: ['devices.authorize'] });
    await login(admin.email, admin.password, 'dev-second-one');
    // Found by its fingerprint, never by the device id itself (a credential).
    expect((await admin.request('GET', '/v1/admin/device-requests', { query: { search: 'dev-second-one' } })).body.items).toEqual([]);
    const own = await admin.request('GET', '/v1/admin/device-requests', { query: { search: fingerprint('dev-second-one') } });
    const answer = await admin.request('POST', `/v1/admin/device-requests/${own.body.items[0].id}/approve`);
    expect(answer.status).toBe(409);
  });
});

describe('sign-in throttling', () => {
  it('stops guessing at 100 failures an hour per account, but not from an approved device, and not for good', async () => {
    const local = await createTestApp({ config: { loginFailuresPerAddressPer15Min: 10_000 } });
    try {
      const admin = await local.actor();
      const attempt = (deviceId: string, password = 'wrong-password', ip = `10.0.0.${Math.floor(Math.random() * 250)}`) =>
        local.request('POST', '/v1/auth/admin/login', {
          body: { email: admin.email, password, device: local.device(deviceId) },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < 100; i++) expect((await attempt('dev-attacker-01')).status).toBe(401);
      const blocked = await attempt('dev-attacker-01', admin.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // the admin's own approved device still gets in
      expect((await attempt(admin.deviceId, admin.password)).body.code).toBe(200);
      local.clock.advance(61 * 60_000);
      expect((await attempt('dev-attacker-01', admin.password)).body.code).toBe('secret');
    } finally {
      await local.close();
    }
  });

  it('limits failures per address across accounts', async () => {
    const local = await createTestApp({ config: { loginFailuresPerAddressPer15Min: 5 } });
    try {
      const send = (email: string) =>
        local.request('POST', '/v1/auth/admin/login', {
          body: { email, password: 'wrong-password', device: local.device('dev-sprayer-01') },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      for (let i = 0; i < 5; i++) expect((await send(`target${i}@traction.ng`)).status).toBe(401);
      expect((await send('another@traction.ng')).status).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('maintenance', () => {
  it('drops sign-in attempts older than a day', async () => {
    const { pruneExpired } = await import('../../maintenance');
    await login('someone@traction.ng', 'wrong-password', 'dev-maintenance');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('login_attempts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    t.clock.advance(25 * 60 * 60_000);
    await pruneExpired(t.deps);
    expect(await count()).toBe(0);
  });
});
