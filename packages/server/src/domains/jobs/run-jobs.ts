import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppDeps } from '../../deps';
import {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_MAX_ATTEMPTS,
  type JobDefinition,
  JobLeaseLost,
  type JobProgress,
  type JobRegistry,
  type JobResult,
  type RunningJob,
} from './job-definition';
import { claimJobs, type JobClaim, type JobRecord, recordJobDone, recordJobFailed, recordJobProgress, recordJobRetry } from './jobs.repository';

const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** How long a job waits after its `failures`th failure: 10 s, 20 s, 40 s … at most an hour. */
export function jobRetryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
}

/** This process's name on its claims: the machine, the process and a random part (a restarted process is another claimant). */
export const processWorkerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const leaseOf = (definition: JobDefinition<object>) => definition.leaseSeconds ?? DEFAULT_LEASE_SECONDS;

/** Claims due jobs of the registry's kinds (or of `kinds` among them) for `workerId`. */
export function claimDueJobs(
  deps: AppDeps,
  registry: JobRegistry,
  args: { workerId: string; limit: number; kinds?: readonly string[] | undefined; onlyId?: number | undefined },
): Promise<JobRecord[]> {
  const kinds = args.kinds ? args.kinds.filter((kind) => registry.has(kind)) : [...registry.keys()];
  const leases: Record<string, number> = {};
  for (const kind of kinds) leases[kind] = leaseOf(registry.get(kind)!);
  return claimJobs(deps.db, {
    now: deps.clock.now(),
    workerId: args.workerId,
    kinds,
    leases,
    defaultLease: DEFAULT_LEASE_SECONDS,
    limit: args.limit,
    onlyId: args.onlyId,
  });
}

/**
 * Claims due jobs (FOR UPDATE SKIP LOCKED; a running job whose lease expired is taken over) and
 * runs them one after another until none is due or `limit` (default 100) have run; answers how
 * many ran. Time from deps.clock, so tests run it at any moment they like.
 */
export async function runDueJobs(
  deps: AppDeps,
  registry: JobRegistry,
  options: { kinds?: readonly string[]; limit?: number; workerId?: string; onlyId?: number } = {},
): Promise<number> {
  const limit = options.limit ?? 100;
  const workerId = options.workerId ?? processWorkerId;
  let ran = 0;
  while (ran < limit) {
    const [claimed] = await claimDueJobs(deps, registry, { workerId, limit: 1, kinds: options.kinds, onlyId: options.onlyId });
    if (!claimed) break;
    await runClaimedJob(deps, registry, claimed, workerId);
    ran += 1;
  }
  return ran;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

function storedProgress(progress: JobProgress) {
  return {
    done: progress.done,
    total: progress.total,
    counts: progress.counts ?? {},
    amount: progress.amountKobo === undefined || progress.amountKobo === null ? null : progress.amountKobo.toString(),
    message: progress.message ?? null,
  };
}

/**
 * Runs one claimed job and records how it ended, if the run is still this claim's: a process that
 * took the job over owns it, and this run's outcome is dropped. A run stopped by `stopping` (the
 * worker shutting down) that gives up goes back to the queue, due now, without counting a failure.
 */
export async function runClaimedJob(deps: AppDeps, registry: JobRegistry, record: JobRecord, workerId: string, stopping?: AbortSignal): Promise<void> {
  const definition = registry.get(record.kind);
  if (!definition) throw new Error(`No job definition for kind ${record.kind}`);
  const claim: JobClaim = { id: Number(record.id), workerId, attempt: record.attempts };
  const maxAttempts = record.max_attempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const log = deps.logger.child({ jobId: claim.id, kind: record.kind, attempt: claim.attempt, workerId });
  if (record.failures >= maxAttempts) {
    // Taken over after its last allowed run died: it never starts again.
    await recordJobFailed(deps.db, claim, { error: record.last_error ?? 'Out of attempts', failures: record.failures, now: deps.clock.now() });
    log.error({ failures: record.failures }, `job ${claim.id} failed: out of attempts`);
    return;
  }
  const leaseMs = leaseOf(definition) * 1000;
  const controller = new AbortController();
  const onStop = () => controller.abort(stopping?.reason ?? new Error('The worker is stopping'));
  if (stopping?.aborted) onStop();
  stopping?.addEventListener('abort', onStop, { once: true });
  // The lease runs out unless progress extends it; past it another process may take the job over,
  // so the run is told to stop rather than carry on beside the other.
  let lapse: NodeJS.Timeout | undefined;
  const armLease = () => {
    clearTimeout(lapse);
    lapse = setTimeout(() => controller.abort(new JobLeaseLost(`The lease of job ${claim.id} lapsed without progress`)), leaseMs);
    lapse.unref();
  };
  armLease();
  const job: RunningJob<Record<string, unknown>> = {
    id: claim.id,
    kind: record.kind,
    payload: record.payload,
    attempt: claim.attempt,
    deps,
    signal: controller.signal,
    progress: async (progress) => {
      if (controller.signal.reason instanceof JobLeaseLost) throw controller.signal.reason;
      const now = deps.clock.now();
      const kept = await recordJobProgress(deps.db, claim, { progress: storedProgress(progress), lockedUntil: new Date(now.getTime() + leaseMs), now });
      if (!kept) {
        const lost = new JobLeaseLost(`Job ${claim.id} was taken over by another process`);
        controller.abort(lost);
        throw lost;
      }
      armLease();
    },
  };
  let outcome: JobResult;
  try {
    outcome = await definition.run(job);
    if (!outcome || !['done', 'retry', 'failed'].includes(outcome.status)) throw new Error(`Job ${record.kind} answered no result`);
  } catch (error) {
    if (error instanceof JobLeaseLost || controller.signal.reason instanceof JobLeaseLost) {
      log.warn({ err: error }, `job ${claim.id} stopped: its lease was lost`);
      return;
    }
    const now = deps.clock.now();
    if (stopping?.aborted) {
      await recordJobRetry(deps.db, claim, { error: 'Interrupted: the server stopped', failures: record.failures, runAt: null, now });
      log.info(`job ${claim.id} interrupted by the worker stopping; queued again`);
      return;
    }
    const failures = record.failures + 1;
    const reason = describe(error);
    if (failures >= maxAttempts) {
      if (await recordJobFailed(deps.db, claim, { error: reason, failures, now })) {
        log.error({ err: error, failures }, `job ${claim.id} failed after ${failures} failed attempts`);
      } else log.warn({ err: error }, `job ${claim.id} threw in a run another process had taken over`);
    } else {
      const runAt = new Date(now.getTime() + jobRetryDelayMs(failures));
      if (await recordJobRetry(deps.db, claim, { error: reason, failures, runAt, now })) {
        log.warn({ err: error, failures, runAt: runAt.toISOString() }, `job ${claim.id} threw; trying again later`);
      } else log.warn({ err: error }, `job ${claim.id} threw in a run another process had taken over`);
    }
    return;
  } finally {
    clearTimeout(lapse);
    stopping?.removeEventListener('abort', onStop);
  }
  await recordOutcome(deps, claim, record, outcome, log);
}

async function recordOutcome(deps: AppDeps, claim: JobClaim, record: JobRecord, outcome: JobResult, log: AppDeps['logger']): Promise<void> {
  const now = deps.clock.now();
  let kept: boolean;
  if (outcome.status === 'done') {
    kept = await recordJobDone(deps.db, claim, { result: outcome.result ?? null, now });
  } else if (outcome.status === 'retry') {
    kept = await recordJobRetry(deps.db, claim, { error: outcome.reason, failures: record.failures, runAt: outcome.at, now });
  } else {
    kept = await recordJobFailed(deps.db, claim, { error: outcome.reason, failures: record.failures, now });
  }
  if (!kept) log.warn({ outcome: outcome.status }, `job ${claim.id} finished a run another process had taken over; its outcome is not recorded`);
  else if (outcome.status === 'failed') log.error({ reason: outcome.reason }, `job ${claim.id} failed: ${outcome.reason}`);
}
