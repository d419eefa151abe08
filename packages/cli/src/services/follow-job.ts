import { setTimeout as sleep } from 'node:timers/promises';
import { formatNaira, getJob, type JobView } from '@traction/core';
import { ClientError, type TractionClient } from '@traction/core/client';
import { CliError, interrupted } from '../errors';
import { canAnimate, type Io } from '../io';

export interface FollowJobOptions {
  /** Told every answer, the last (finished) one included. */
  onProgress?: (job: JobView) => void;
  /** Milliseconds between polls (default 1,000). */
  intervalMs?: number;
  /** Stops following (Ctrl+C); the job itself runs on at the server. */
  signal?: AbortSignal;
  /**
   * How long the server may stay unreachable or failing (5xx) before following gives up (default
   * 5 minutes): a server restarting mid-job comes back and the job resumes there, so a gap is waited out.
   */
  patienceMs?: number;
}

/** Failures worth waiting out: no answer at all, or the server failing for now. */
const passing = (error: unknown) =>
  error instanceof ClientError && (error.kind === 'network' || error.kind === 'server-error' || error.kind === 'rate-limited');

/**
 * Polls `jobs.get` until the job has finished (done, failed or cancelled) and answers it as it
 * ended. A refusal (no such job, no permission, the session ended) is thrown as it came; the
 * server being away is waited out for `patienceMs`.
 */
export async function followJob(client: Pick<TractionClient, 'call'>, jobId: number, options: FollowJobOptions = {}): Promise<JobView> {
  const intervalMs = options.intervalMs ?? 1_000;
  const patienceMs = options.patienceMs ?? 5 * 60_000;
  let failingSince: number | undefined;
  for (;;) {
    if (options.signal?.aborted) throw interrupted(`Stopped following job ${jobId}; it runs on at the server (traction jobs get --id ${jobId}).`);
    try {
      const job = await client.call(getJob, { id: jobId }, options.signal ? { signal: options.signal } : {});
      failingSince = undefined;
      options.onProgress?.(job);
      if (job.finished) return job;
    } catch (error) {
      if (options.signal?.aborted) continue;
      if (!passing(error)) throw error;
      failingSince ??= Date.now();
      if (Date.now() - failingSince >= patienceMs) {
        throw new CliError(
          `Job ${jobId} could not be followed: ${(error as ClientError).message}. It may still be running: traction jobs get --id ${jobId}.`,
          undefined,
          { cause: error },
        );
      }
    }
    await sleep(intervalMs, undefined, options.signal ? { signal: options.signal } : {}).catch(() => undefined);
  }
}

/** The figures after a job's bar: counts by outcome and the money moved ("1,100 succeeded · 40 failed · ₦1,500.00 moved"). */
export function jobProgressDetail(job: JobView): string {
  const parts = Object.entries(job.progress.counts).map(([key, count]) => `${count.toLocaleString('en-NG')} ${key.replace(/[_-]+/g, ' ')}`);
  if (job.progress.amount !== null) parts.push(`${formatNaira(job.progress.amount)} moved`);
  if (job.progress.message) parts.push(job.progress.message);
  return parts.join(' · ');
}

/**
 * Follows a job with a progress bar on stderr when a person is watching (Ink), silently
 * otherwise; answers the job as it ended.
 */
export async function followJobOnScreen(
  io: Io,
  client: Pick<TractionClient, 'call'>,
  jobId: number,
  options: { label?: string; unit?: string; intervalMs?: number } = {},
): Promise<JobView> {
  if (!canAnimate(io)) return followJob(client, jobId, { signal: io.signal, ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}) });
  const { showProgress } = await import('../ui/screens');
  let view: import('../ui/screens').ProgressView | undefined;
  let shownTotal: number | null = null;
  // Answers are drawn in turn: redrawing with a newly known total waits for the old bar to go.
  let drawing = Promise.resolve();
  const draw = async (job: JobView) => {
    // A job learns its total after reading its input: the bar gets its length then.
    if (!view || (shownTotal === null && job.progress.total !== null)) {
      await view?.stop();
      shownTotal = job.progress.total;
      view = showProgress(io, {
        label: options.label ?? job.subject ?? `Job ${jobId}`,
        ...(shownTotal !== null ? { total: shownTotal } : {}),
        ...(options.unit ? { unit: options.unit } : {}),
      });
    }
    view.update(job.progress.done, jobProgressDetail(job) || undefined);
  };
  try {
    return await followJob(client, jobId, {
      signal: io.signal,
      ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
      onProgress: (job) => {
        drawing = drawing.then(() => draw(job));
      },
    });
  } finally {
    await drawing.catch(() => undefined);
    await view?.stop();
  }
}
