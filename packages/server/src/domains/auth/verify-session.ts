import { deviceNotRecognized, unauthorized } from '@traction/core';
import { sha256 } from '../../crypto';
import type { Db } from '../../db/connect';
import type { ServerConfig } from '../../config';
import type { ActiveSession, SignedInAdmin } from '../../handling/handler-context';
import { permissionsOf } from './accounts.repository';
import type { SessionCache } from './session-cache';
import { findSessionByToken, type SessionByToken, touchSession } from './sessions.repository';

const SESSION_ENDED = 'Your session has ended. Sign in again.';
const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves a bearer token to an admin. The session must be live, its admin not deleted, and
 * the request must come from the device the session was opened on, still approved.
 */
export async function verifySession(
  db: Db,
  config: ServerConfig,
  token: string,
  deviceId: string | null,
  now: Date,
  cache?: SessionCache<SessionByToken>,
): Promise<{ admin: SignedInAdmin; session: ActiveSession }> {
  if (token.length > 200) throw unauthorized(SESSION_ENDED, 'session_unknown');
  const cached = cache?.get(token);
  const row = cached ?? (await findSessionByToken(db, token));
  if (!row || row.deleted_at) throw unauthorized(SESSION_ENDED, 'session_unknown');
  // Checked before revocation: a session ended by rejecting its device should say so.
  if (!deviceId || sha256(deviceId) !== row.device_hash || row.device_status !== 'approved') throw deviceNotRecognized();
  if (row.revoked_at) throw unauthorized(SESSION_ENDED, 'session_revoked');
  if (row.expires_at <= now) throw unauthorized(SESSION_ENDED, 'session_expired');
  if (row.idle_expires_at <= now) throw unauthorized(SESSION_ENDED, 'session_idle');

  let idleExpiresAt = row.idle_expires_at;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    idleExpiresAt = await touchSession(db, row.id, now, config, row.expires_at);
    cache?.set(token, { ...row, last_seen_at: now, idle_expires_at: idleExpiresAt });
  } else if (!cached) cache?.set(token, row);
  const permissions = permissionsOf(row.role, row.granted_permissions);
  return {
    admin: {
      id: row.admin_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      permissions: new Set(permissions),
    },
    session: {
      id: row.id,
      deviceRowId: row.device_row_id,
      deviceId,
      expiresAt: row.expires_at,
      idleExpiresAt,
    },
  };
}
