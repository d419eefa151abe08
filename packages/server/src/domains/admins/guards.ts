import { forbidden, type Permission } from '@traction/core';
import type { SignedInAdmin } from '../../handling/handler-context';

/**
 * Nobody hands out more than they hold: granting a permission you lack would let anyone with
 * `permissions.manage` raise themselves to super admin in two steps. Every path that gives
 * permissions goes through it — direct grants, department edits, a new admin's departments —
 * and so does taking them away: removing what you do not hold is not yours to decide either.
 */
export function assertHoldsAll(actor: SignedInAdmin, permissions: Iterable<string>, doing: 'grant' | 'remove' | 'change' | 'give' = 'grant'): void {
  const missing = [...new Set(permissions)].filter((p) => !actor.permissions.has(p as Permission));
  if (missing.length > 0) {
    const what = doing === 'give' ? 'give an admin departments whose permissions you hold yourself' : `${doing} permissions you hold yourself`;
    throw forbidden(`You can only ${what}; you lack ${missing.join(', ')}.`, {
      reason: 'grant_exceeds_own',
      permissions: missing,
    });
  }
}

/**
 * Rank: only a super admin acts on a super admin's account — their role, password, devices,
 * permissions or deletion. Other admins are equals here; what they may do to each other is
 * decided by the permission each command needs.
 */
export function assertOutranks(actor: SignedInAdmin, target: { role: string }, action: string): void {
  if (target.role === 'super_admin') assertMaySuper(actor, action);
}

/** Only a super admin makes, unmakes, deletes or resets a super admin. */
export function assertMaySuper(actor: SignedInAdmin, action: string): void {
  if (actor.role !== 'super_admin') throw forbidden(`Only a super admin can ${action}.`, { reason: 'super_admin_only' });
}
