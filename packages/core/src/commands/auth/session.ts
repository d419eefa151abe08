import { z } from 'zod';
import { defineCommand } from '../../command';
import { sessionUser } from '../../schemas/admin';
import { emailField, okOutput } from '../../schemas/common';
import { deviceInput } from '../../schemas/device';

/** Who the console is operated by; kept beside the user as "business data" (spec §3). */
const operatorBusiness = z.object({ name: z.string(), country: z.string(), currency: z.string() });

const signedIn = z.object({
  code: z.literal(200),
  message: z.string(),
  /** Opaque bearer token. */
  token: z.string(),
  /** When the session ends at the latest, even if used. */
  expiresAt: z.string(),
  user: sessionUser,
  business: operatorBusiness,
});

const codeSent = z.object({
  /** The device is new: a 4-character code was emailed; call device login with it. */
  code: z.literal('secret'),
  message: z.string(),
  email: z.string(),
});

/**
 * The password was right, but it must be changed before the admin may work (the generated first
 * super-admin password). No session is opened: `token` is a single-use, short-lived link token
 * for `auth.password.set`; sign in again with the new password afterwards.
 */
const passwordChange = z.object({
  code: z.literal('change-password'),
  message: z.string(),
  email: z.string(),
  /** For `POST /v1/admin/password/set`, good until `expiresAt`. */
  token: z.string(),
  expiresAt: z.string(),
});

export const login = defineCommand({
  id: 'auth.login',
  group: 'auth',
  action: 'login',
  title: 'Sign in',
  description: 'Checks email and password. A known device gets a session; a new one gets code "secret" and a 4-character code by email.',
  method: 'POST',
  path: '/v1/auth/admin/login',
  auth: 'public',
  permission: null,
  input: z.object({ email: emailField, password: z.string().min(1).max(128), device: deviceInput }),
  output: z.discriminatedUnion('code', [signedIn, codeSent, passwordChange]),
  secrets: ['password'],
  // The answer is a session token: it must never sit in the replay table (sessions are kept hashed).
  idempotency: 'none',
});

export const deviceLogin = defineCommand({
  id: 'auth.device-login',
  group: 'auth',
  action: 'device-login',
  title: 'Confirm a new device with its emailed code',
  method: 'POST',
  path: '/v1/auth/admin/device-login',
  auth: 'public',
  permission: null,
  input: z.object({
    email: emailField,
    /** The one-time code: exactly 4 characters (spec §5). */
    code: z.string().trim().length(4, 'must be exactly 4 characters'),
    device: deviceInput,
  }),
  output: z.discriminatedUnion('code', [signedIn, passwordChange]),
  secrets: ['code'],
  // The answer is a session token: it must never sit in the replay table (sessions are kept hashed).
  idempotency: 'none',
});

export const logout = defineCommand({
  id: 'auth.logout',
  group: 'auth',
  action: 'logout',
  title: 'Sign out',
  method: 'POST',
  path: '/v1/auth/admin/logout',
  permission: null,
  input: z.object({}),
  output: okOutput,
});

export const whoami = defineCommand({
  id: 'auth.whoami',
  group: 'auth',
  action: 'whoami',
  title: 'Who am I',
  description: 'The signed-in admin, their effective permissions and the session.',
  method: 'GET',
  path: '/v1/auth/admin/me',
  permission: null,
  input: z.object({}),
  output: z.object({
    user: sessionUser,
    session: z.object({ expiresAt: z.string(), idleExpiresAt: z.string(), deviceId: z.string() }),
  }),
});

export const checkEmail = defineCommand({
  id: 'auth.check-email',
  group: 'auth',
  action: 'check-email',
  title: 'Check whether an email belongs to an admin',
  method: 'GET',
  path: '/v1/auth/check/{email}',
  permission: 'admins.view',
  input: z.object({ email: emailField }),
  output: z.object({ email: z.string(), exists: z.boolean(), status: z.enum(['active', 'invited']).nullable() }),
});
