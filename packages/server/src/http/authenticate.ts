import { unauthorized } from '@traction/core';
import type { AppDeps } from '../deps';
import { verifySession } from '../domains/auth/index';
import type { ActiveSession, SignedInAdmin } from '../handling/handler-context';

/** The pipeline's first step for signed-in commands: the bearer token, checked by the auth domain. */
export async function authenticate(
  deps: AppDeps,
  authorization: string | undefined,
  deviceId: string | null,
  now: Date,
): Promise<{ admin: SignedInAdmin; session: ActiveSession }> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) throw unauthorized('Sign in to continue.', 'unauthenticated');
  return verifySession(deps.db, deps.config, token, deviceId, now, deps.sessions);
}
