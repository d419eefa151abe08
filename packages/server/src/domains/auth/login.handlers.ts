import { deviceLogin, login, tooManyRequests, unauthorized, upstreamFailed } from '@traction/core';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/connect';
import { implement } from '../../handling/implement';
import { findAdminByEmail } from './accounts.repository';
import { approveDeviceWithCode, countCodeAttempt, findDevice, setDeviceCode, touchDevice, upsertPendingDevice } from './devices.repository';
import { recentFailures, recordLoginAttempt } from './login-attempts.repository';
import { storePasswordToken } from './password-tokens.repository';
import { newSecret, sameHash } from '../../crypto';
import { burnPasswordCheck, deviceFingerprint, hashDeviceCode, newDeviceCode, verifyPassword } from './secrets';
import { createSession } from './sessions.repository';
import { maskEmail, signedInAnswer } from './signed-in';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;
const BAD_CREDENTIALS = 'Email or password is incorrect.';
const RESET_PENDING =
  'An administrator reset your password, so it no longer signs in. Choose a new one with the link emailed to you, or ask an administrator for a new link.';
/** Failed sign-ins an hour from one approved device: enough for typos, too few to guess with a stolen device id. */
export const TRUSTED_DEVICE_FAILURES_PER_HOUR = 10;
/** How long the link to change a generated first password is good for. */
const PASSWORD_CHANGE_TTL_MS = 15 * 60_000;

/**
 * Sign-in is not one transaction: failed attempts must be kept even though the answer is an
 * error, because the limits below count them (see `enforceSignInLimits`).
 */
export const loginHandler = implement(
  login,
  async ({ input, ctx }) => {
    const { db, deps, now, request } = ctx;
    const admin = await findAdminByEmail(db, input.email);
    const device = admin ? await findDevice(db, admin.id, input.device.deviceId) : undefined;
    const trusted = device?.status === 'approved';
    const fingerprint = deviceFingerprint(input.device.deviceId);
    await enforceSignInLimits(db, deps.config, { email: input.email, ip: request.ip, fingerprint, trusted }, now);

    let passwordOk = false;
    if (admin?.password_hash) passwordOk = await verifyPassword(input.password, admin.password_hash);
    else await burnPasswordCheck(input.password, deps.config.scryptLogN);
    await recordLoginAttempt(db, {
      email: input.email,
      ip: request.ip,
      succeeded: passwordOk,
      trustedDevice: trusted,
      deviceFingerprint: fingerprint,
      at: now,
    });
    if (!admin || !passwordOk) throw unauthorized(BAD_CREDENTIALS, 'bad_credentials');
    ctx.setActor({ id: admin.id, email: admin.email });
    // Only someone who knows the old password learns that a reset is pending.
    if (admin.password_reset_pending_at) throw unauthorized(RESET_PENDING, 'password_reset_pending');

    if (device?.status === 'rejected') {
      throw unauthorized('An administrator rejected this device. Ask for it to be approved under Device Authorization Request.', 'device_rejected');
    }
    if (device && trusted) {
      await touchDevice(db, device.id, now);
      if (admin.must_change_password) return passwordChangeAnswer(db, { adminId: admin.id, email: admin.email, now });
      const session = await createSession(db, {
        adminId: admin.id,
        deviceRowId: device.id,
        ip: request.ip,
        userAgent: request.userAgent,
        now,
        config: deps.config,
      });
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
    if (admin.password_reset_pending_at) throw unauthorized(RESET_PENDING, 'password_reset_pending');
    if (device.code_expires_at <= now) {
      await setDeviceCode(db, device.id, null);
      throw unauthorized('That code has expired. Sign in again to get a new one.', 'code_expired');
    }
    // Counted before comparing, in one statement, so parallel guesses cannot exceed the limit.
    const attempts = await countCodeAttempt(db, device.id, max);
    // Every attempt is spent: this one is refused. The code is not voided here — the wrong-code
    // branch voids it after the last wrong try — so a right code sent at the same moment as
    // others (a double click, a retrying client) still opens its one session.
    if (attempts === undefined) throw unauthorized('Too many wrong codes. Sign in again to get a new code.', 'code_attempts_exhausted');
    if (!sameHash(hashDeviceCode(device.id, input.code), device.code_hash)) {
      await recordLoginAttempt(db, {
        email: admin.email,
        ip: request.ip,
        succeeded: false,
        trustedDevice: false,
        deviceFingerprint: deviceFingerprint(input.device.deviceId),
        at: now,
      });
      const left = max - attempts;
      if (left <= 0) await setDeviceCode(db, device.id, null);
      throw unauthorized(
        left > 0 ? `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes. Sign in again to get a new code.',
        'invalid_code',
      );
    }
    // The code is used up in the same statement that approves the device: of two requests with
    // one code, exactly one gets a session.
    const codeHash = device.code_hash;
    const session = await db.transaction().execute(async (trx) => {
      if (!(await approveDeviceWithCode(trx, device.id, codeHash, now))) return null;
      if (admin.must_change_password) return 'change' as const;
      return createSession(trx, { adminId: admin.id, deviceRowId: device.id, ip: request.ip, userAgent: request.userAgent, now, config: deps.config });
    });
    if (!session) throw unauthorized('That code has just been used. Sign in again.', 'code_used');
    if (session === 'change') return passwordChangeAnswer(db, { adminId: admin.id, email: admin.email, now });
    return signedInAnswer(db, admin.id, session);
  },
  { transactional: false },
);

/**
 * The sign-in limits, all sliding windows so no lock is permanent:
 * - from a device the admin has not approved: 50 failures per address per 15 minutes, and 100
 *   failures per account per hour — every failure counts there, approved devices' included;
 * - from an approved device: 10 failures an hour for that device. It is not held back by the
 *   address or account limits, so an attacker elsewhere (or a noisy office sharing one public
 *   address) cannot lock an admin out of the devices they use; and a stolen device id gives 10
 *   guesses an hour, not unlimited ones.
 */
async function enforceSignInLimits(
  db: Db,
  config: ServerConfig,
  attempt: { email: string; ip: string; fingerprint: string; trusted: boolean },
  now: Date,
): Promise<void> {
  if (attempt.trusted) {
    await enforceLimit(db, { email: attempt.email, deviceFingerprint: attempt.fingerprint }, now, HOUR, TRUSTED_DEVICE_FAILURES_PER_HOUR, 'from this device');
    return;
  }
  await enforceLimit(db, { ip: attempt.ip }, now, QUARTER, config.loginFailuresPerAddressPer15Min, 'from this address');
  await enforceLimit(db, { email: attempt.email }, now, HOUR, config.loginFailuresPerAccountPerHour, 'for this account');
}

/**
 * The password was right but was generated for the first start: no session, a short-lived
 * single-use token for `auth.password.set` instead.
 */
async function passwordChangeAnswer(db: Db, args: { adminId: number; email: string; now: Date }) {
  const token = newSecret('pwd');
  const expiresAt = new Date(args.now.getTime() + PASSWORD_CHANGE_TTL_MS);
  await storePasswordToken(db, { adminId: args.adminId, token, purpose: 'change', expiresAt, createdBy: args.adminId, now: args.now });
  return {
    code: 'change-password' as const,
    message: 'Choose your own password before you go on: the one you used was generated for the first start.',
    email: args.email,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

async function enforceLimit(db: Db, by: Parameters<typeof recentFailures>[1], now: Date, windowMs: number, limit: number, scope: string): Promise<void> {
  const { count, oldest } = await recentFailures(db, by, new Date(now.getTime() - windowMs));
  if (count < limit) return;
  const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
  throw tooManyRequests(`Too many failed sign-ins ${scope}. Try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`, retryAfter);
}
