import type { AppDeps } from '../../deps';

/**
 * A kind of background job: what runs it, and how patient the queue is with it. A job may be
 * run more than once (a process dies mid-run and another takes it over; a run that threw is
 * retried), so `run` must carry on from what it has recorded rather than redo it.
 */
export interface JobDefinition<P extends object = Record<string, unknown>> {
  /** 'transfers.send', 'bulk-transfers.run' … */
  kind: string;
  /** How long a claim lasts without progress before another process may take the job over (default 60). */
  leaseSeconds?: number;
  /** Attempts before the job is marked failed (default 10). */
  maxAttempts?: number;
  run(job: RunningJob<P>): Promise<JobResult>;
}

export interface RunningJob<P> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run */
  attempt: number;
  deps: AppDeps;
  /** Aborted when the worker stops or the lease is lost. */
  signal: AbortSignal;
  /**
   * Records progress (shown to console and CLI) and extends the lease. Throws JobLeaseLost if
   * another process has taken the job over. It writes through `deps.db`: call it outside the
   * job's own transactions (on PGlite, one connection, a call inside one would wait forever).
   */
  progress(progress: JobProgress): Promise<void>;
}

export interface JobProgress {
  done: number;
  total: number | null;
  counts?: Record<string, number>;
  amountKobo?: bigint | null;
  message?: string | null;
}

export type JobResult =
  | { status: 'done'; result?: Record<string, unknown> }
  /** Run again at `at`: an attempt, but not a failure counted towards `maxAttempts`. */
  | { status: 'retry'; at: Date; reason: string }
  | { status: 'failed'; reason: string };

/** A definition of any payload type: what a registry holds. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every payload type; each definition reads its own
export type AnyJobDefinition = JobDefinition<any>;

export type JobRegistry = ReadonlyMap<string, AnyJobDefinition>;

export const DEFAULT_LEASE_SECONDS = 60;
export const DEFAULT_MAX_ATTEMPTS = 10;

/** The definitions by kind; throws on two definitions of one kind (the second would never run). */
export function jobRegistry(definitions: readonly AnyJobDefinition[]): JobRegistry {
  const registry = new Map<string, AnyJobDefinition>();
  for (const definition of definitions) {
    if (registry.has(definition.kind)) throw new Error(`Job kind ${definition.kind} is defined twice`);
    if ((definition.leaseSeconds ?? 1) <= 0 || (definition.maxAttempts ?? 1) <= 0) {
      throw new Error(`Job kind ${definition.kind}: leaseSeconds and maxAttempts must be positive`);
    }
    registry.set(definition.kind, definition);
  }
  return registry;
}

/** Thrown by `progress()` (and the reason of the job's signal) once another process has the job. */
export class JobLeaseLost extends Error {
  constructor(message = 'Another process has taken this job over') {
    super(message);
    this.name = 'JobLeaseLost';
  }
}
