import { nuban, type SweepDetail } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../domains/ledger/index';
import { type Actor, createTestApp, type TestApp } from '../test/harness';
import { seedBulkTransfers } from './seed-bulk-transfers';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';
import { seedSweeps } from './seed-sweeps';
import { seedTransfers } from './seed-transfers';

describe('demo bulk sweeps', () => {
  let t: TestApp;
  let viewer: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 600, anchor: now });
    await seedLedger(t.db, { anchor: now });
    await seedTransfers(t.deps, { now });
    await seedBulkTransfers(t.deps, { now });
    viewer = await t.actor({ permissions: ['transfers.view', 'approvals.view'] });
  });
  afterAll(() => t.close());

  it('are swept, waiting and drafted, through the sweeps domain, the approvals and the jobs, and are made once', async () => {
    expect(await seedSweeps(t.deps, { now: t.clock.now() })).toEqual({ sweeps: 3 });
    const history = await viewer.request('GET', '/ft/v1/history/sweep');
    expect(history.status, history.text).toBe(200);
    const details: SweepDetail[] = [];
    for (const { id } of history.body.items as { id: number }[]) {
      const detail = await viewer.request('GET', '/ft/v1/sweep/status', { query: { id: String(id) } });
      expect(detail.status, detail.text).toBe(200);
      details.push(detail.body);
    }
    expect(details.map(({ sweep }) => sweep.status).sort()).toEqual(['AWAITING_APPROVAL', 'DONE', 'DRAFT']);

    // Last week's: every wallet swept to the operating account but the PND one, skipped with why.
    const done = details.find(({ sweep }) => sweep.status === 'DONE')!;
    expect(done.sweep).toMatchObject({ bankCode: '058', accountNumber: nuban('058', '000123456') });
    expect(done.rows.filter((row) => row.status === 'SUCCESSFUL')).toHaveLength(4);
    const skipped = done.rows.filter((row) => row.status === 'SKIPPED');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.skipReason).toMatch(/PND|no debit/i);
    expect(done.sweep.approvedByName).toBeTruthy();
    const week = t.clock.now().getTime() - 6 * 86_400_000;
    expect(Date.parse(done.sweep.approvedAt!)).toBeLessThanOrEqual(week);
    // The transfers and their debits are dated then, not at the seed's run.
    const transfers = await t.db
      .selectFrom('bank_transfers as b')
      .innerJoin('ledger_transfers as l', 'l.id', 'b.ledger_transfer_id')
      .select(['b.created_at as started', 'l.created_at as posted'])
      .where('b.batch_id', '=', BigInt(done.sweep.id))
      .execute();
    expect(transfers).toHaveLength(4);
    for (const transfer of transfers) {
      expect(transfer.started.getTime()).toBeLessThanOrEqual(week);
      expect(transfer.posted.getTime()).toBeLessThanOrEqual(week);
    }

    // The one waiting is in the approvals queue.
    const queue = await viewer.request('GET', '/api/approvals', { query: { status: 'PENDING', command: 'transfers.sweep' } });
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.items).toHaveLength(1);

    expect((await checkLedger(t.db)).ok).toBe(true);
    expect(await seedSweeps(t.deps, { now: t.clock.now() })).toEqual({ sweeps: 0 });
  });
});
