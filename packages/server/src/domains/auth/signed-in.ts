import type { Kysely } from 'kysely';
import { effectivePermissions, findAdmin } from './accounts.repository';
import type { Database } from '../../db/database';
import type { NewSession } from './sessions.repository';

/** Who runs the console: kept by clients as the "business data" of the sign-in (spec §3). */
export const OPERATOR_BUSINESS = { name: 'Traction', country: 'NG', currency: 'NGN' } as const;

/** The answer to a successful sign-in: token, user with permissions, business. */
export async function signedInAnswer(db: Kysely<Database>, adminId: number, session: NewSession) {
  const admin = await findAdmin(db, adminId);
  if (!admin) throw new Error(`admin ${adminId} vanished while signing in`);
  return {
    code: 200 as const,
    message: 'Signed in',
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: { ...admin, permissions: await effectivePermissions(db, admin.id, admin.role) },
    business: { ...OPERATOR_BUSINESS },
  };
}

/** `ada.obi@traction.ng` → `a•••i@traction.ng`: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}@${domain}`;
}
