import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; succeeded: boolean; trustedDevice: boolean; deviceFingerprint: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      email: attempt.email,
      ip: attempt.ip,
      succeeded: attempt.succeeded,
      trusted_device: attempt.trustedDevice,
      device_fingerprint: attempt.deviceFingerprint,
      at: attempt.at,
    })
    .execute();
}

/**
 * Failed attempts since `since`, and when the oldest of them was made: for an account (every
 * failure), for one device of an account, or from an address (devices not approved only).
 */
export async function recentFailures(
  db: Db,
  by: { email: string; deviceFingerprint?: string } | { ip: string },
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  let query = db
    .selectFrom('login_attempts')
    .select([sql<bigint>`count(*)`.as('n'), sql<Date | null>`min(at)`.as('oldest')])
    .where('succeeded', '=', false)
    .where('at', '>', since);
  if ('ip' in by) query = query.where('ip', '=', by.ip).where('trusted_device', '=', false);
  else {
    query = query.where('email', '=', by.email);
    if (by.deviceFingerprint) query = query.where('device_fingerprint', '=', by.deviceFingerprint);
  }
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Attempts older than a day are of no use to the limits. */
export async function pruneLoginAttempts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('login_attempts').where('at', '<', before).execute();
}
