import { commandsById, type ScheduleDateRange } from '@traction/core';
import type { AppDeps } from '../deps';
import { queueScheduleRun } from '../domains/exports/schedule-run-job';
import { minuteOfDay, nextRun } from '../domains/exports/schedule-times';
import { insertSchedule } from '../domains/exports/schedules.repository';
import { demoAdmin } from './seed-approvals';

interface DemoSchedule {
  name: string;
  list: string;
  dateRange: ScheduleDateRange;
  time: string;
  recipients: string[];
  active: boolean;
  filters?: Record<string, unknown>;
}

/** The nightly CSVs ops ran from cron, as schedules: one paused. */
const SCHEDULES: readonly DemoSchedule[] = [
  { name: 'Nightly sales', list: 'sales.list', dateRange: 'YESTERDAY', time: '01:30', recipients: ['ops@traction.ng', 'finance@traction.ng'], active: true },
  { name: 'Weekly card payments', list: 'payments.list', dateRange: 'LAST_7_DAYS', time: '06:00', recipients: ['settlements@traction.ng'], active: true },
  { name: 'Merchant directory (paused)', list: 'merchants.list', dateRange: 'NONE', time: '02:00', recipients: ['ops@traction.ng'], active: false },
];

/**
 * Scheduled exports made by an Operations admin, for lists that admin may read (once): their next
 * runs are queued like any schedule's, so a demo server left running past 01:30 runs one.
 */
export async function seedExportSchedules(deps: AppDeps): Promise<{ schedules: number }> {
  const { db } = deps;
  if (await db.selectFrom('export_schedules').select('id').limit(1).executeTakeFirst()) return { schedules: 0 };
  const admin = await demoAdmin(db, 'Operations');
  if (!admin) return { schedules: 0 };
  const now = deps.clock.now();
  let made = 0;
  for (const schedule of SCHEDULES) {
    const command = commandsById.get(schedule.list);
    if (!command?.list || (command.permission && !admin.permissions.has(command.permission))) continue;
    const minute = minuteOfDay(schedule.time);
    const next = schedule.active ? nextRun(minute, now) : null;
    const id = await insertSchedule(db, {
      name: schedule.name,
      commandId: schedule.list,
      filters: schedule.filters ?? {},
      dateRange: schedule.dateRange,
      minute,
      recipients: schedule.recipients,
      active: schedule.active,
      nextRunAt: next?.at ?? null,
      createdBy: admin.id,
      now,
    });
    if (next) await queueScheduleRun(db, { scheduleId: id, at: next.at, now });
    made += 1;
  }
  return { schedules: made };
}
