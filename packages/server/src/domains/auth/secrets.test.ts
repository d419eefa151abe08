import { expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import { newSecret } from '../../crypto';
import { hashDeviceCode, hashPassword, newDeviceCode, verifyPassword } from './secrets';

it('hashes passwords with scrypt N=2^17, r=8, p=1 by default', async () => {
  expect(defaultConfig.scryptLogN).toBe(17);
  const hash = await hashPassword('correct horse battery staple', defaultConfig.scryptLogN);
  expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
  expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
  expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
});

it('salts every hash', async () => {
  expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
});

it('makes 256-bit tokens and 4-character codes without look-alike characters', () => {
  const token = newSecret('tra');
  expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
  const codes = Array.from({ length: 500 }, newDeviceCode);
  expect(codes.every((c) => /^[A-HJ-NP-Z2-9]{4}$/.test(c))).toBe(true);
  expect(new Set(codes).size).toBeGreaterThan(450);
  expect(hashDeviceCode(1, 'abcd')).toBe(hashDeviceCode(1, 'ABCD'));
  expect(hashDeviceCode(1, 'ABCD')).not.toBe(hashDeviceCode(2, 'ABCD'));
});
