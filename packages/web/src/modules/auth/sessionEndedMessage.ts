/**
 * What the login page says when the server ended the session, by the reason in its 401
 * (docs/decisions.md, Sign-in and devices §8). The limits are the server's settings, so the
 * words give none.
 */
const BY_REASON: Readonly<Record<string, string>> = {
  session_idle: 'You were signed out because the console was not used for a while. Sign in again to carry on.',
  session_expired: 'You were signed out because your session reached its time limit. Sign in again to carry on.',
  session_revoked:
    'Your session was ended: you signed out in another tab, or an administrator changed your role or reset your password. Sign in again to carry on.',
};

export const SESSION_ENDED_DEFAULT = 'Your session has ended. Sign in again to carry on.';

/** The sentence for a 401's `details.reason`; a generic one for reasons without their own. */
export function sessionEndedMessage(reason: unknown): string {
  return (typeof reason === 'string' && BY_REASON[reason]) || SESSION_ENDED_DEFAULT;
}
