import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { defaultConfig } from '../../config';
import { type OpenedDatabase, openDatabase } from '../../db/connect';
import { migrate } from '../../db/migrate';
import type { AppDeps } from '../../deps';
import type { Providers } from '../../providers/providers';
import { createScratchDatabase } from '../../test/test-database';
import { enqueueJob, jobRegistry, runDueJobs } from './index';

// Server processes are separate connection pools on one PostgreSQL database; PGlite is one
// connection in one process, so this runs only where DATABASE_URL names a server.
const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('several server processes on one PostgreSQL database', () => {
  let scratch: { url: string; drop(): Promise<void> };
  const processes: OpenedDatabase[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    for (let n = 0; n < 3; n++) processes.push(await openDatabase({ databaseUrl: scratch.url, dataDir: '' }));
    await migrate(processes[0]!.db);
  });
  afterAll(async () => {
    for (const opened of processes) await opened.close();
    await scratch?.drop();
  });

  it('three processes with two claimants each run every job exactly once', async () => {
    const clock = manualClock(new Date('2026-11-21T09:00:00.000Z'));
    const logger = pino({ level: 'silent' });
    const runs = new Map<number, string[]>();
    const registry = jobRegistry([
      {
        kind: 'test.shared',
        run: async (job) => {
          await new Promise((resolve) => setTimeout(resolve, job.id % 3));
          runs.set(job.id, [...(runs.get(job.id) ?? []), String(job.attempt)]);
          return { status: 'done' };
        },
      },
    ]);
    const ids: number[] = [];
    await processes[0]!.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 150; n++) ids.push((await enqueueJob(trx, { kind: 'test.shared', payload: { n } })).id);
    });

    const claimants = processes.flatMap((opened, p) => {
      const deps: AppDeps = { db: opened.db, config: defaultConfig, providers: {} as Providers, clock, logger };
      return [0, 1].map((c) => runDueJobs(deps, registry, { workerId: `process-${p}-${c}`, limit: 1_000 }));
    });
    const ran = await Promise.all(claimants);

    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(150);
    // Everyone got a share: the claims really ran side by side.
    expect(ran.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((attempts) => attempts.length === 1 && attempts[0] === '1')).toBe(true);
    const left = await processes[1]!.db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute();
    expect(left).toEqual([]);
  });
});
