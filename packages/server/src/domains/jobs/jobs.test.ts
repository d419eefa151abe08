import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, type TestApp } from '../../test/harness';
import { enqueueJob, type JobDefinition, JobLeaseLost, jobRegistry, jobRetryDelayMs, runDueJobs, startJobWorker } from './index';

let t: TestApp;
let viewer: Actor;
let keeper: Actor;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await t.actor({ permissions: ['jobs.view'] });
  keeper = await t.actor({ permissions: ['jobs.view', 'jobs.retry'] });
});
afterAll(() => t.close());

// Each test names its own kinds and runs only a registry of them: jobs left by another test stay where they are.
let kinds = 0;
const kindName = (what: string) => `test.${what}-${++kinds}`;

/** A promise the test settles: a job waits on it, so the test can look while the job runs. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const enqueue = (job: Parameters<typeof enqueueJob>[1]) => t.db.transaction().execute((trx) => enqueueJob(trx, job));
const getJob = (id: number, as: Actor = viewer) => as.request('GET', `/api/jobs/${id}`);

/** Waits until `check` passes (a job running in the background got somewhere). */
async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 2_000; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('gave up waiting');
}

describe('enqueue and run', () => {
  it('a job exists only once its transaction commits, runs when due, and answers its result through GET /api/jobs/{id}', async () => {
    const kind = kindName('echo');
    const ran: unknown[] = [];
    const registry = jobRegistry([
      {
        kind,
        run: async (job) => {
          ran.push({ payload: job.payload, attempt: job.attempt });
          return { status: 'done', result: { echoed: job.payload.word } };
        },
      } satisfies JobDefinition<{ word: string }>,
    ]);

    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind, payload: { word: 'rolled back' } });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await runDueJobs(t.deps, registry)).toBe(0);

    const { id, created } = await enqueue({ kind, payload: { word: 'ẹ kú àárọ̀' }, subject: 'Greeting', createdBy: keeper.id });
    expect(created).toBe(true);
    const queued = await getJob(id);
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ id, kind, subject: 'Greeting', status: 'queued', finished: false, attempts: 0, runAt: null, createdById: keeper.id });
    expect(queued.body.createdByName).toContain('Test');

    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect(ran).toEqual([{ payload: { word: 'ẹ kú àárọ̀' }, attempt: 1 }]);
    const done = await getJob(id);
    expect(done.body).toMatchObject({ status: 'done', finished: true, attempts: 1, result: { echoed: 'ẹ kú àárọ̀' }, lastError: null });
    expect(done.body.startedAt).toBe(t.clock.now().toISOString());
    expect(done.body.finishedAt).toBe(t.clock.now().toISOString());
    expect(await runDueJobs(t.deps, registry)).toBe(0);
  });

  it('a job due later waits for the clock', async () => {
    const kind = kindName('later');
    const registry = jobRegistry([{ kind, run: async () => ({ status: 'done' }) }]);
    const { id } = await enqueue({ kind, payload: {}, runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await runDueJobs(t.deps, registry)).toBe(0);
    t.clock.advance(60_000);
    expect(await runDueJobs(t.deps, registry, { onlyId: id + 1 })).toBe(0);
    expect(await runDueJobs(t.deps, registry, { onlyId: id })).toBe(1);
    expect((await getJob(id)).body.status).toBe('done');
  });

  it('a kind this process does not know stays queued for a process that does', async () => {
    const known = kindName('known');
    const { id } = await enqueue({ kind: kindName('unknown'), payload: {} });
    expect(await runDueJobs(t.deps, jobRegistry([{ kind: known, run: async () => ({ status: 'done' }) }]))).toBe(0);
    expect((await getJob(id)).body.status).toBe('queued');
  });

  it('the registry refuses two definitions of one kind', () => {
    const kind = kindName('twice');
    expect(() =>
      jobRegistry([
        { kind, run: async () => ({ status: 'done' }) },
        { kind, run: async () => ({ status: 'done' }) },
      ]),
    ).toThrow(`Job kind ${kind} is defined twice`);
  });
});

describe('dedupe keys', () => {
  it('a key held by an unfinished job returns that job; once it finished the key is free again', async () => {
    const kind = kindName('dedupe');
    const registry = jobRegistry([{ kind, run: async () => ({ status: 'done' }) }]);
    const first = await enqueue({ kind, payload: { n: 1 }, dedupeKey: `${kind}:42` });
    const again = await enqueue({ kind, payload: { n: 2 }, dedupeKey: `${kind}:42` });
    expect(again).toEqual({ id: first.id, created: false });
    const other = await enqueue({ kind, payload: { n: 3 }, dedupeKey: `${kind}:43` });
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);

    expect(await runDueJobs(t.deps, registry)).toBe(2);
    const after = await enqueue({ kind, payload: { n: 4 }, dedupeKey: `${kind}:42` });
    expect(after.created).toBe(true);
    expect(after.id).not.toBe(first.id);
  });
});

describe('failures and retries', () => {
  it('a job that throws is retried with back-off, then failed after maxAttempts; jobs.retry queues it again', async () => {
    const kind = kindName('flaky');
    let healthy = false;
    const registry = jobRegistry([
      {
        kind,
        maxAttempts: 3,
        run: async (job) => {
          if (!healthy) throw new Error(`the bank timed out (attempt ${job.attempt})`);
          return { status: 'done', result: { attempt: job.attempt } };
        },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {}, subject: 'Flaky' });

    expect(await runDueJobs(t.deps, registry)).toBe(1);
    const once = await getJob(id);
    expect(once.body).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the bank timed out (attempt 1)' });
    expect(once.body.runAt).toBe(new Date(t.clock.now().getTime() + jobRetryDelayMs(1)).toISOString());
    expect(await runDueJobs(t.deps, registry)).toBe(0);

    t.clock.advance(jobRetryDelayMs(1));
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    const twice = await getJob(id);
    expect(twice.body).toMatchObject({ status: 'queued', attempts: 2, lastError: 'the bank timed out (attempt 2)' });
    // Back-off doubles.
    expect(Date.parse(twice.body.runAt) - t.clock.now().getTime()).toBe(2 * jobRetryDelayMs(1));

    t.clock.advance(jobRetryDelayMs(2));
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    const failed = await getJob(id);
    expect(failed.body).toMatchObject({ status: 'failed', finished: true, attempts: 3, lastError: 'the bank timed out (attempt 3)' });
    t.clock.advance(3_600_000);
    expect(await runDueJobs(t.deps, registry)).toBe(0);

    // Only a failed job can be retried, and only by an admin allowed to.
    expect((await viewer.request('POST', `/api/jobs/${id}/retry`)).status).toBe(403);
    healthy = true;
    const retried = await keeper.request('POST', `/api/jobs/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.job).toMatchObject({ id, status: 'queued', finished: false, finishedAt: null });
    expect(retried.body.message).toBe(`Job #${id} (Flaky) is queued to run again.`);
    expect((await keeper.request('POST', `/api/jobs/${id}/retry`)).status).toBe(409);
    const audit = await t.db.selectFrom('audit_log').select(['command_id', 'outcome', 'summary']).where('command_id', '=', 'jobs.retry').execute();
    expect(audit.filter((entry) => entry.outcome === 'ok')).toHaveLength(1);

    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect((await getJob(id)).body).toMatchObject({ status: 'done', attempts: 4, result: { attempt: 4 } });
  });

  it("a run that asks to wait ('retry') runs again at its time and never counts towards maxAttempts", async () => {
    const kind = kindName('patient');
    const registry = jobRegistry([
      {
        kind,
        maxAttempts: 1,
        run: async (job) =>
          job.attempt < 4 ? { status: 'retry', at: new Date(t.clock.now().getTime() + 30_000), reason: 'the transfer is still pending' } : { status: 'done' },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {} });
    for (let run = 1; run < 4; run++) {
      expect(await runDueJobs(t.deps, registry)).toBe(1);
      expect((await getJob(id)).body).toMatchObject({ status: 'queued', attempts: run, lastError: 'the transfer is still pending' });
      expect(await runDueJobs(t.deps, registry)).toBe(0);
      t.clock.advance(30_000);
    }
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect((await getJob(id)).body).toMatchObject({ status: 'done', attempts: 4 });
  });

  it("a job that answers 'failed' is failed at once, with its reason", async () => {
    const kind = kindName('refused');
    const registry = jobRegistry([{ kind, run: async () => ({ status: 'failed', reason: 'The file has no rows' }) }]);
    const { id } = await enqueue({ kind, payload: {} });
    expect(await runDueJobs(t.deps, registry)).toBe(1);
    expect((await getJob(id)).body).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The file has no rows' });
  });
});

describe('progress', () => {
  it('shows through GET /api/jobs/{id} while the job runs: done of total, counts, the amount in kobo, the message', async () => {
    const kind = kindName('progress');
    const halfway = gate();
    const reported = gate();
    const registry = jobRegistry([
      {
        kind,
        run: async (job) => {
          await job.progress({ done: 2, total: 5, counts: { succeeded: 1, failed: 1, pending: 3 }, amountKobo: 9_007_199_254_740_000n, message: 'Row 2 of 5' });
          reported.open();
          await halfway.opened;
          await job.progress({ done: 5, total: 5, counts: { succeeded: 4, failed: 1, pending: 0 }, amountKobo: 150_000n });
          return { status: 'done', result: { rows: 5 } };
        },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {}, subject: 'Bulk upload #12' });
    const running = runDueJobs(t.deps, registry);
    await reported.opened;

    const during = await getJob(id);
    expect(during.status).toBe(200);
    expect(during.body).toMatchObject({
      status: 'running',
      finished: false,
      subject: 'Bulk upload #12',
      progress: { done: 2, total: 5, counts: { succeeded: 1, failed: 1, pending: 3 }, amount: 9_007_199_254_740_000, message: 'Row 2 of 5' },
    });
    const listed = await viewer.request('GET', '/api/jobs', { query: { kind, status: 'running' } });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      { id, subject: 'Bulk upload #12', kind, status: 'running', done: 2, total: 5, createdAt: expect.any(String), finishedAt: null },
    ]);

    halfway.open();
    expect(await running).toBe(1);
    expect((await getJob(id)).body).toMatchObject({
      status: 'done',
      progress: { done: 5, total: 5, counts: { succeeded: 4, failed: 1, pending: 0 }, amount: 150_000, message: null },
      result: { rows: 5 },
    });
    expect((await viewer.request('GET', '/api/jobs', { query: { kind, status: 'running' } })).body.items).toEqual([]);
    const csv = await viewer.request('GET', '/api/jobs', { query: { kind, download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Bulk upload #12');
  });
});

describe('leases', () => {
  it('a job whose process stopped reporting is taken over once its lease lapses; the first run then gets JobLeaseLost', async () => {
    const kind = kindName('stalled');
    const stalled = gate();
    const started = gate();
    const firstRun: { error?: unknown; aborted?: boolean } = {};
    const registry = jobRegistry([
      {
        kind,
        leaseSeconds: 30,
        run: async (job) => {
          if (job.attempt === 1) {
            await job.progress({ done: 1, total: 10 });
            started.open();
            // The process hangs here (a stuck socket, a paused VM) and never reports again in time.
            await stalled.opened;
            try {
              await job.progress({ done: 2, total: 10 });
            } catch (error) {
              firstRun.error = error;
              firstRun.aborted = job.signal.aborted;
              throw error;
            }
            return { status: 'done', result: { by: 'first' } };
          }
          return { status: 'done', result: { by: 'second', attempt: job.attempt } };
        },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {} });
    const processA = runDueJobs(t.deps, registry, { workerId: 'process-a' });
    await started.opened;

    // Within the lease nobody else may take it.
    t.clock.advance(29_000);
    expect(await runDueJobs(t.deps, registry, { workerId: 'process-b' })).toBe(0);
    t.clock.advance(1_000);
    expect(await runDueJobs(t.deps, registry, { workerId: 'process-b' })).toBe(1);
    const taken = await getJob(id);
    expect(taken.body).toMatchObject({ status: 'done', attempts: 2, result: { by: 'second', attempt: 2 }, progress: { done: 1, total: 10 } });

    stalled.open();
    expect(await processA).toBe(1);
    expect(firstRun.error).toBeInstanceOf(JobLeaseLost);
    expect(firstRun.aborted).toBe(true);
    // The first run's outcome is not recorded over the second's.
    expect((await getJob(id)).body).toMatchObject({ status: 'done', attempts: 2, result: { by: 'second', attempt: 2 }, progress: { done: 1, total: 10 } });
  });

  it('progress extends the lease', async () => {
    const kind = kindName('reporting');
    const step = [gate(), gate()];
    const reported = [gate(), gate()];
    const registry = jobRegistry([
      {
        kind,
        leaseSeconds: 30,
        run: async (job) => {
          for (const [index, next] of step.entries()) {
            await job.progress({ done: index, total: 2 });
            reported[index]!.open();
            await next.opened;
          }
          return { status: 'done' };
        },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {} });
    const processA = runDueJobs(t.deps, registry, { workerId: 'process-a' });
    await reported[0]!.opened;
    t.clock.advance(20_000);
    step[0]!.open();
    await reported[1]!.opened;
    // 40 s after the claim, but 20 s after the last progress: still process A's.
    t.clock.advance(20_000);
    expect(await runDueJobs(t.deps, registry, { workerId: 'process-b' })).toBe(0);
    step[1]!.open();
    expect(await processA).toBe(1);
    expect((await getJob(id)).body).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a job whose process died in its last allowed attempt is failed when the lease lapses, not run again', async () => {
    const kind = kindName('fatal');
    const hang = gate();
    const started = gate();
    let runs = 0;
    const registry = jobRegistry([
      {
        kind,
        leaseSeconds: 10,
        maxAttempts: 1,
        run: async () => {
          runs += 1;
          started.open();
          await hang.opened;
          throw new Error('the process died');
        },
      },
    ]);
    const { id } = await enqueue({ kind, payload: {} });
    const processA = runDueJobs(t.deps, registry, { workerId: 'process-a' });
    await started.opened;
    t.clock.advance(10_000);
    expect(await runDueJobs(t.deps, registry, { workerId: 'process-b' })).toBe(1);
    expect(runs).toBe(1);
    const failed = await getJob(id);
    expect(failed.body).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.body.lastError).toContain('process-a');
    hang.open();
    await processA;
    expect((await getJob(id)).body.status).toBe('failed');
  });
});

describe('concurrency', () => {
  it('two claimants running at once run every job exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const kind = kindName('parallel');
    const runsById = new Map<number, string[]>();
    const registry = jobRegistry([
      {
        kind,
        run: async (job) => {
          // Room for the other claimant to interleave.
          await new Promise((resolve) => setTimeout(resolve, 2));
          runsById.set(job.id, [...(runsById.get(job.id) ?? []), job.attempt === 1 ? 'first' : 'again']);
          return { status: 'done' };
        },
      },
    ]);
    const ids: number[] = [];
    for (let n = 0; n < 24; n++) ids.push((await enqueue({ kind, payload: { n } })).id);
    const [a, b] = await Promise.all([runDueJobs(t.deps, registry, { workerId: 'process-a' }), runDueJobs(t.deps, registry, { workerId: 'process-b' })]);
    expect(a + b).toBe(24);
    expect([...runsById.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runsById.values()].every((runs) => runs.length === 1 && runs[0] === 'first')).toBe(true);
  });
});

describe('the worker loop', () => {
  it('runs what a nudge announces, up to its concurrency at once, and on stop sends an interrupted job back to the queue', async () => {
    const kind = kindName('worker');
    const hold = gate();
    let atOnce = 0;
    let most = 0;
    const registry = jobRegistry([
      {
        kind,
        run: async (job) => {
          atOnce += 1;
          most = Math.max(most, atOnce);
          try {
            if ((job.payload as { hold?: boolean }).hold) {
              await Promise.race([hold.opened, new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)))]);
            } else {
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            return { status: 'done' };
          } finally {
            atOnce -= 1;
          }
        },
      },
    ]);
    // A long poll: only the nudge can make it run soon.
    const worker = startJobWorker(t.deps, registry, { concurrency: 2, pollMs: 60_000, workerId: 'worker-1' });
    try {
      const quick: number[] = [];
      for (let n = 0; n < 5; n++) quick.push((await enqueue({ kind, payload: { n } })).id);
      worker.nudge();
      await until(async () => {
        const statuses = await Promise.all(quick.map(async (id) => (await getJob(id)).body.status));
        return statuses.every((status) => status === 'done');
      });
      expect(most).toBe(2);

      const { id: held } = await enqueue({ kind, payload: { hold: true } });
      worker.nudge();
      await until(async () => (await getJob(held)).body.status === 'running');
    } finally {
      await worker.stop();
    }
    const interrupted = await t.db
      .selectFrom('jobs')
      .select(['status', 'failures', 'run_at', 'locked_by'])
      .where('kind', '=', kind)
      .where('status', '!=', 'done')
      .execute();
    expect(interrupted).toEqual([{ status: 'queued', failures: 0, run_at: null, locked_by: null }]);
  });
});

describe('permissions and unknown jobs', () => {
  it('refuses an admin without jobs.view (403) and answers 404 for a job that does not exist', async () => {
    const stranger = await t.actor({ permissions: [] });
    expect((await stranger.request('GET', '/api/jobs')).status).toBe(403);
    expect((await stranger.request('GET', '/api/jobs/1')).status).toBe(403);
    const missing = await getJob(987_654_321);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no background job 987654321');
    expect((await keeper.request('POST', '/api/jobs/987654321/retry')).status).toBe(404);
  });
});
