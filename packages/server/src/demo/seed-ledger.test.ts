import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { checkLedger } from '../domains/ledger/index';
import { openTestDatabase } from '../test/test-database';
import { seedDemo } from './seed-demo';
import { seedLedger, type SeededLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';

const ANCHOR = new Date('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;

/** A fresh demo database: admins, merchants, then the wallet histories. */
async function demoDatabase(merchants: number, options: Parameters<typeof seedLedger>[1]) {
  const database = await openTestDatabase();
  await migrate(database.db);
  await seedDemo(database.db, { scryptLogN: 10 });
  await seedMerchants(database.db, { count: merchants, anchor: ANCHOR });
  const seeded = await seedLedger(database.db, { anchor: ANCHOR, ...options });
  return { database, seeded };
}

/** Wallets whose log, read in time order, does not chain (a row's balance before is not the previous row's balance after). */
const brokenChains = (database: OpenedDatabase) =>
  sql<{ account_id: number }>`
    select distinct account_id from (
      select account_id, balance_before, lag(balance_after) over (partition by account_id order by created_at, id) as previous
      from ledger_wallet_entries
    ) log
    where previous is not null and previous <> balance_before`
    .execute(database.db)
    .then((result) => result.rows);

describe('demo wallet histories (one posting per transaction)', () => {
  let database: OpenedDatabase;
  let seeded: SeededLedger;
  beforeAll(async () => {
    ({ database, seeded } = await demoDatabase(600, {}));
  });
  afterAll(() => database.close());
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(database.db)).rows;

  it('posts POS credits with cashback, transfers out with their fee, and reversals, and the ledger check passes', async () => {
    expect(seeded.transactions).toBeGreaterThan(150);
    const kinds = await rows(sql<{ kind: string; n: number }>`select kind, count(*)::int n from ledger_transfers group by kind`);
    const count = Object.fromEntries(kinds.map((row) => [row.kind, row.n]));
    expect(count.pos_credit).toBeGreaterThan(50);
    expect(count.transfer_out).toBeGreaterThan(10);
    expect(count.fee).toBe(count.transfer_out);
    expect(count.cashback).toBeGreaterThan(0);
    expect(count.reversal).toBeGreaterThan(0);
    expect(seeded.reversals).toBeGreaterThan(0);
    expect(seeded.transfers).toBe(Object.values(count).reduce((a, b) => a + b, 0));
    const check = await checkLedger(database.db);
    expect(check.differences).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('hangs every fee on its transfer out and names who was paid', async () => {
    const [orphans] = await rows(sql<{ n: number }>`
      select count(*)::int n from ledger_transfers f
      left join ledger_transfers p on p.id = f.parent_transfer_id
      where f.kind in ('fee', 'cashback') and (p.id is null or p.kind <> case f.kind when 'fee' then 'transfer_out' else 'pos_credit' end)`);
    expect(orphans?.n).toBe(0);
    const [unnamed] = await rows(sql<{ n: number }>`
      select count(*)::int n from ledger_transfers where kind in ('transfer_out', 'pos_credit') and coalesce(counterparty, '') = ''`);
    expect(unnamed?.n).toBe(0);
    const [sample] = await rows(sql<{ counterparty: string }>`select counterparty from ledger_transfers where kind = 'transfer_out' order by id limit 1`);
    expect(sample?.counterparty).toMatch(/ \d{10} [A-Z]/);
  });

  it('spreads the history over the 90 days before the anchor, each wallet log in time order', async () => {
    const [span] = await rows(sql<{ first: Date; last: Date }>`select min(created_at) as first, max(created_at) as last from ledger_transfers`);
    expect(new Date(span!.first).getTime()).toBeGreaterThanOrEqual(ANCHOR.getTime() - 90 * DAY);
    expect(new Date(span!.last).getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
    expect(new Date(span!.last).getTime() - new Date(span!.first).getTime()).toBeGreaterThan(60 * DAY);
    expect(await brokenChains(database)).toEqual([]);
  });

  it('leaves the wallets the money policy closes alone, and never debits a PND wallet', async () => {
    const [blocked] = await rows(sql<{ n: number }>`
      select count(*)::int n from ledger_wallet_entries e
      join wallets w on w.business_id = e.business_id
      join businesses b on b.id = e.business_id
      where b.is_fraud or w.status in ('FROZEN', 'CLOSED') or (w.status = 'PND' and e.direction = 'debit')`);
    expect(blocked?.n).toBe(0);
  });

  it('loads once: a second run posts nothing', async () => {
    expect(await seedLedger(database.db, { anchor: ANCHOR })).toMatchObject({ transactions: 0, transfers: 0 });
  });
});

describe('demo wallet histories for benchmarks (hundreds of legs per posting)', () => {
  let database: OpenedDatabase;
  let seeded: SeededLedger;
  beforeAll(async () => {
    ({ database, seeded } = await demoDatabase(200, { transactions: 1_500, activeShare: 1, legsPerPost: 300, perCommit: 1_000 }));
  });
  afterAll(() => database.close());

  it('posts as many transactions as asked, each wallet log still in time order, and the ledger check passes', async () => {
    expect(seeded.transactions).toBeGreaterThan(1_400);
    const [legs] = (await sql<{ n: number }>`select count(*)::int n from ledger_wallet_entries`.execute(database.db)).rows;
    expect(legs?.n).toBeGreaterThan(seeded.transactions);
    expect(await brokenChains(database)).toEqual([]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  });
});
