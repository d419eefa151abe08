import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../domains/ledger/index';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';
import { seedTransfers } from './seed-transfers';

describe('demo funds transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 600, anchor: now });
    await seedLedger(t.db, { anchor: now });
  });
  afterAll(() => t.close());

  it('are in every state, through the transfers domain and the ledger, and are made once', async () => {
    const seeded = await seedTransfers(t.deps, { now: t.clock.now() });
    expect(seeded.transfers).toBeGreaterThan(30);
    const rows = await t.db
      .selectFrom('bank_transfers')
      .select(['status', 'origin', 'reversal_transfer_id', 'retry_of', 'source_account_code', 'created_at'])
      .execute();
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['SUCCESSFUL', 'FAILED', 'PENDING', 'HELD', 'BLOCKED']));
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(['single', 'payout', 'retry']));
    for (const row of rows.filter((row) => row.status === 'FAILED')) expect(row.reversal_transfer_id).not.toBeNull();
    expect(rows.some((row) => row.source_account_code === 'company:fee-income')).toBe(true);
    // Spread over the week before now, not all at one moment.
    expect(new Set(rows.map((row) => row.created_at.toISOString().slice(0, 10))).size).toBeGreaterThan(4);
    // The pending ones become final once the worker asks again.
    t.clock.advance(3_600_000);
    await t.runJobs();
    const after = await t.db.selectFrom('bank_transfers').select('status').execute();
    expect(after.filter((row) => row.status === 'PENDING')).toEqual([]);
    expect((await checkLedger(t.db)).ok).toBe(true);
    expect(await seedTransfers(t.deps, { now: t.clock.now() })).toEqual({ transfers: 0 });
  });
});
