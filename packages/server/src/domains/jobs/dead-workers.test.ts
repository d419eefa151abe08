import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueueJob, expireLeasesOfDeadLocalWorkers } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('jobs left by a dead process of this machine', () => {
  it('are taken over at once; a live process keeps its lease, and so does another machine', async () => {
    const now = t.clock.now();
    const holders = [`${hostname()}:2147483646:dead`, `${hostname()}:${process.pid}:alive`, 'another-host:2147483646:far'];
    const ids: number[] = [];
    for (const holder of holders) {
      const { id } = await enqueueJob(t.db, { kind: 'test.dead-worker', payload: {} });
      await t.db
        .updateTable('jobs')
        .set({ status: 'running', locked_by: holder, locked_until: new Date(now.getTime() + 120_000) })
        .where('id', '=', BigInt(id))
        .execute();
      ids.push(id);
    }
    expect(await expireLeasesOfDeadLocalWorkers(t.db, now)).toBe(1);
    const leases = await t.db.selectFrom('jobs').select(['id', 'locked_until']).where('id', 'in', ids.map(BigInt)).orderBy('id').execute();
    expect(leases.map((row) => row.locked_until!.getTime() > now.getTime())).toEqual([false, true, true]);
  });
});
