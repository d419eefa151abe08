import { ApiError, badRequest, conflict, type AnyCommand } from '@traction/core';
import type { Kysely } from 'kysely';
import { sha256 } from '../domains/auth/secrets';
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
}

/**
 * Claims an Idempotency-Key before the command runs. The first request with a key runs; a
 * repeat with the same body gets the first answer (`replay`); a repeat with another body, or
 * one that arrives while the first is still running, is refused.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  args: { command: AnyCommand; key: string | undefined; scope: string; input: unknown; now: Date },
): Promise<{ claim: IdempotencyClaim | null; replay: Replay | null }> {
  const { command, key } = args;
  if (command.idempotency === 'none') return { claim: null, replay: null };
  if (!key) {
    if (command.idempotency === 'required') {
      throw badRequest(`${command.id} moves money or runs in bulk: send an Idempotency-Key header`, [
        { field: 'Idempotency-Key', message: 'is required' },
      ]);
    }
    return { claim: null, replay: null };
  }
  if (!KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 200 letters, digits or . _ : -', [
      { field: 'Idempotency-Key', message: 'is malformed' },
    ]);
  }
  const requestHash = sha256(`${command.id}\n${stableJson(args.input)}`);
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', args.scope)
    .where('key', '=', key)
    .where('created_at', '<', new Date(args.now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope: args.scope, key, command_id: command.id, request_hash: requestHash, status: 'running', created_at: args.now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claim: { scope: args.scope, key }, replay: null };

  const existing = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', args.scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (existing.request_hash !== requestHash) {
    throw new ApiError(422, 'This Idempotency-Key was already used for a different request', {
      reason: 'idempotency_key_reused',
    });
  }
  if (existing.status === 'running') {
    throw conflict('A request with this Idempotency-Key is still running; try again shortly', {
      reason: 'idempotency_in_progress',
      retryAfterSeconds: 1,
    });
  }
  return { claim: null, replay: { status: existing.response_status ?? 200, body: existing.response_body } };
}

/** Stores the final answer; inside the command's transaction on success, on its own after a refusal. */
export async function completeIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response_status: status, response_body: JSON.stringify(body, bigintToString) })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/** Lets the same key be tried again after a failure that was not the caller's (a 5xx). */
export async function releaseIdempotencyKey(db: Kysely<Database>, claim: IdempotencyClaim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', claim.scope).where('key', '=', claim.key).execute();
}

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
