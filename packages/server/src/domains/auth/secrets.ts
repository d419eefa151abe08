import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { sha256 } from '../../crypto';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const memoryFor = (logN: number) => 256 * 2 ** logN * R;

/**
 * Hashes a password with scrypt (N = 2^logN, r = 8, p = 1). The parameters are kept in the
 * hash (`scrypt$17$8$1$salt$key`), so the cost can be raised later without breaking old hashes.
 */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { N: 2 ** logN, r: R, p: P, maxmem: memoryFor(logN) });
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 2 ** Number(logN) * Number(r),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the time a real check would, so an unknown email cannot be told from a wrong password. */
export async function burnPasswordCheck(password: string, logN: number): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password', logN);
  await verifyPassword(password, await dummyHash);
}

// No 0/O or 1/I: the code is read from an email and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 4-character one-time device code (spec §5, §9: OTP length 4). */
export function newDeviceCode(): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function hashDeviceCode(deviceRowId: number, code: string): string {
  return sha256(`${deviceRowId}:${code.trim().toUpperCase()}`);
}

/**
 * What is shown and kept of a device id outside the device table: the first 8 hex digits of its
 * SHA-256. With the admin's password a device id signs in without a code, so the id itself is a
 * credential, stored only as its SHA-256 (`admin_devices.device_hash`); the fingerprint — that
 * hash's first 8 hex digits — tells devices apart in the audit log without revealing it.
 */
export function deviceFingerprint(deviceId: string): string {
  return sha256(deviceId).slice(0, 8);
}
