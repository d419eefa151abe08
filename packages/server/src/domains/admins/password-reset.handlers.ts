import { notFound, resetAdminPassword } from '@traction/core';
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { findAdmin, markPasswordResetPending, revokeSessions, sendPasswordLink } from '../auth/index';
import { assertOutranks } from './guards';

export const resetAdminPasswordHandler = implement(resetAdminPassword, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const target = await findAdmin(ctx.db, input.adminId);
  if (!target) throw notFound(`Admin ${input.adminId} does not exist`);
  assertOutranks(actor, target, "reset a super admin's password");
  await revokeSessions(ctx.db, { adminId: target.id }, 'password reset', ctx.now);
  await markPasswordResetPending(ctx.db, target.id, ctx.now);
  const expiresAt = await sendPasswordLink(ctx, {
    adminId: target.id,
    email: target.email,
    firstName: target.firstName,
    purpose: 'reset',
    createdBy: actor.id,
    now: ctx.now,
  });
  return { sent: true as const, email: target.email, expiresAt: expiresAt.toISOString() };
});
