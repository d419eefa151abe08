import type { CompiledQuery, Kysely } from 'kysely';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { newSecret, sha256 } from '../../crypto';
import { grantedPermissionsOf } from './accounts.repository';

type Db = Kysely<Database>;

const MINUTE = 60_000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  args: { adminId: number; deviceRowId: number; ip: string; userAgent: string; now: Date; config: ServerConfig },
): Promise<NewSession> {
  const token = newSecret('tra');
  const expiresAt = new Date(args.now.getTime() + args.config.sessionAbsoluteHours * 60 * MINUTE);
  const idle = new Date(args.now.getTime() + args.config.sessionIdleMinutes * MINUTE);
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: sha256(token),
      admin_id: args.adminId,
      device_row_id: args.deviceRowId,
      created_at: args.now,
      last_seen_at: args.now,
      idle_expires_at: idle < expiresAt ? idle : expiresAt,
      expires_at: expiresAt,
      ip: args.ip,
      user_agent: args.userAgent.slice(0, 300),
    })
    .execute();
  await db.updateTable('admins').set({ last_login_at: args.now }).where('id', '=', args.adminId).execute();
  return { token, expiresAt };
}

/**
 * The session a bearer token names, with its admin, their granted permissions and the device,
 * whatever their state: one round trip on every signed-in request.
 */
export async function findSessionByToken(db: Db, token: string): Promise<SessionByToken | undefined> {
  let compiled = sessionByTokenQueries.get(db);
  if (!compiled) {
    compiled = sessionByTokenQuery(db, TOKEN_HASH_SLOT).compile();
    sessionByTokenQueries.set(db, compiled);
  }
  const hash = sha256(token);
  const { rows } = await db.executeQuery<SessionByToken>({ ...compiled, parameters: compiled.parameters.map((p) => (p === TOKEN_HASH_SLOT ? hash : p)) });
  return rows[0];
}

// Built and compiled once per database: the query runs on every signed-in request, and only the
// token's hash changes.
const TOKEN_HASH_SLOT = '\0token-hash';
const sessionByTokenQueries = new WeakMap<Db, CompiledQuery<SessionByToken>>();
export type SessionByToken = Awaited<ReturnType<ReturnType<typeof sessionByTokenQuery>['executeTakeFirstOrThrow']>>;

function sessionByTokenQuery(db: Db, tokenHash: string) {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .innerJoin('admin_devices as d', 'd.id', 's.device_row_id')
    .select([
      's.id',
      's.device_row_id',
      's.last_seen_at',
      's.idle_expires_at',
      's.expires_at',
      's.revoked_at',
      'a.id as admin_id',
      'a.email',
      'a.first_name',
      'a.last_name',
      'a.role',
      'a.deleted_at',
      'd.device_hash',
      'd.status as device_status',
      grantedPermissionsOf(),
    ])
    .where('s.token_hash', '=', tokenHash);
}

/** Moves the idle deadline on; written at most once a minute per session to spare the database. */
export async function touchSession(db: Db, sessionId: bigint, now: Date, config: ServerConfig, expiresAt: Date): Promise<Date> {
  const idle = new Date(Math.min(now.getTime() + config.sessionIdleMinutes * MINUTE, expiresAt.getTime()));
  await db.updateTable('admin_sessions').set({ last_seen_at: now, idle_expires_at: idle }).where('id', '=', sessionId).execute();
  return idle;
}

export async function revokeSessions(db: Db, where: { adminId: number; deviceRowId?: number; sessionId?: bigint }, reason: string, now: Date): Promise<number> {
  let query = db
    .updateTable('admin_sessions')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('admin_id', '=', where.adminId)
    .where('revoked_at', 'is', null);
  if (where.deviceRowId !== undefined) query = query.where('device_row_id', '=', where.deviceRowId);
  if (where.sessionId !== undefined) query = query.where('id', '=', where.sessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
