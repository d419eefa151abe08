import { setMaxListeners } from 'node:events';
import type { AppDeps } from '../../deps';
import type { JobRegistry } from './job-definition';
import { claimDueJobs, processWorkerId, runClaimedJob } from './run-jobs';

/** After a failed claim (the database unreachable) the worker waits at least this long: one warning every few seconds, not every poll. */
const AFTER_FAILED_CLAIM_MS = 5_000;

export interface JobWorker {
  /** Aborts running jobs' signals and waits for them; claims nothing more. */
  stop(): Promise<void>;
  /** Wakes the worker now (after a commit that enqueued work) instead of at its next poll. */
  nudge(): void;
}

/**
 * The worker loop of a server process: polls (default 1 s), runs up to `concurrency` jobs at once
 * (default 4), `nudge()` wakes it now. Each claim is one short statement and no transaction stays
 * open while a job runs, so it shares PGlite's single connection with the requests.
 */
export function startJobWorker(deps: AppDeps, registry: JobRegistry, options: { concurrency?: number; pollMs?: number; workerId?: string } = {}): JobWorker {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const pollMs = options.pollMs ?? 1_000;
  const workerId = options.workerId ?? processWorkerId;
  const stopping = new AbortController();
  // Every running job listens for the stop: as many listeners as jobs at once, which is not a leak.
  setMaxListeners(concurrency + 10, stopping.signal);
  const running = new Set<Promise<void>>();
  let wake: (() => void) | undefined;
  let woken = false;

  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });
  const nudge = () => {
    woken = true;
    wake?.();
  };

  const start = (record: Awaited<ReturnType<typeof claimDueJobs>>[number]) => {
    const run: Promise<void> = runClaimedJob(deps, registry, record, workerId, stopping.signal)
      .catch((error: unknown) => deps.logger.error({ err: error, jobId: Number(record.id), kind: record.kind }, 'recording a job run failed'))
      .finally(() => {
        running.delete(run);
        // A free slot: look for more work now rather than at the next poll.
        nudge();
      });
    running.add(run);
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      woken = false;
      const free = concurrency - running.size;
      let wait = pollMs;
      if (free > 0) {
        try {
          const claimed = await claimDueJobs(deps, registry, { workerId, limit: free });
          if (stopping.signal.aborted) {
            // Claimed as the stop came: run them anyway, they give up at once and go back to the queue.
            for (const record of claimed) start(record);
            break;
          }
          for (const record of claimed) start(record);
          // Every free slot filled: there may be more due; the next pass waits for a slot to free.
          if (claimed.length === free) continue;
        } catch (error) {
          deps.logger.warn({ err: error, workerId }, 'claiming background jobs failed');
          wait = Math.max(pollMs, AFTER_FAILED_CLAIM_MS);
        }
      }
      if (!woken && !stopping.signal.aborted) await rest(wait);
    }
  })();

  let stopped: Promise<void> | undefined;
  return {
    nudge,
    stop: () =>
      (stopped ??= (async () => {
        stopping.abort(new Error('The worker is stopping'));
        wake?.();
        await loop;
        await Promise.allSettled([...running]);
      })()),
  };
}
