import { Readable } from 'node:stream';
import { getJob, type JobView } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { describe, expect, it, vi } from 'vitest';
import { EXIT } from '../exit-codes';
import type { Io } from '../io';
import { Capture, stripAnsi } from '../test/harness';
import { followJob, followJobOnScreen, jobProgressDetail } from './follow-job';

const job = ({ progress, ...over }: Partial<Omit<JobView, 'progress'>> & { progress?: Partial<JobView['progress']> } = {}): JobView => ({
  id: 7,
  kind: 'bulk-transfers.run',
  subject: 'Bulk upload #7',
  status: 'running',
  finished: false,
  attempts: 1,
  lastError: null,
  result: null,
  runAt: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  startedAt: '2026-11-21T09:00:01.000Z',
  finishedAt: null,
  updatedAt: '2026-11-21T09:00:02.000Z',
  createdById: 1,
  createdByName: 'Ada Obi',
  ...over,
  progress: { done: 0, total: null, counts: {}, amount: null, message: null, ...progress },
});

const finished = (over: Parameters<typeof job>[0] = {}) => job({ status: 'done', finished: true, finishedAt: '2026-11-21T09:01:00.000Z', ...over });

/** A client answering `jobs.get` from a script: each entry an answer or an error to throw. */
function scripted(answers: (JobView | Error)[]) {
  const call = vi.fn(async (command: unknown, input: unknown) => {
    expect(command).toBe(getJob);
    expect(input).toEqual({ id: 7 });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { call: call as never as <C>(command: C, input: unknown) => Promise<never>, calls: call };
}

const unreachable = () => new ClientError('network', 0, 'GET', '/api/jobs/7', undefined, { cause: new Error('ECONNREFUSED') });

describe('followJob', () => {
  it('polls jobs.get until the job has finished, telling each answer, and answers the last', async () => {
    const client = scripted([
      job({ progress: { done: 1, total: 3 } }),
      job({ progress: { done: 2, total: 3 } }),
      finished({ progress: { done: 3, total: 3 } }),
    ]);
    const seen: number[] = [];
    const ended = await followJob(client, 7, { intervalMs: 1, onProgress: (answer) => seen.push(answer.progress.done) });
    expect(ended).toMatchObject({ status: 'done', progress: { done: 3 } });
    expect(seen).toEqual([1, 2, 3]);
    expect(client.calls).toHaveBeenCalledTimes(3);
  });

  it('waits out a server that restarts mid-job (no answer, 5xx), then carries on', async () => {
    const restarting = new ClientError('server-error', 503, 'GET', '/api/jobs/7', { code: '503', message: 'Starting' } as never);
    const client = scripted([job(), unreachable(), restarting, finished()]);
    expect((await followJob(client, 7, { intervalMs: 1 })).status).toBe('done');
    expect(client.calls).toHaveBeenCalledTimes(4);
  });

  it('gives up once the server has been away longer than its patience, saying how to look later', async () => {
    const client = scripted([unreachable()]);
    const failure = await followJob(client, 7, { intervalMs: 5, patienceMs: 20 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ exitCode: EXIT.error });
    expect((failure as Error).message).toContain('It may still be running: traction jobs get --id 7.');
  });

  it('throws a refusal as it came', async () => {
    const missing = new ClientError('not-found', 404, 'GET', '/api/jobs/7', { code: '404', message: 'There is no background job 7' });
    await expect(followJob(scripted([missing]), 7, { intervalMs: 1 })).rejects.toBe(missing);
  });

  it('stops when told (Ctrl+C) with exit 130; the job runs on at the server', async () => {
    const stop = new AbortController();
    const client = scripted([job()]);
    const following = followJob(client, 7, { intervalMs: 5, signal: stop.signal, onProgress: () => stop.abort() });
    await expect(following).rejects.toMatchObject({ exitCode: EXIT.interrupted, message: expect.stringContaining('traction jobs get --id 7') });
  });
});

describe('jobProgressDetail', () => {
  it('reads counts, the money moved and the message', () => {
    expect(jobProgressDetail(job({ progress: { counts: { succeeded: 1_100, not_found: 2 }, amount: 150_000, message: 'Sending' } }))).toBe(
      '1,100 succeeded · 2 not found · ₦1,500.00 moved · Sending',
    );
    expect(jobProgressDetail(job())).toBe('');
  });
});

describe('followJobOnScreen', () => {
  const io = (stderr: Capture): Io => ({
    stdout: new Capture(false),
    stderr,
    stdin: Object.assign(Readable.from([]), { isTTY: false }) as unknown as NodeJS.ReadStream,
    env: { TERM: 'xterm-256color' },
    cwd: process.cwd(),
    signal: new AbortController().signal,
  });

  it('draws a bar on a terminal once the total is known, with the counts and the amount', async () => {
    const stderr = Object.assign(new Capture(true), { columns: 200 });
    const client = scripted([
      job(),
      job({ progress: { done: 2, total: 4, counts: { succeeded: 2 } } }),
      finished({ progress: { done: 4, total: 4, counts: { succeeded: 3, failed: 1 }, amount: 250_000 } }),
    ]);
    const ended = await followJobOnScreen(io(stderr), client, 7, { unit: 'rows', intervalMs: 1 });
    expect(ended.status).toBe('done');
    // Lines a narrow terminal wrapped read as one.
    const screen = stripAnsi(stderr.text).replace(/\s+/g, ' ');
    expect(screen).toContain('Bulk upload #7');
    expect(screen).toContain('4/4 rows');
    expect(screen).toContain('3 succeeded · 1 failed · ₦2,500.00 moved');
  });

  it('writes nothing when nobody watches (a pipe)', async () => {
    const stderr = new Capture(false);
    const ended = await followJobOnScreen(io(stderr), scripted([job(), finished()]), 7, { intervalMs: 1 });
    expect(ended.status).toBe('done');
    expect(stderr.text).toBe('');
  });
});
