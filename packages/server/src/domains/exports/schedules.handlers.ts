import {
  badRequest,
  createExportSchedule,
  deleteExportSchedule,
  getExportSchedule,
  listExportSchedules,
  listTitle,
  notFound,
  runExportScheduleNow,
  updateExportSchedule,
} from '@traction/core';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { exportFilters, filterWords } from './export-filters';
import { exportableList } from './exports.handlers';
import { findExportFile } from './exports.repository';
import type { ListLookup } from './list-lookup';
import { lagosDay, minuteOfDay, nextRun } from './schedule-times';
import { queueScheduleRun, startScheduleRun } from './schedule-run-job';
import {
  deleteSchedule,
  filterSchedules,
  insertSchedule,
  lockSchedule,
  runQuery,
  scheduleQuery,
  toRunRow,
  toScheduleRow,
  updateSchedule,
} from './schedules.repository';

export function scheduleImplementations(lists: ListLookup) {
  const describe = (commandId: string, filters: Record<string, unknown>) => {
    const command = lists(commandId)?.command;
    return command ? { title: listTitle(command), words: filterWords(command, filters) } : { title: commandId, words: '' };
  };

  /** The schedule's filters checked against its list, without the date range (each run sets its own). */
  const scheduleFilters = (ctx: HandlerContext, commandId: string, raw: Record<string, unknown>, dateRange: string) => {
    const list = exportableList(lists, ctx, commandId);
    const range = list.command.list?.dateRange;
    if (dateRange !== 'NONE' && !range) {
      throw badRequest(`${list.command.title} has no date range, so its schedule must export every row (date range NONE).`, [
        { field: 'dateRange', message: 'must be NONE: the list has no date range' },
      ]);
    }
    const filters = exportFilters(list.command, raw);
    if (range) {
      delete filters[range.from];
      delete filters[range.to];
    }
    return filters;
  };

  const findRow = async (db: Db, id: number) => {
    const row = await scheduleQuery(db).where('s.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`There is no scheduled export #${id}.`);
    return toScheduleRow(row, describe);
  };

  const list = implementList(listExportSchedules, ({ input, ctx }) => {
    const query = filterSchedules(scheduleQuery(ctx.db), { active: input.active });
    return {
      query,
      cursor: { column: 's.id', key: 'id' as const, direction: 'desc' as const },
      map: (row: RowOf<typeof scheduleQuery>) => toScheduleRow(row, describe),
    };
  });

  const get = implement(getExportSchedule, async ({ input, ctx }) => {
    const schedule = await findRow(ctx.db, input.id);
    const runs = await runQuery(ctx.db).where('r.schedule_id', '=', input.id).orderBy('r.id', 'desc').limit(30).execute();
    return { ...schedule, runs: runs.map(toRunRow) };
  });

  const create = implement(createExportSchedule, async ({ input, ctx }) => {
    const admin = requireAdmin(ctx);
    const filters = scheduleFilters(ctx, input.list, input.filters, input.dateRange);
    const minute = minuteOfDay(input.time);
    const next = input.active ? nextRun(minute, ctx.now) : null;
    const id = await insertSchedule(ctx.db, {
      name: input.name,
      commandId: input.list,
      filters,
      dateRange: input.dateRange,
      minute,
      recipients: [...new Set(input.recipients)],
      active: input.active,
      nextRunAt: next?.at ?? null,
      createdBy: admin.id,
      now: ctx.now,
    });
    if (next) await queueScheduleRun(ctx.db, { scheduleId: id, at: next.at, now: ctx.now });
    return findRow(ctx.db, id);
  });

  const update = implement(updateExportSchedule, async ({ input, ctx }) => {
    const current = await lockSchedule(ctx.db, input.id);
    if (!current) throw notFound(`There is no scheduled export #${input.id}.`);
    const dateRange = input.dateRange ?? current.date_range;
    const filters = scheduleFilters(ctx, current.command_id, input.filters ?? current.filters, dateRange);
    const minute = input.time ? minuteOfDay(input.time) : current.run_at_minute;
    const active = input.active ?? current.active;
    // A new time, or waking a paused schedule, queues the next run afresh; the run queued before finds itself stale.
    const next = active ? (minute === current.run_at_minute && current.active && current.next_run_at ? null : nextRun(minute, ctx.now)) : null;
    await updateSchedule(ctx.db, input.id, {
      name: input.name ?? current.name,
      filters,
      dateRange,
      minute,
      recipients: input.recipients ? [...new Set(input.recipients)] : current.recipients,
      active,
      ...(next ? { nextRunAt: next.at } : active ? {} : { nextRunAt: null }),
      now: ctx.now,
    });
    if (next) await queueScheduleRun(ctx.db, { scheduleId: input.id, at: next.at, now: ctx.now });
    return findRow(ctx.db, input.id);
  });

  const remove = implement(deleteExportSchedule, async ({ input, ctx }) => {
    const schedule = await findRow(ctx.db, input.id);
    await deleteSchedule(ctx.db, input.id);
    return { ok: true as const, message: `Scheduled export "${schedule.name}" deleted; its files stay in Downloads until they expire.` };
  });

  const runNow = implement(runExportScheduleNow, async ({ input, ctx }) => {
    const schedule = await lockSchedule(ctx.db, input.id);
    if (!schedule) throw notFound(`There is no scheduled export #${input.id}.`);
    // Run as the admin who asks: they must be able to read the list themselves.
    exportableList(lists, ctx, schedule.command_id);
    const started = await startScheduleRun(
      ctx.deps,
      ctx.db,
      lists,
      { ...schedule, created_by: requireAdmin(ctx).id },
      { day: lagosDay(ctx.now), manual: true, now: ctx.now },
    );
    if (!started) throw badRequest(`Scheduled export #${input.id} could not start: its list no longer exists.`);
    ctx.afterCommit(() => ctx.deps.jobs?.nudge());
    const run = await runQuery(ctx.db).where('r.id', '=', started.runId).executeTakeFirstOrThrow();
    return { run: toRunRow(run), export: (await findExportFile(ctx.db, started.exportId))! };
  });

  return [list, get, create, update, remove, runNow];
}
