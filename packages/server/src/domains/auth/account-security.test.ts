import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSuperAdmin } from '../../bootstrap';
import { createTestApp, TEST_SCRYPT_LOG_N, type Actor, type TestApp } from '../../test/harness';

let t: TestApp;
let boss: Actor;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.actor({ role: 'super_admin' });
});
afterAll(() => t.close());

const login = (email: string, password: string, deviceId: string) =>
  t.request('POST', '/v1/auth/admin/login', { body: { email, password, device: t.device(deviceId) } });
const deviceLogin = (email: string, code: unknown, deviceId: string) =>
  t.request('POST', '/v1/auth/admin/device-login', { body: { email, code, device: t.device(deviceId) } });
const setPassword = (token: string, password: string) => t.request('POST', '/v1/admin/password/set', { body: { token, password } });

describe('a password reset started by another admin', () => {
  it('makes the old password unusable at once, saying a reset is pending', async () => {
    const admin = await t.actor();
    expect((await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: admin.id } })).status).toBe(200);
    expect((await admin.request('GET', '/v1/auth/admin/me')).status).toBe(401);

    const fromOwnDevice = await login(admin.email, admin.password, admin.deviceId);
    expect(fromOwnDevice.status).toBe(401);
    expect(fromOwnDevice.body.details.reason).toBe('password_reset_pending');
    expect(fromOwnDevice.body.message).toContain('reset your password');
    expect(fromOwnDevice.body.token).toBeUndefined();
    const fromNewDevice = await login(admin.email, admin.password, 'dev-after-reset-1');
    expect(fromNewDevice.body.details.reason).toBe('password_reset_pending');
    // Someone without the old password learns nothing about the reset.
    const guess = await login(admin.email, 'a-wrong-guess-here', admin.deviceId);
    expect(guess.body.details.reason).toBe('bad_credentials');

    const token = t.email.latest(admin.email, 'password-reset')!.data.token!;
    expect((await setPassword(token, admin.password)).body.details.fields[0]).toMatchObject({
      field: 'password',
      message: 'must differ from the current password',
    });
    expect((await setPassword(token, 'a-brand-new-passphrase')).status).toBe(200);
    expect((await login(admin.email, admin.password, admin.deviceId)).body.details.reason).toBe('bad_credentials');
    expect((await login(admin.email, 'a-brand-new-passphrase', admin.deviceId)).body.code).toBe(200);
  });

  it('voids a device code emailed before it', async () => {
    const admin = await t.insertAdmin();
    expect((await login(admin.email, admin.password, 'dev-code-before-reset')).body.code).toBe('secret');
    const code = t.email.latest(admin.email, 'device-code')!.data.code;
    await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: admin.id } });
    const late = await deviceLogin(admin.email, code, 'dev-code-before-reset');
    expect(late.status).toBe(401);
    expect(late.body.token).toBeUndefined();
  });
});

describe('a device id', () => {
  it('is kept only as its hash, like a session token, and still signs in from its device', async () => {
    const admin = await t.actor();
    const stored = await t.db.selectFrom('admin_devices').select('device_hash').where('admin_id', '=', admin.id).execute();
    expect(stored).toEqual([{ device_hash: createHash('sha256').update(admin.deviceId).digest('hex') }]);
    const dump = JSON.stringify(await t.db.selectFrom('admin_devices').selectAll().execute());
    expect(dump).not.toContain(admin.deviceId);
    expect((await admin.request('GET', '/v1/auth/admin/me')).body.session.deviceId).toBe(admin.deviceId);
    expect((await login(admin.email, admin.password, admin.deviceId)).body.code).toBe(200);
  });
});

describe('a single-use link used by many requests at once', () => {
  it('sets the password once; the others are told the link was used', async () => {
    const admin = await t.insertAdmin();
    await boss.request('POST', '/v1/admin/password/reset', { body: { adminId: admin.id } });
    const token = t.email.latest(admin.email, 'password-reset')!.data.token!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => setPassword(token, `racing-passphrase-${i}`)));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).toBe(410);
      expect(loser.body.details.reason).toBe('link_used');
    }
    // The winner's password is the one that works.
    const index = answers.findIndex((a) => a.status === 200);
    expect((await login(admin.email, `racing-passphrase-${index}`, 'dev-race-winner')).body.code).toBe('secret');
    const other = (index + 1) % 10;
    expect((await login(admin.email, `racing-passphrase-${other}`, 'dev-race-winner')).status).toBe(401);
  });

  it('opens one session for one device code', async () => {
    const admin = await t.insertAdmin();
    await login(admin.email, admin.password, 'dev-code-racer-01');
    const code = t.email.latest(admin.email, 'device-code')!.data.code;
    // More requests than the code has attempts: the right code still opens exactly one session.
    const answers = await Promise.all(Array.from({ length: 12 }, () => deviceLogin(admin.email, code, 'dev-code-racer-01')));
    expect(answers.filter((a) => a.status === 200 && a.body.code === 200)).toHaveLength(1);
    const sessions = await t.db.selectFrom('admin_sessions').select('id').where('admin_id', '=', admin.id).execute();
    expect(sessions).toHaveLength(1);
  });
});

describe('the generated first super-admin password', () => {
  it('must be changed at the first sign-in, after the device code', async () => {
    const local = await createTestApp();
    try {
      const first = await ensureSuperAdmin(local.db, { email: 'root@traction.ng', scryptLogN: TEST_SCRYPT_LOG_N });
      const generated = first.generatedPassword!;
      const send = (path: string, body: unknown) => local.request('POST', path, { body });
      const device = local.device('dev-first-start-01');

      expect((await send('/v1/auth/admin/login', { email: 'root@traction.ng', password: generated, device })).body.code).toBe('secret');
      const code = local.email.latest('root@traction.ng', 'device-code')!.data.code;
      const change = await send('/v1/auth/admin/device-login', { email: 'root@traction.ng', code, device });
      expect(change.status).toBe(200);
      expect(change.body).toMatchObject({ code: 'change-password', email: 'root@traction.ng' });
      expect(change.body.user).toBeUndefined();
      expect(await local.db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);

      // The device is approved now; the password still opens no session until it is changed.
      const again = await send('/v1/auth/admin/login', { email: 'root@traction.ng', password: generated, device });
      expect(again.body.code).toBe('change-password');
      expect((await send('/v1/admin/password/set', { token: change.body.token, password: 'a-strong-own-choice' })).status).toBe(410);
      expect((await send('/v1/admin/password/set', { token: again.body.token, password: generated })).status).toBe(400);
      expect((await send('/v1/admin/password/set', { token: again.body.token, password: 'a-strong-own-choice' })).status).toBe(200);

      expect((await send('/v1/auth/admin/login', { email: 'root@traction.ng', password: generated, device })).status).toBe(401);
      const signedIn = await send('/v1/auth/admin/login', { email: 'root@traction.ng', password: 'a-strong-own-choice', device });
      expect(signedIn.body.code).toBe(200);
      expect(signedIn.body.user.role).toBe('super_admin');
    } finally {
      await local.close();
    }
  });

  it('is not asked of a password the operator chose', async () => {
    const local = await createTestApp();
    try {
      await ensureSuperAdmin(local.db, { email: 'root@traction.ng', password: 'operator-chose-this', scryptLogN: TEST_SCRYPT_LOG_N });
      const session = await local.signIn('root@traction.ng', 'operator-chose-this');
      expect(session.body.code).toBe(200);
    } finally {
      await local.close();
    }
  });
});
