import { FIXED_ACCOUNT_BANKS, nuban, type FixedAccountBank } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { TestApp } from '../../test/harness';

/**
 * A fingerprint of the admin tables (the harness's) and of everything the risk commands touch,
 * to prove that a refused command changed nothing.
 */
export async function riskSnapshot(t: TestApp): Promise<Record<string, string>> {
  const out = await t.snapshot();
  for (const table of ['businesses', 'wallets', 'fixed_accounts', 'business_events']) {
    const row = await sql<{ digest: string | null }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} t`.execute(t.db);
    out[table] = row.rows[0]?.digest ?? '';
  }
  return out;
}

let serial = 300_000_000;
/**
 * A valid account number at the bank, never seen before in this process. `ending` sets the last
 * three digits of the serial: 999 makes the sandbox bank time out, 998 fail, 997 not know it.
 */
export function accountNumberAt(bank: FixedAccountBank, ending?: '997' | '998' | '999'): string {
  serial += 10;
  const nine = ending ? `${String(serial).slice(0, 6)}${ending}` : String(serial);
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
