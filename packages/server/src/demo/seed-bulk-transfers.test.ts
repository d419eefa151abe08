import type { BulkUpload } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../domains/ledger/index';
import { type Actor, createTestApp, type TestApp } from '../test/harness';
import { seedBulkTransfers } from './seed-bulk-transfers';
import { seedDemo } from './seed-demo';
import { seedLedger } from './seed-ledger';
import { seedMerchants } from './seed-merchants';
import { seedTransfers } from './seed-transfers';

describe('demo bulk uploads', () => {
  let t: TestApp;
  let viewer: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    await seedDemo(t.db, { scryptLogN: 10 });
    await seedMerchants(t.db, { count: 600, anchor: now });
    await seedLedger(t.db, { anchor: now });
    await seedTransfers(t.deps, { now });
    viewer = await t.actor({ permissions: ['transfers.view', 'approvals.view'] });
  });
  afterAll(() => t.close());

  it('are in every state with their history, through the bulk-transfers domain, the approvals and the jobs, and are made once', async () => {
    const seeded = await seedBulkTransfers(t.deps, { now: t.clock.now() });
    expect(seeded.uploads).toBe(6);
    const list = await viewer.request('GET', '/ft/v1/history/bulk');
    expect(list.status, list.text).toBe(200);
    const uploads = new Map<string, BulkUpload>();
    for (const row of list.body.items as { id: number; fileName: string }[]) {
      const detail = await viewer.request('GET', `/ft/v1/bulk/${row.id}`);
      expect(detail.status, detail.text).toBe(200);
      uploads.set(row.fileName.split(/[-.]/)[0]!, detail.body.upload);
    }
    expect(Object.fromEntries([...uploads].map(([name, upload]) => [name, upload.status]))).toEqual({
      salaries: 'DONE',
      q3: 'DECLINED',
      suppliers: 'RUNNING',
      agent: 'DONE',
      vendors: 'CANCELLED',
      payroll: 'AWAITING_APPROVAL',
    });

    // The salaries: 38 paid, the two refused by their bank failed and were reversed, each once.
    const salaries = uploads.get('salaries')!;
    expect(salaries.progress).toMatchObject({ rows: 40, succeeded: 38, failed: 2, pending: 0 });
    expect(salaries.approvedByName).toBeTruthy();
    const transfers = await t.db
      .selectFrom('bank_transfers')
      .select(['status', 'reversal_transfer_id', 'created_at'])
      .where('batch_id', '=', BigInt(salaries.id))
      .execute();
    expect(transfers).toHaveLength(40);
    for (const failed of transfers.filter((row) => row.status === 'FAILED')) expect(failed.reversal_transfer_id).not.toBeNull();
    // Dated four days ago, as the run happened then, and so are their debits.
    for (const row of transfers) expect(t.clock.now().getTime() - row.created_at.getTime()).toBeGreaterThan(90 * 3_600_000);
    const debits = await t.db
      .selectFrom('ledger_transfers as l')
      .innerJoin('bank_transfers as b', 'b.ledger_transfer_id', 'l.id')
      .select('l.created_at')
      .where('b.batch_id', '=', BigInt(salaries.id))
      .execute();
    for (const debit of debits) expect(t.clock.now().getTime() - debit.created_at.getTime()).toBeGreaterThan(90 * 3_600_000);

    // The suppliers: three bad rows excluded at submit, the large row held for review, the rest paid.
    const suppliers = uploads.get('suppliers')!;
    expect(suppliers).toMatchObject({ badRows: 3, excludedRows: 3 });
    expect(suppliers.progress).toMatchObject({ rows: 11, succeeded: 10, held: 1 });

    // The payroll waits in the approvals queue as a bulk transfer request.
    const queue = await viewer.request('GET', '/api/approvals', { query: { status: 'PENDING' } });
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.items.some((request: { commandId: string }) => request.commandId === 'transfers.bulk')).toBe(true);

    expect((await checkLedger(t.db)).ok).toBe(true);
    expect(await seedBulkTransfers(t.deps, { now: t.clock.now() })).toEqual({ uploads: 0 });
  });
});
