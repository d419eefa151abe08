import { randomInt } from 'node:crypto';

/** The NIP institution code each provider sends under (the session id's first six digits). */
const SENDER_INSTITUTION = { providus: '000023', vfd: '090110', wema: '000017' } as const;

/**
 * A NIP session id: the sending institution's six-digit code, the time as yyMMddHHmmss (Lagos),
 * and twelve random digits — 30 characters, chosen once per transfer before its first send and
 * reused on every resend, so the provider recognises a resend as a duplicate and never pays twice.
 */
export function newSessionId(provider: keyof typeof SENDER_INSTITUTION, now: Date): string {
  const lagos = new Date(now.getTime() + 3_600_000).toISOString();
  const stamp = `${lagos.slice(2, 4)}${lagos.slice(5, 7)}${lagos.slice(8, 10)}${lagos.slice(11, 13)}${lagos.slice(14, 16)}${lagos.slice(17, 19)}`;
  const random = `${randomInt(0, 1_000_000).toString().padStart(6, '0')}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
  return `${SENDER_INSTITUTION[provider]}${stamp}${random}`;
}

/** A transfer reference when the caller gives none: TRF-yyyymmdd-<10 random characters>. */
export function newTransferReference(now: Date): string {
  const day = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let random = '';
  for (let i = 0; i < 10; i += 1) random += alphabet[randomInt(0, alphabet.length)];
  return `TRF-${day}-${random}`;
}
