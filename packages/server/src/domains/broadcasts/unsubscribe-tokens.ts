import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MessageChannel } from '@traction/core';
import type { Db } from '../../db/connect';

/**
 * Unsubscribe links (docs/decisions.md "Broadcasts"): a token is the channel and address it was
 * made for, signed with HMAC-SHA-256 under a key the database keeps (made on first use), so any
 * server process, after any restart, checks what another made; nothing is stored per message. It
 * is short, for the SMS it ends: `S2348031234567.<mac>` for a phone, `E<base64url email>.<mac>`
 * for an email. It never expires: an old message's link still works, as the law expects.
 */
const MAC_CHARS = 16;

/** The signing key, made once (whichever process asks first) and read after. */
export async function unsubscribeKey(db: Db, now: Date): Promise<string> {
  const found = await db.selectFrom('unsubscribe_keys').select('secret').where('id', '=', 1).executeTakeFirst();
  if (found) return found.secret;
  await db
    .insertInto('unsubscribe_keys')
    .values({ id: 1, secret: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const made = await db.selectFrom('unsubscribe_keys').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return made.secret;
}

const mac = (key: string, channel: MessageChannel, address: string) =>
  createHmac('sha256', key).update(`unsubscribe:v1:${channel}:${address}`).digest('base64url').slice(0, MAC_CHARS);

/** The token of an address on a channel (an email lower-cased, a phone as +234…). */
export function unsubscribeToken(key: string, channel: MessageChannel, address: string): string {
  const payload = channel === 'SMS' ? `S${address.replace(/^\+/, '')}` : `E${Buffer.from(address, 'utf8').toString('base64url')}`;
  return `${payload}.${mac(key, channel, address)}`;
}

/** The channel and address a token was made for, or null when it was not made with this key (forged, cut, changed). */
export function readUnsubscribeToken(key: string, token: string): { channel: MessageChannel; address: string } | null {
  const match = /^([SE])([A-Za-z0-9_-]{3,330})\.([A-Za-z0-9_-]{16})$/.exec(token.trim());
  if (!match) return null;
  const channel: MessageChannel = match[1] === 'S' ? 'SMS' : 'EMAIL';
  let address: string;
  if (channel === 'SMS') {
    if (!/^234[0-9]{10}$/.test(match[2]!)) return null;
    address = `+${match[2]}`;
  } else {
    address = Buffer.from(match[2]!, 'base64url').toString('utf8');
    if (!/^[^@\s]+@[^@\s]+$/.test(address) || address !== address.toLowerCase() || address.length > 254) return null;
  }
  const expected = Buffer.from(mac(key, channel, address));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { channel, address } : null;
}

/** The page an unsubscribe link opens: the console's public page, which asks before it unsubscribes (a mail scanner following links unsubscribes nobody). */
export const unsubscribeLink = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/unsubscribe?t=${token}`;
