import type { Implementation } from '../../handling/implement';
import { deviceLoginHandler, loginHandler } from './login.handlers';
import { setPasswordHandler } from './password.handlers';
import { checkEmailHandler, logoutHandler, whoamiHandler } from './session.handlers';

/**
 * Signing in and being signed in: credentials, devices, sessions, password links, and what an
 * admin may do. The admins domain (managing accounts) builds on this one, never the reverse.
 */
export { adminQuery, effectivePermissions, findAdmin, findAdminByEmail, toAdmin, type AdminRow } from './accounts.repository';
export { decideDevice, deviceFingerprintSql, deviceRequestSearch, deviceRequestsQuery, toDeviceRequest } from './devices.repository';
export { forgetSignIns } from './forget-sign-ins';
export { sendPasswordLink } from './password-links';
export { markPasswordResetPending } from './password-tokens.repository';
export { deviceFingerprint, hashPassword } from './secrets';
export { revokeSessions } from './sessions.repository';
export { SessionCache } from './session-cache';
export type { SessionByToken } from './sessions.repository';
export { verifySession } from './verify-session';

/** Implementations of this domain's commands. */
export const authImplementations: readonly Implementation[] = [
  loginHandler,
  deviceLoginHandler,
  logoutHandler,
  whoamiHandler,
  checkEmailHandler,
  setPasswordHandler,
];
