import { ApiError, badRequest, setPassword } from '@traction/core';
import { implement } from '../../handling/implement';
import { consumePasswordToken, findPasswordToken, setAdminPassword } from './password-tokens.repository';
import { hashPassword, verifyPassword } from './secrets';
import { revokeSessions } from './sessions.repository';

const BAD_LINK = 'This link is invalid, used or expired. Ask an administrator for a new one.';

export const setPasswordHandler = implement(setPassword, async ({ input, ctx }) => {
  const { db, now } = ctx;
  const link = await findPasswordToken(db, input.token);
  if (!link || link.deleted_at || link.expires_at <= now) {
    throw badRequest(BAD_LINK, [{ field: 'token', message: 'is invalid, used or expired' }]);
  }
  if (link.used_at) throw linkUsed();
  ctx.setActor({ id: link.admin_id, email: link.email });
  if (input.password.toLowerCase().includes(link.email.split('@')[0]!.toLowerCase())) {
    throw badRequest('Choose a password that does not contain your email name', [{ field: 'password', message: 'must not contain your email name' }]);
  }
  // Taken before the slow hash: of two requests with one link, exactly one goes on.
  if (!(await consumePasswordToken(db, link.id, now))) throw linkUsed();
  if (link.password_hash && (await verifyPassword(input.password, link.password_hash))) {
    throw badRequest('Choose a password you have not been using', [{ field: 'password', message: 'must differ from the current password' }]);
  }
  const passwordHash = await hashPassword(input.password, ctx.deps.config.scryptLogN);
  await setAdminPassword(db, link.admin_id, passwordHash, now);
  await revokeSessions(db, { adminId: link.admin_id }, 'password changed', now);
  return { ok: true as const, message: 'Password set. Sign in with your new password.' };
});

/** A link that another request has just used: the password it set stands, this one was not set. */
const linkUsed = () =>
  new ApiError(410, 'This link has already been used, so this password was not set. Sign in, or ask an administrator for a new link.', {
    reason: 'link_used',
  });
