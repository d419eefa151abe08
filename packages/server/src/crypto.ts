import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A bearer token or link secret: 256 random bits. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps instead of a token. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
