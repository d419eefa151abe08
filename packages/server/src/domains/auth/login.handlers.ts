import { deviceLogin, login, tooManyRequests, unauthorized, upstreamFailed } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { implement } from '../../http/implement';
import { findAdminByEmail } from '../admins/admins.repository';
import { findDevice, setDeviceCode, upsertPendingDevice } from './devices.repository';
import { recentFailures, recordLoginAttempt } from './login-attempts.repository';
import { burnPasswordCheck, hashDeviceCode, newDeviceCode, sameHash, verifyPassword } from './secrets';
import { createSession } from './sessions.repository';
import { maskEmail, signedInAnswer } from './signed-in';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;
const BAD_CREDENTIALS = 'Email or password is incorrect.';

/**
 * Sign-in is not one transaction: failed attempts must be kept even though the answer is an
 * error, because the limits below count them. The limits slide (an hour per account, 15 minutes
 * per address), so nobody can lock an admin out for good, and attempts from a device the admin
 * has already approved do not count against the account at all.
 */
export const loginHandler = implement(
  login,
  async ({ input, ctx }) => {
    const { db, deps, now, request } = ctx;
    await enforceLimit(db, { ip: request.ip }, now, QUARTER, deps.config.loginFailuresPerAddressPer15Min, 'from this address');

    const admin = await findAdminByEmail(db, input.email);
    const device = admin ? await findDevice(db, admin.id, input.device.deviceId) : undefined;
    const trusted = device?.status === 'approved';
    if (!trusted) {
      await enforceLimit(db, { email: input.email, untrustedOnly: true }, now, HOUR, deps.config.loginFailuresPerAccountPerHour, 'for this account');
    }
    let passwordOk = false;
    if (admin?.password_hash) passwordOk = await verifyPassword(input.password, admin.password_hash);
    else await burnPasswordCheck(input.password, deps.config.scryptLogN);
    await recordLoginAttempt(db, { email: input.email, ip: request.ip, succeeded: passwordOk, trustedDevice: trusted, at: now });
    if (!admin || !passwordOk) throw unauthorized(BAD_CREDENTIALS, 'bad_credentials');
    ctx.setActor({ id: admin.id, email: admin.email });

    if (device?.status === 'rejected') {
      throw unauthorized(
        'An administrator rejected this device. Ask for it to be approved under Device Authorization Request.',
        'device_rejected',
      );
    }
    if (device && trusted) {
      await db.updateTable('admin_devices').set({ last_seen_at: now }).where('id', '=', device.id).execute();
      const session = await createSession(db, { adminId: admin.id, deviceRowId: device.id, ip: request.ip, userAgent: request.userAgent, now, config: deps.config });
      return signedInAnswer(db, admin.id, session);
    }

    const code = newDeviceCode();
    const codeExpiresAt = new Date(now.getTime() + deps.config.deviceCodeTtlMinutes * 60_000);
    const deviceRowId = await upsertPendingDevice(db, { adminId: admin.id, device: input.device, now, codeExpiresAt });
    await setDeviceCode(db, deviceRowId, hashDeviceCode(deviceRowId, code));
    try {
      await deps.providers.email.send({
        to: admin.email,
        kind: 'device-code',
        subject: `Your Traction Admin sign-in code: ${code}`,
        text:
          `Your code is ${code}. It confirms a sign-in from ${input.device.browserName} ${input.device.browserVersion} on ${input.device.deviceModel}` +
          ` and expires in ${deps.config.deviceCodeTtlMinutes} minutes. If this was not you, change your password now.`,
        data: { code },
      });
    } catch (error) {
      await setDeviceCode(db, deviceRowId, null);
      throw upstreamFailed('Your sign-in code could not be emailed. Nothing was changed; try again in a minute.', error);
    }
    return { code: 'secret' as const, message: `Enter the 4-character code sent to ${maskEmail(admin.email)}.`, email: admin.email };
  },
  { transactional: false },
);

export const deviceLoginHandler = implement(
  deviceLogin,
  async ({ input, ctx }) => {
    const { db, deps, now, request } = ctx;
    const max = deps.config.deviceCodeMaxAttempts;
    await enforceLimit(db, { ip: request.ip }, now, QUARTER, deps.config.loginFailuresPerAddressPer15Min, 'from this address');
    const admin = await findAdminByEmail(db, input.email);
    const device = admin ? await findDevice(db, admin.id, input.device.deviceId) : undefined;
    if (!admin || !device || device.status !== 'pending' || !device.code_hash || !device.code_expires_at) {
      throw unauthorized('No sign-in code is waiting for this device. Sign in with your password first.', 'no_code');
    }
    ctx.setActor({ id: admin.id, email: admin.email });
    if (device.code_expires_at <= now) {
      await setDeviceCode(db, device.id, null);
      throw unauthorized('That code has expired. Sign in again to get a new one.', 'code_expired');
    }
    // Counted before comparing, in one statement, so parallel guesses cannot exceed the limit.
    const counted = await db
      .updateTable('admin_devices')
      .set({ code_attempts: sql`code_attempts + 1` })
      .where('id', '=', device.id)
      .where('code_attempts', '<', max)
      .returning('code_attempts')
      .executeTakeFirst();
    if (!counted) {
      await setDeviceCode(db, device.id, null);
      throw unauthorized('Too many wrong codes. Sign in again to get a new code.', 'code_attempts_exhausted');
    }
    if (!sameHash(hashDeviceCode(device.id, input.code), device.code_hash)) {
      await recordLoginAttempt(db, { email: admin.email, ip: request.ip, succeeded: false, trustedDevice: false, at: now });
      const left = max - counted.code_attempts;
      if (left <= 0) await setDeviceCode(db, device.id, null);
      throw unauthorized(
        left > 0 ? `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes. Sign in again to get a new code.',
        'invalid_code',
      );
    }
    const session = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('admin_devices')
        .set({ status: 'approved', whitelisted: true, decided_at: now, code_hash: null, code_expires_at: null, code_attempts: 0, last_seen_at: now })
        .where('id', '=', device.id)
        .execute();
      return createSession(trx, { adminId: admin.id, deviceRowId: device.id, ip: request.ip, userAgent: request.userAgent, now, config: deps.config });
    });
    return signedInAnswer(db, admin.id, session);
  },
  { transactional: false },
);

async function enforceLimit(
  db: Db,
  by: Parameters<typeof recentFailures>[1],
  now: Date,
  windowMs: number,
  limit: number,
  scope: string,
): Promise<void> {
  const { count, oldest } = await recentFailures(db, by, new Date(now.getTime() - windowMs));
  if (count < limit) return;
  const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
  throw tooManyRequests(
    `Too many failed sign-ins ${scope}. Try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
    retryAfter,
  );
}

