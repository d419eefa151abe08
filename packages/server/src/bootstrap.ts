import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/connect';
import { hashPassword } from './domains/auth/index';

export interface BootstrapResult {
  email: string;
  /** Set only when this start created the account with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Makes sure a super admin exists. On first start it creates one from TRACTION_ADMIN_EMAIL /
 * TRACTION_ADMIN_PASSWORD, or with a generated one-time password that is printed once, never
 * stored in clear, and must be changed at the first sign-in.
 */
export async function ensureSuperAdmin(db: Db, options: { email?: string; password?: string; scryptLogN: number }): Promise<BootstrapResult> {
  const email = (options.email ?? 'admin@traction.ng').trim().toLowerCase();
  const existing = await db
    .selectFrom('admins')
    .select(['email'])
    .where('role', '=', 'super_admin')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return { email: existing.email, created: false };
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  await db
    .insertInto('admins')
    .values({
      email,
      first_name: 'Super',
      last_name: 'Admin',
      role: 'super_admin',
      password_hash: await hashPassword(password, options.scryptLogN),
      password_changed_at: sql<Date>`now()`,
      // Printed in a log: it must be replaced at the first sign-in. A password the operator chose
      // (TRACTION_ADMIN_PASSWORD) is theirs to keep.
      must_change_password: generatedPassword !== undefined,
    })
    .execute();
  return { email, created: true, ...(generatedPassword ? { generatedPassword } : {}) };
}
