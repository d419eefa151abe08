import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { sha256 } from '../../crypto';

type Db = Kysely<Database>;

/** A password link found by its token, with the admin it belongs to. */
export function findPasswordToken(db: Db, token: string) {
  return db
    .selectFrom('password_tokens as t')
    .innerJoin('admins as a', 'a.id', 't.admin_id')
    .select(['t.id', 't.purpose', 't.expires_at', 't.used_at', 'a.id as admin_id', 'a.email', 'a.deleted_at', 'a.password_hash'])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

/**
 * Marks a link used, if nobody has yet: one statement, so of two concurrent uses exactly one
 * wins (on PostgreSQL the second waits for the first's row lock, then finds `used_at` set).
 */
export async function consumePasswordToken(db: Db, id: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Stores a new single-use link token (its hash) for an admin; earlier unused links of that purpose stop working. */
export async function storePasswordToken(
  db: Db,
  args: { adminId: number; token: string; purpose: 'invite' | 'reset' | 'change'; expiresAt: Date; createdBy: number | null; now: Date },
): Promise<void> {
  await db
    .updateTable('password_tokens')
    .set({ used_at: args.now })
    .where('admin_id', '=', args.adminId)
    .where('purpose', '=', args.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('password_tokens')
    .values({
      admin_id: args.adminId,
      token_hash: sha256(args.token),
      purpose: args.purpose,
      created_at: args.now,
      expires_at: args.expiresAt,
      created_by: args.createdBy,
    })
    .execute();
}

/** The new password is in place: no reset is pending and no change is owed any more. */
export async function setAdminPassword(db: Db, adminId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, password_changed_at: now, password_reset_pending_at: null, must_change_password: false })
    .where('id', '=', adminId)
    .execute();
}

/**
 * Another admin reset this admin's password: from now on the old one signs in nowhere, and a
 * device code emailed before the reset cannot finish a sign-in either.
 */
export async function markPasswordResetPending(db: Db, adminId: number, now: Date): Promise<void> {
  await db.updateTable('admins').set({ password_reset_pending_at: now }).where('id', '=', adminId).execute();
  await db
    .updateTable('admin_devices')
    .set({ code_hash: null, code_expires_at: null })
    .where('admin_id', '=', adminId)
    .where('code_hash', 'is not', null)
    .execute();
}

/** Voids every unused link of an admin. */
export async function voidPasswordTokens(db: Db, adminId: number, at: Date): Promise<void> {
  await db.updateTable('password_tokens').set({ used_at: at }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
}
