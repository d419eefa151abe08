import { MAX_MATCHING_ROWS, nuban } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Actor, type TestApp } from '../../test/harness';
import { insertBusiness } from '../../test/merchant-fixtures';

/**
 * Bulk commands over more rows than one SQL statement can carry parameters for (65,535): a
 * blacklist of 12,000 accounts writes 12,000 business events, six parameters each.
 */
let t: TestApp;
let ops: Actor;
const ACCOUNTS = 12_000;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.actor({ role: 'admin', permissions: ['fixed-accounts.view', 'fixed-accounts.blacklist'] });
  const business = await insertBusiness(t.db, { name: 'Bulk Scale Stores' });
  await sql`insert into fixed_accounts (business_id, bank, account_number, account_name)
    select ${business.id}, 'VFD', n::text, 'Traction/Bulk Scale Stores' from unnest(${Array.from({ length: ACCOUNTS }, (_, i) => nuban('566', String(400_000_000 + i)))}::text[]) as n`.execute(
    t.db,
  );
});
afterAll(() => t.close());

describe('bulk blacklist at scale', () => {
  it('blacklists every matching account, with an event each, in one command', async () => {
    const answer = await ops.request('POST', '/v1/payments/fixedaccounts/bulkblacklist', {
      body: { matching: { bank: 'VFD' }, blacklist: true, reason: 'Mule accounts from one scam' },
      headers: { 'idempotency-key': 'bulk-scale-1' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ matched: ACCOUNTS, changed: ACCOUNTS });
    const { rows } = await sql<{ accounts: number; events: number }>`select
      (select count(*)::int from fixed_accounts where blacklisted) accounts,
      (select count(*)::int from business_events where kind = 'fixed-account.blacklisted') events`.execute(t.db);
    expect(rows[0]).toEqual({ accounts: ACCOUNTS, events: ACCOUNTS });
  });

  it('refuses a selection larger than one command may take, naming matching, and changes nothing', async () => {
    expect(MAX_MATCHING_ROWS).toBeGreaterThan(ACCOUNTS);
    const business = await insertBusiness(t.db, { name: 'Too Many Accounts Ltd' });
    const extra = MAX_MATCHING_ROWS - ACCOUNTS + 1;
    await sql`insert into fixed_accounts (business_id, bank, account_number, account_name)
      select ${business.id}, 'VFD', n::text, 'Traction/Too Many' from unnest(${Array.from({ length: extra }, (_, i) => nuban('566', String(500_000_000 + i)))}::text[]) as n`.execute(
      t.db,
    );
    const before = await t.snapshot();
    const answer = await ops.request('POST', '/v1/payments/fixedaccounts/bulkblacklist', {
      body: { matching: { bank: 'VFD' }, blacklist: false, reason: 'Cleared' },
      headers: { 'idempotency-key': 'bulk-scale-2' },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details.fields[0].field).toBe('matching');
    expect(await t.snapshot()).toEqual(before);
  });
});
