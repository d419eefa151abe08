import { forbidden, type Permission } from '@traction/core';
import type { SignedInAdmin } from '../../http/handler-context';

/**
 * Nobody hands out more than they hold: granting a permission you lack would let anyone with
 * `permissions.manage` raise themselves to super admin in two steps.
 */
export function assertHoldsAll(actor: SignedInAdmin, permissions: readonly Permission[]): void {
  const missing = permissions.filter((p) => !actor.permissions.has(p));
  if (missing.length > 0) {
    throw forbidden(`You can only grant permissions you hold yourself; you lack ${missing.join(', ')}.`, {
      reason: 'grant_exceeds_own',
      permissions: missing,
    });
  }
}

/** Only a super admin makes, unmakes, deletes or resets a super admin. */
export function assertMaySuper(actor: SignedInAdmin, action: string): void {
  if (actor.role !== 'super_admin') throw forbidden(`Only a super admin can ${action}.`, { reason: 'super_admin_only' });
}
