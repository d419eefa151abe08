import { badRequest, forbidden, notFound, resetAdminPassword, setPassword } from '@traction/core';
import { implement } from '../../http/implement';
import { requireAdmin } from '../../http/handler-context';
import { findAdmin } from '../admins/admins.repository';
import { sendPasswordLink } from './password-links';
import { hashPassword, sha256 } from './secrets';
import { revokeSessions } from './sessions.repository';

const BAD_LINK = 'This link is invalid, used or expired. Ask an administrator for a new one.';

export const setPasswordHandler = implement(setPassword, async ({ input, ctx }) => {
  const { db, now } = ctx;
  const link = await db
    .selectFrom('password_tokens as t')
    .innerJoin('admins as a', 'a.id', 't.admin_id')
    .select(['t.id', 't.expires_at', 't.used_at', 'a.id as admin_id', 'a.email', 'a.deleted_at'])
    .where('t.token_hash', '=', sha256(input.token))
    .executeTakeFirst();
  if (!link || link.used_at || link.deleted_at || link.expires_at <= now) {
    throw badRequest(BAD_LINK, [{ field: 'token', message: 'is invalid, used or expired' }]);
  }
  ctx.setActor({ id: link.admin_id, email: link.email });
  if (input.password.toLowerCase().includes(link.email.split('@')[0]!.toLowerCase())) {
    throw badRequest('Choose a password that does not contain your email name', [
      { field: 'password', message: 'must not contain your email name' },
    ]);
  }
  const passwordHash = await hashPassword(input.password, ctx.deps.config.scryptLogN);
  await db.updateTable('password_tokens').set({ used_at: now }).where('id', '=', link.id).execute();
  await db.updateTable('admins').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', link.admin_id).execute();
  await revokeSessions(db, { adminId: link.admin_id }, 'password changed', now);
  return { ok: true as const, message: 'Password set. Sign in with your new password.' };
});

export const resetAdminPasswordHandler = implement(resetAdminPassword, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const target = await findAdmin(ctx.db, input.adminId);
  if (!target) throw notFound(`Admin ${input.adminId} does not exist`);
  if (target.role === 'super_admin' && actor.role !== 'super_admin') {
    throw forbidden("Only a super admin can reset a super admin's password");
  }
  await revokeSessions(ctx.db, { adminId: target.id }, 'password reset', ctx.now);
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
