import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The device id is a credential: with the password it signs in without a code. Failures sent
 * with an approved device id are limited per device and count towards the account's limit; an
 * office sharing one public address is not locked out of the devices it already uses.
 */

async function withApp(config: Parameters<typeof createTestApp>[0], run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(config);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const signIn = (t: TestApp, email: string, password: string, deviceId: string, ip: string) =>
  t.request('POST', '/v1/auth/admin/login', { body: { email, password, device: t.device(deviceId) }, headers: { 'x-forwarded-for': ip } });

describe('failed sign-ins from an approved device', () => {
  it('are limited to 10 an hour for that device, whatever the address', async () => {
    await withApp({ config: { loginFailuresPerAddressPer15Min: 10_000 } }, async (t) => {
      const admin = await t.actor();
      // A stolen device id, tried from many addresses.
      for (let i = 0; i < 10; i++) expect((await signIn(t, admin.email, `wrong-${i}-password`, admin.deviceId, `198.51.100.${i}`)).status).toBe(401);
      const blocked = await signIn(t, admin.email, admin.password, admin.deviceId, '198.51.100.77');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toContain('from this device');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      t.clock.advance(61 * 60_000);
      expect((await signIn(t, admin.email, admin.password, admin.deviceId, '198.51.100.77')).body.code).toBe(200);
    });
  });

  it("count towards the account's limit", async () => {
    await withApp({ config: { loginFailuresPerAddressPer15Min: 10_000, loginFailuresPerAccountPerHour: 15 } }, async (t) => {
      const admin = await t.actor();
      for (let i = 0; i < 10; i++) expect((await signIn(t, admin.email, 'wrong-password', admin.deviceId, '198.51.100.1')).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await signIn(t, admin.email, 'wrong-password', 'dev-elsewhere-01', '203.0.113.9')).status).toBe(401);
      // 15 failures in the hour, 10 of them from the approved device: a new device is held back.
      const held = await signIn(t, admin.email, admin.password, 'dev-elsewhere-01', '203.0.113.9');
      expect(held.status).toBe(429);
      expect(held.body.message).toContain('for this account');
    });
  });

  it('do not let an attacker elsewhere lock the admin out of the devices they use', async () => {
    await withApp({ config: { loginFailuresPerAddressPer15Min: 10_000, loginFailuresPerAccountPerHour: 20 } }, async (t) => {
      const admin = await t.actor();
      for (let i = 0; i < 20; i++) await signIn(t, admin.email, 'wrong-password', `dev-attacker-${i % 3}x`, `192.0.2.${i}`);
      expect((await signIn(t, admin.email, admin.password, 'dev-attacker-0x', '192.0.2.1')).status).toBe(429);
      expect((await signIn(t, admin.email, admin.password, admin.deviceId, '198.51.100.1')).body.code).toBe(200);
    });
  });
});

describe('the per-address limit', () => {
  it('holds back new devices from a noisy address, but not the devices its admins already use', async () => {
    await withApp({ config: { loginFailuresPerAddressPer15Min: 5 } }, async (t) => {
      const admin = await t.actor();
      const office = '203.0.113.50';
      for (let i = 0; i < 5; i++) expect((await signIn(t, `someone${i}@traction.ng`, 'wrong-password', 'dev-shared-kiosk', office)).status).toBe(401);
      expect((await signIn(t, admin.email, admin.password, 'dev-new-laptop-1', office)).status).toBe(429);
      expect((await signIn(t, admin.email, admin.password, admin.deviceId, office)).body.code).toBe(200);
      // A typo on an approved device does not count against the office.
      const colleague = await t.actor();
      expect((await signIn(t, colleague.email, 'wrong-password', colleague.deviceId, office)).status).toBe(401);
      expect((await signIn(t, colleague.email, colleague.password, colleague.deviceId, office)).body.code).toBe(200);
    });
  });
});
