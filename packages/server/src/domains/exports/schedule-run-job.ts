import { lagosDateTime } from '@traction/core';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { queueEmail } from '../outbox/index';
import { enqueueJob, type JobDefinition, type JobResult, type RunningJob } from '../jobs/index';
import { findExportFile } from './exports.repository';
import type { ListLookup } from './list-lookup';
import { lagosDay, nextRun, runDateRange } from './schedule-times';
import { claimRun, findRunForDelivery, finishRun, lockSchedule, setNextRun, setRunExport } from './schedules.repository';
import { startExport } from './start-export';

export const SCHEDULE_RUN_JOB = 'schedules.run';
export const SCHEDULE_DELIVER_JOB = 'schedules.deliver';

/** How often a run looks whether its file is written. */
const DELIVERY_POLL_MS = 5_000;

/** Queues a schedule's run at `at` (its next time): one job per schedule and time, however often it is asked. */
export async function queueScheduleRun(db: Db, args: { scheduleId: number; at: Date; now: Date }): Promise<void> {
  await enqueueJob(db, {
    kind: SCHEDULE_RUN_JOB,
    payload: { scheduleId: args.scheduleId, at: args.at.toISOString() },
    runAt: args.at,
    dedupeKey: `schedule:${args.scheduleId}:${args.at.toISOString()}`,
    subject: `schedule:${args.scheduleId}`,
    now: args.now,
  });
}

/**
 * Starts a run of a schedule for a Lagos day: records it, starts its export (read as the admin who
 * made the schedule) and queues the delivery, in the caller's transaction. The schedule's own
 * date range is resolved against `day`.
 */
export async function startScheduleRun(
  deps: AppDeps,
  db: Db,
  lists: ListLookup,
  schedule: { id: number; command_id: string; filters: Record<string, unknown>; date_range: Parameters<typeof runDateRange>[0]; created_by: number | null },
  args: { day: string; manual: boolean; now: Date },
): Promise<{ runId: number; exportId: number } | null> {
  const runId = await claimRun(db, { scheduleId: schedule.id, day: args.day, manual: args.manual, now: args.now });
  if (runId === null) return null;
  const list = lists(schedule.command_id);
  if (!list?.command.list) {
    await finishRun(db, runId, { status: 'FAILED', error: `The list ${schedule.command_id} no longer exists.`, now: args.now });
    return null;
  }
  const range = runDateRange(schedule.date_range, args.day);
  const dateRange = list.command.list.dateRange;
  const filters = { ...schedule.filters, ...(range && dateRange ? { [dateRange.from]: range.from, [dateRange.to]: range.to } : {}) };
  const exportId = await startExport(db, {
    command: list.command,
    filters,
    requestedBy: schedule.created_by,
    scheduleId: schedule.id,
    now: args.now,
    retentionDays: deps.config.exportRetentionDays,
  });
  await setRunExport(db, runId, exportId);
  await enqueueJob(db, { kind: SCHEDULE_DELIVER_JOB, payload: { runId }, subject: `schedule:${schedule.id}`, now: args.now });
  return { runId, exportId };
}

/** The daily run: if the schedule still means to run at this time, start today's run and queue tomorrow's. */
async function runSchedule(lists: ListLookup, job: RunningJob<{ scheduleId: number; at: string }>): Promise<JobResult> {
  const { deps } = job;
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const schedule = await lockSchedule(trx, job.payload.scheduleId);
    // Deleted, paused or moved to another time since this run was queued: that change queued its own.
    if (!schedule?.active || schedule.next_run_at?.toISOString() !== job.payload.at) return { stale: true };
    const at = new Date(job.payload.at);
    const day = lagosDay(at);
    const started = await startScheduleRun(deps, trx, lists, schedule, { day, manual: false, now });
    const following = nextRun(schedule.run_at_minute, at);
    await setNextRun(trx, schedule.id, following.at);
    await queueScheduleRun(trx, { scheduleId: schedule.id, at: following.at, now });
    return { stale: false, started };
  });
  // The export it queued can start now rather than at the worker's next poll.
  if (result.started) deps.jobs?.nudge();
  return { status: 'done', result: { ...result } };
}

/** Emails a run's link once its file is written; a failed export fails the run with its reason. */
async function deliverRun(job: RunningJob<{ runId: number }>): Promise<JobResult> {
  const { deps } = job;
  const now = deps.clock.now();
  const run = await findRunForDelivery(deps.db, job.payload.runId);
  if (run?.status !== 'RUNNING' || run.export_id === null) return { status: 'done', result: { skipped: true } };
  const file = await findExportFile(deps.db, run.export_id);
  if (!file || file.status === 'EXPIRED') {
    await finishRun(deps.db, run.id, { status: 'FAILED', error: 'The export file was deleted before it was sent.', now });
    return { status: 'done', result: { failed: true } };
  }
  if (file.status === 'FAILED') {
    await finishRun(deps.db, run.id, { status: 'FAILED', error: file.error ?? 'The export failed.', now });
    return { status: 'done', result: { failed: true } };
  }
  if (file.status !== 'READY') return { status: 'retry', at: new Date(now.getTime() + DELIVERY_POLL_MS), reason: 'the file is being written' };
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}/downloads?export=${file.id}`;
  const day = String(run.run_day).slice(0, 10);
  // Each message goes out right after the commit; one that fails stays in the outbox, which tries again.
  const afterCommit: (() => Promise<void> | void)[] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const to of run.recipients) {
      await queueEmail(
        { db: trx, deps, now, afterCommit: (work) => void afterCommit.push(work) },
        {
          to,
          kind: 'scheduled-export',
          subject: `${run.name}: ${file.title} for ${day} is ready`,
          text: `The scheduled export "${run.name}" has written ${file.title.toLowerCase()} (${file.filterWords}): ${(file.rowsTotal ?? 0).toLocaleString('en')} rows, ${file.fileName}. Download it here (sign-in needed) until ${lagosDateTime(file.expiresAt)}: ${link}`,
          data: { link, exportId: String(file.id), schedule: run.name },
        },
        { discardAfter: new Date(file.expiresAt) },
      );
    }
    await finishRun(trx, run.id, { status: 'SENT', now });
  });
  for (const work of afterCommit) await Promise.resolve(work()).catch(() => undefined);
  return { status: 'done', result: { sent: run.recipients.length } };
}

export function scheduleRunJob(lists: ListLookup): JobDefinition<{ scheduleId: number; at: string }> {
  return { kind: SCHEDULE_RUN_JOB, run: (job) => runSchedule(lists, job) };
}

export const scheduleDeliverJob: JobDefinition<{ runId: number }> = { kind: SCHEDULE_DELIVER_JOB, maxAttempts: 20, run: deliverRun };
