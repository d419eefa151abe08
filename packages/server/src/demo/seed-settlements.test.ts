import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';
import { seedPayments } from './seed-payments';
import { seedSettlements } from './seed-settlements';

describe('demo settlements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 600, anchor: now });
    await seedLedger(t.db, { anchor: now });
    await seedPayments(t.db, { count: 3_000, days: 14, now });
  });
  afterAll(() => t.close());

  it('settles old days outside the system, recent ones to wallets through the ledger, leaves one waiting and yesterday ready, once', async () => {
    // A small demo day nets less than the policy's ₦5,000,000: ask a second admin for every run here.
    await t.db.updateTable('approval_policies').set({ approval_above_kobo: 10_000 }).where('command_id', '=', 'settlements.settle').execute();
    const seeded = await seedSettlements(t.db, { now: t.clock.now() });
    expect(seeded.settled).toBeGreaterThan(0);
    expect(seeded.waiting).toBeGreaterThan(0);
    expect(await seedSettlements(t.db, { now: t.clock.now() })).toEqual({ settled: 0, waiting: 0 });
    const { rows } = await sql<{ status: string; days: number; min: string; max: string }>`
      select c.status, count(distinct g.settlement_date)::int days, min(g.settlement_date)::text min, max(g.settlement_date)::text max
      from settlement_cumulations c join settlement_groups g on g.id = c.group_id group by 1 order by 1`.execute(t.db);
    const by = new Map(rows.map((row) => [row.status, row]));
    expect([...by.keys()].sort()).toEqual(['AWAITING_APPROVAL', 'OPEN', 'PENDING', 'SETTLED', 'SETTLED_MANUALLY']);
    expect(by.get('SETTLED_MANUALLY')!.max < by.get('SETTLED')!.min).toBe(true);
    expect(by.get('AWAITING_APPROVAL')!.days).toBe(1);
    expect(by.get('OPEN')!.days).toBe(1);
    // Every actual settlement is one ledger transfer of its net (the harness checks the ledger after the test).
    const { rows: posted } = await sql<{ wrong: number }>`
      select count(*)::int wrong from settlement_cumulations c left join ledger_transfers t on t.id = c.ledger_transfer_id
      where c.status = 'SETTLED' and (t.id is null or t.kind <> 'settlement' or t.amount <> c.amount - c.charges)`.execute(t.db);
    expect(posted[0]!.wrong).toBe(0);
  });
});
