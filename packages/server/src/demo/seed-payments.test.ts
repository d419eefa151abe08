import { chargeFor } from '@traction/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedMerchants } from './seed-merchants';
import { seedPayments } from './seed-payments';

describe('demo payment logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 600, anchor: t.clock.now() });
  });
  afterAll(() => t.close());

  it('are made once, in time order, with cumulations that add up and charges by each merchant’s band', async () => {
    const now = t.clock.now();
    const seeded = await seedPayments(t.db, { count: 4_000, days: 12, now });
    expect(seeded.payments).toBe(4_000);
    expect(seeded.groups).toBe(24);
    expect(await seedPayments(t.db, { count: 4_000, days: 12, now })).toEqual({ payments: 0, merchants: 0, groups: 0 });

    const { rows: counts } = await sql<{ n: number; out_of_order: number; future: number }>`
      select count(*)::int n,
        count(*) filter (where created_at < lag)::int out_of_order,
        count(*) filter (where created_at >= ${now})::int future
      from (select created_at, lag(created_at) over (order by id) lag from payment_logs) p`.execute(t.db);
    expect(counts[0]).toEqual({ n: 4_000, out_of_order: 0, future: 0 });

    // Every cumulation holds exactly its successful payments; none is empty; only today's is open.
    const { rows: sums } = await sql<{ wrong: number; empty: number; open_days: number; unplaced: number }>`
      select
        (select count(*)::int from settlement_cumulations c
          left join (select cumulation_id, count(*)::int n, sum(amount) amount, sum(charge) charges from payment_logs group by 1) p on p.cumulation_id = c.id
          where (c.payment_count, c.amount, c.charges) is distinct from (p.n, p.amount, p.charges)) wrong,
        (select count(*)::int from settlement_cumulations where payment_count = 0) empty,
        (select count(distinct g.settlement_date)::int from settlement_cumulations c join settlement_groups g on g.id = c.group_id where c.status = 'OPEN') open_days,
        (select count(*)::int from payment_logs where status = 'SUCCESSFUL' and cumulation_id is null) unplaced`.execute(t.db);
    expect(sums[0]).toEqual({ wrong: 0, empty: 0, open_days: 1, unplaced: 0 });

    // Card payments sit in direct groups, transfers and USSD in aggregator ones.
    const { rows: misplaced } = await sql<{ n: number }>`
      select count(*)::int n from payment_logs p join settlement_cumulations c on c.id = p.cumulation_id join settlement_groups g on g.id = c.group_id
      where g.aggregator <> (p.channel <> 'card')`.execute(t.db);
    expect(misplaced[0]!.n).toBe(0);

    const sample = await t.db
      .selectFrom('payment_logs as p')
      .innerJoin('pricing_band_charges as c', (join) => join.onRef('c.band_id', '=', 'p.pricing_band_id').onRef('c.channel', '=', 'p.channel'))
      .select(['p.amount', 'p.charge', 'p.status', 'c.percent_bps', 'c.flat_kobo', 'c.cap_kobo'])
      .orderBy('p.id')
      .limit(400)
      .execute();
    for (const row of sample) {
      const expected =
        row.status === 'SUCCESSFUL' ? chargeFor({ percentBps: row.percent_bps, flatKobo: row.flat_kobo, capKobo: row.cap_kobo }, row.amount) : 0n;
      expect(row.charge).toBe(expected);
    }

    // Failures people can find: cardholder declines and system failures, more than one band in use.
    const { rows: mix } = await sql<{
      code: string;
      n: number;
    }>`select response_code code, count(*)::int n from payment_logs group by 1 order by 2 desc`.execute(t.db);
    const codes = new Map(mix.map((row) => [row.code, row.n]));
    expect(codes.get('00')! / 4_000).toBeGreaterThan(0.8);
    expect(codes.get('51')).toBeGreaterThan(0);
    expect((codes.get('91') ?? 0) + (codes.get('96') ?? 0)).toBeGreaterThan(0);
    const { rows: bands } = await sql<{ n: number }>`select count(distinct pricing_band_id)::int n from payment_logs`.execute(t.db);
    expect(bands[0]!.n).toBeGreaterThan(1);
  });
});
