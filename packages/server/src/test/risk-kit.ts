import { FIXED_ACCOUNT_BANKS, nuban, type FixedAccountBank } from '@traction/core';
import { SelectQueryNode, sql, type KyselyPlugin, type QueryResult, type UnknownRow } from 'kysely';
import { createApp } from '../app';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import type { Actor, TestApp } from './harness';

/**
 * A fingerprint of the admin tables (the harness's) and of everything the risk commands touch,
 * to prove that a refused command changed nothing.
 */
export async function riskSnapshot(t: TestApp): Promise<Record<string, string>> {
  const out = await t.snapshot();
  for (const table of ['businesses', 'wallets', 'fixed_accounts', 'business_events']) {
    const row = await sql<{
      digest: string | null;
    }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(t.db);
    out[table] = row.rows[0]?.digest ?? '';
  }
  return out;
}

let serial = 300_000_000;
let provoking = 600_000;
/**
 * A valid account number at the bank, never seen before in this process. `ending` sets the last
 * three digits of the serial: 999 makes the sandbox bank time out, 998 fail, 997 not know it.
 */
export function accountNumberAt(bank: FixedAccountBank, ending?: '997' | '998' | '999'): string {
  serial += 10;
  let nine = String(serial);
  if (ending) {
    provoking += 1;
    nine = `${provoking}${ending}`;
  }
  return nuban(FIXED_ACCOUNT_BANKS[bank].code, nine);
}

/** The newest audit row of a command. */
export async function lastAudit(db: Db, commandId: string) {
  return db.selectFrom('audit_log').selectAll().where('command_id', '=', commandId).orderBy('id', 'desc').executeTakeFirst();
}

/** A business's history, oldest first. */
export async function eventsOf(db: Db, businessId: number) {
  return db.selectFrom('business_events').select(['kind', 'message', 'admin_id', 'details']).where('business_id', '=', businessId).orderBy('id').execute();
}

let keys = 0;
/** A fresh Idempotency-Key header. */
export const idempotencyKey = () => ({ 'idempotency-key': `risk-test-${++keys}-${Date.now()}` });

/**
 * A Kysely plugin that makes every read NOT taken under a row lock (`for update`/`for share`)
 * see an older state of the rows `patch` picks: what a read-committed read can see when
 * another admin's change commits between it and the write. A handler that decides on such a
 * read is caught; one that decides on a locked read (or a conditional update) is not. Lets a
 * race be shown on PGlite, whose single connection never lets two transactions interleave.
 */
export function staleReads(patch: (row: Record<string, unknown>) => Record<string, unknown> | null): KyselyPlugin {
  const unlocked = new WeakSet<object>();
  const LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare']);
  return {
    transformQuery({ node, queryId }) {
      if (SelectQueryNode.is(node) && !node.endModifiers?.some((m) => m.modifier !== undefined && LOCKS.has(m.modifier))) unlocked.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!unlocked.has(queryId)) return result;
      return { ...result, rows: result.rows.map((row) => ({ ...row, ...patch(row as Record<string, unknown>) })) } as QueryResult<UnknownRow>;
    },
  };
}

/** A second app over the test's database, with other dependencies (a plugin on the database, other banks). */
export function appWith(t: TestApp, deps: Partial<AppDeps>) {
  const app = createApp({ ...t.deps, ...deps });
  return async (actor: Actor, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${actor.token}`, 'device-id': actor.deviceId, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text), text };
  };
}

/**
 * Holds bank calls until `count` of them are waiting, then lets them all go on: two admins'
 * requests both past their reads and at the bank, as when two people act at once.
 */
export function gate(count: number) {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    waiting += 1;
    if (waiting >= count) open();
    await opened;
  };
}
