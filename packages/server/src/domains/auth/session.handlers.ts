import { checkEmail, logout, whoami } from '@traction/core';
import { implement } from '../../handling/implement';
import { requireAdmin } from '../../handling/handler-context';
import { effectivePermissions, findAdmin, findAdminByEmail } from './accounts.repository';
import { revokeSessions } from './sessions.repository';

export const logoutHandler = implement(logout, async ({ ctx }) => {
  const admin = requireAdmin(ctx);
  await revokeSessions(ctx.db, { adminId: admin.id, sessionId: ctx.session!.id }, 'logout', ctx.now);
  return { ok: true as const, message: 'Signed out' };
});

export const whoamiHandler = implement(whoami, async ({ ctx }) => {
  const signedIn = requireAdmin(ctx);
  const admin = await findAdmin(ctx.db, signedIn.id);
  if (!admin) throw new Error('signed-in admin not found');
  const session = ctx.session!;
  return {
    user: { ...admin, permissions: await effectivePermissions(ctx.db, admin.id, admin.role) },
    session: {
      expiresAt: session.expiresAt.toISOString(),
      idleExpiresAt: session.idleExpiresAt.toISOString(),
      deviceId: session.deviceId,
    },
  };
});

export const checkEmailHandler = implement(checkEmail, async ({ input, ctx }) => {
  const admin = await findAdminByEmail(ctx.db, input.email);
  return {
    email: input.email,
    exists: Boolean(admin),
    status: admin ? (admin.password_hash ? ('active' as const) : ('invited' as const)) : null,
  };
});
