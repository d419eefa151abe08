import { ApiError, badRequest, conflict, type AnyCommand } from '@traction/core';
import { sql, type Kysely } from 'kysely';
import { sha256 } from '../crypto';
import type { Database } from '../db/database';

const KEY = /^[A-Za-z0-9._:-]{8,200}$/;
/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Replay {
  status: number;
  body: unknown;
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  commandId: string;
  requestHash: string;
}

/** How long a request waits for a concurrent one with the same key before answering 409. */
const CONCURRENT_WAIT = '5s';

/**
 * The Idempotency-Key a request names, checked: null when the command takes none or none was
 * sent (and it is optional). Refused when required and missing, or malformed.
 */
export function idempotencyRequest(command: AnyCommand, key: string | undefined, args: { scope: string; input: unknown }): IdempotencyClaim | null {
  if (command.idempotency === 'none') return null;
  if (!key) {
    if (command.idempotency === 'required') {
      throw badRequest(`${command.id} moves money or runs in bulk: send an Idempotency-Key header`, [{ field: 'Idempotency-Key', message: 'is required' }]);
    }
    return null;
  }
  if (!KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or . _ : -', [{ field: 'Idempotency-Key', message: 'is malformed' }]);
  }
  return { scope: args.scope, key, commandId: command.id, requestHash: sha256(`${command.id}\n${stableJson(args.input)}`) };
}

/**
 * Claims a key inside the command's own transaction, so the claim commits with the work or not
 * at all: a request that dies (a crash, `kill -9`) leaves nothing behind and the key is free at
 * once. A concurrent request with the same key waits on the unique index until the first ends,
 * then replays its answer (or runs, if the first rolled back); after `CONCURRENT_WAIT` it is told
 * to try again. Returns the stored answer to replay, or null when this request goes on.
 */
export async function claimInTransaction(trx: Kysely<Database>, claim: IdempotencyClaim, now: Date): Promise<Replay | null> {
  await dropExpired(trx, claim, now);
  await sql`set local lock_timeout = ${sql.lit(CONCURRENT_WAIT)}`.execute(trx);
  let inserted: boolean;
  try {
    inserted = await insertClaim(trx, claim, now, null);
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') throw stillRunning();
    throw error;
  }
  await sql`set local lock_timeout to default`.execute(trx);
  if (inserted) return null;
  return replayOf(await existingClaim(trx, claim), claim);
}

/**
 * Claims a key for a command that runs outside a transaction (it asks a bank before writing):
 * the claim is committed at once with a lease (`idempotencyLeaseSeconds`, longer than any bank
 * call may take). While the lease runs, a second request is told the first is in progress; once
 * it is over with no answer stored, the first died and the key is taken over.
 */
export async function claimWithLease(db: Kysely<Database>, claim: IdempotencyClaim, now: Date, leaseMs: number): Promise<Replay | null> {
  await dropExpired(db, claim, now);
  const leaseEnds = new Date(now.getTime() + leaseMs);
  if (await insertClaim(db, claim, now, leaseEnds)) return null;
  const existing = await existingClaim(db, claim);
  if (existing.status === 'running' && existing.request_hash === claim.requestHash && existing.lease_expires_at && existing.lease_expires_at <= now) {
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ lease_expires_at: leaseEnds })
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .where('status', '=', 'running')
      .where('lease_expires_at', '<=', now)
      .returning('key')
      .executeTakeFirst();
    if (taken) return null;
  }
  return replayOf(await existingClaim(db, claim), claim);
}

/** Stores the final answer: inside the command's transaction on success. */
export async function completeIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: status, response_body: JSON.stringify(body, bigintToString), lease_expires_at: null })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/**
 * Keeps a refusal (a 4xx, the caller's to fix) for replay, after the rollback took the claim
 * with it; a key someone else has meanwhile used is left alone.
 */
export async function recordRefusal(db: Kysely<Database>, claim: IdempotencyClaim, status: number, body: unknown, now: Date): Promise<void> {
  const response = JSON.stringify(body, bigintToString);
  await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      command_id: claim.commandId,
      request_hash: claim.requestHash,
      status: 'done',
      response_status: status,
      response_body: response,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet({ status: 'done', response_status: status, response_body: response, lease_expires_at: null })
        .where('idempotency_keys.status', '=', 'running')
        .where('idempotency_keys.request_hash', '=', claim.requestHash),
    )
    .execute();
}

/** Lets the same key be tried again after a failure that was not the caller's (a 5xx). */
export async function releaseIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key).where('status', '=', 'running').execute();
}

async function dropExpired(db: Kysely<Database>, claim: IdempotencyClaim, now: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
}

async function insertClaim(db: Kysely<Database>, claim: IdempotencyClaim, now: Date, leaseEnds: Date | null): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      command_id: claim.commandId,
      request_hash: claim.requestHash,
      status: 'running',
      created_at: now,
      lease_expires_at: leaseEnds,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

function existingClaim(db: Kysely<Database>, claim: IdempotencyClaim) {
  return db.selectFrom('idempotency_keys').selectAll().where('scope', '=', claim.scope).where('key', '=', claim.key).executeTakeFirstOrThrow();
}

function replayOf(existing: Awaited<ReturnType<typeof existingClaim>>, claim: IdempotencyClaim): Replay {
  if (existing.request_hash !== claim.requestHash) {
    throw new ApiError(422, 'This Idempotency-Key was already used for a different request', {
      reason: 'idempotency_key_reused',
    });
  }
  if (existing.status === 'running') throw stillRunning();
  return { status: existing.response_status ?? 200, body: existing.response_body };
}

const stillRunning = () =>
  conflict('A request with this Idempotency-Key is still running; try again shortly', {
    reason: 'idempotency_in_progress',
    retryAfterSeconds: 1,
  });

export function bigintToString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)));
    }
    return inner;
  });
}

/**
 * At start-up on the embedded database, which no other process can use: a `running` claim is a
 * request of a process that died, so it is released at once rather than when its lease ends.
 */
export async function releaseDeadClaims(db: Kysely<Database>): Promise<number> {
  const released = await db.deleteFrom('idempotency_keys').where('status', '=', 'running').executeTakeFirst();
  return Number(released.numDeletedRows);
}
