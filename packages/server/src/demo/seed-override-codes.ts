import { OVERRIDE_CODE_DIGITS, OVERRIDE_CODE_PURPOSES, type OverrideCodeStatus } from '@traction/core';
import type { Db } from '../db/connect';
import { sha256 } from '../crypto';
import { createRandom } from './random';

/** Demo override codes: a few of each status. */
export const DEMO_OVERRIDE_CODES = 24;

const HOUR_MS = 3_600_000;
const STATUSES: readonly OverrideCodeStatus[] = ['ACTIVE', 'USED', 'EXPIRED', 'REVOKED'];
const NOTES = ['Merchant locked out after PIN tries', 'Tamper alert after a fall', 'Swap of the SIM tray', null, 'Set-up at the new store', null];
const REVOKE_REASONS = ['Visit called off', 'Sent to the wrong officer', 'Merchant fixed it himself'];

/**
 * Loads demo override codes once (skipped when there are any, or when there is no admin to have
 * issued them): active, used, expired and revoked ones, most for a terminal and some for any.
 * Their codes are random digits nobody is told: only the hashes are kept, as for real ones.
 */
export async function seedOverrideCodes(db: Db, options: { now?: Date; count?: number } = {}): Promise<{ codes: number }> {
  if (await db.selectFrom('terminal_override_codes').select('id').limit(1).executeTakeFirst()) return { codes: 0 };
  const admins = await db.selectFrom('admins').select('id').orderBy('id').limit(6).execute();
  if (admins.length === 0) return { codes: 0 };
  const now = options.now ?? new Date();
  const count = options.count ?? DEMO_OVERRIDE_CODES;
  const terminals = await db.selectFrom('terminals').select('id').where('state', '<>', 'DECOMMISSIONED').orderBy('id').limit(count).execute();
  const random = createRandom(17);
  const digits = () => Array.from({ length: OVERRIDE_CODE_DIGITS }, () => random.int(10)).join('');
  const rows = Array.from({ length: count }, (_, n) => {
    const status = STATUSES[n % STATUSES.length]!;
    // A terminal for most, any terminal for every fifth (or all, on a database with no terminals).
    const terminal = n % 5 === 4 || terminals.length === 0 ? null : terminals[n % terminals.length]!.id;
    const validHours = random.pick([1, 4, 24, 24, 72, 168]);
    // Active ones were issued within their time; the others some days ago.
    const createdAt = new Date(now.getTime() - (status === 'ACTIVE' ? random.int(validHours * 60) * 60_000 : (validHours + 2 + random.int(240)) * HOUR_MS));
    const expiresAt = new Date(createdAt.getTime() + validHours * HOUR_MS);
    const settledAt = new Date(createdAt.getTime() + random.int(validHours * 60) * 60_000);
    const issuer = admins[n % admins.length]!.id;
    const other = admins[(n + 1) % admins.length]!.id;
    return {
      terminal_id: terminal,
      purpose: OVERRIDE_CODE_PURPOSES[n % OVERRIDE_CODE_PURPOSES.length]!,
      note: NOTES[n % NOTES.length] ?? null,
      code_hash: sha256(digits()),
      created_by: issuer,
      created_at: createdAt,
      expires_at: expiresAt,
      used_at: status === 'USED' ? settledAt : null,
      used_by: status === 'USED' ? other : null,
      // A code for any terminal opened the first one.
      used_on_terminal_id: status === 'USED' ? (terminal ?? terminals[0]?.id ?? null) : null,
      revoked_at: status === 'REVOKED' ? settledAt : null,
      revoked_by: status === 'REVOKED' ? issuer : null,
      revoke_reason: status === 'REVOKED' ? REVOKE_REASONS[n % REVOKE_REASONS.length]! : null,
    };
  });
  // A used code needs a terminal it was used on: with no terminals at all, none is used.
  const kept = rows.filter((row) => row.used_at === null || row.used_on_terminal_id !== null);
  await db.insertInto('terminal_override_codes').values(kept).execute();
  return { codes: kept.length };
}
