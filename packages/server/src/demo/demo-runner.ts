import { type AnyCommand, ApiError, type CommandInput, type CommandOutput } from '@traction/core';
import type { AppDeps } from '../deps';
import { type AnyJobDefinition, jobRegistry, runDueJobs } from '../domains/jobs/index';
import type { HandlerContext, SignedInAdmin } from '../handling/handler-context';
import type { Implementation } from '../handling/implement';

/** The moment the demo data's story has reached: its commands and jobs take it as now. */
export interface DemoClock {
  at: Date;
}

/** The app's dependencies on the demo clock, so jobs and sends happen at the story's moment. */
export const depsAt = (deps: AppDeps, clock: DemoClock): AppDeps => ({ ...deps, clock: { now: () => clock.at } });

/**
 * Runs a command's own implementation in this process, as `admin` at `at`: the input checked by
 * the command's schema, the handler in a transaction of its own (or, for a command that opts out
 * because it calls a bank first, given one by `auditedTransaction`), its after-commit work once
 * it commits. What HTTP adds (sign-in, idempotency, the audit row) the demo data does without, as
 * the other seeds do, so that the rows it leaves are the domain's own.
 */
export async function runDemoCommand<C extends AnyCommand>(
  deps: AppDeps,
  implementations: readonly Implementation[],
  command: C,
  input: CommandInput<C>,
  as: { admin: SignedInAdmin; at: Date },
): Promise<CommandOutput<C>> {
  const implementation = implementations.find((candidate) => candidate.command.id === command.id);
  const handler = implementation?.handler;
  if (!implementation || !handler) throw new Error(`${command.id} is not implemented by the implementations given`);
  const parsed = command.input.parse(input) as Record<string, unknown>;
  const committed: (() => Promise<void> | void)[] = [];
  const ctxFor = (db: HandlerContext['db']): HandlerContext => ({
    db,
    deps,
    admin: as.admin,
    session: null,
    request: { id: 'demo-data', ip: '127.0.0.1', userAgent: 'demo data', deviceId: null },
    now: as.at,
    setActor: () => undefined,
    afterCommit: (work) => void committed.push(work),
    afterRollback: () => undefined,
    auditedTransaction: (work) => deps.db.transaction().execute(work),
  });
  const output = implementation.transactional
    ? await deps.db.transaction().execute((trx) => handler({ input: parsed, ctx: ctxFor(trx) }))
    : await handler({ input: parsed, ctx: ctxFor(deps.db) });
  for (const work of committed) await work();
  return output as CommandOutput<C>;
}

/**
 * Runs the due jobs of `definitions` on the demo clock, moving it on `stepMs` at a time, until
 * `settled` says the work is done or the clock reaches `until`; answers whether it settled. The
 * clock is left where the work ended.
 */
export async function runDemoJobs(
  deps: AppDeps,
  clock: DemoClock,
  definitions: readonly AnyJobDefinition[],
  options: { settled: () => Promise<boolean>; until: Date; stepMs?: number },
): Promise<boolean> {
  const registry = jobRegistry(definitions);
  const jobDeps = depsAt(deps, clock);
  const step = options.stepMs ?? 60_000;
  for (;;) {
    await runDueJobs(jobDeps, registry);
    if (await options.settled()) return true;
    if (clock.at.getTime() >= options.until.getTime()) return false;
    clock.at = new Date(Math.min(clock.at.getTime() + step, options.until.getTime()));
  }
}

/** The work's answer, or null when a domain refused it: demo data never stops a start. */
export async function refusable<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}
