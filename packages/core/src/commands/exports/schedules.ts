import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { emailField, idField, okOutput, textField, timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';
import { timeOfDayField } from '../payments/payment-schemas';
import { exportFileRow } from './exports';

/**
 * Scheduled exports (issue 21, spec §2 Others: `/schedules-management`): the nightly CSVs ops ran
 * from cron, kept on the server. A schedule names a list, its filters, a date range relative to
 * the day it runs, a time of day in Lagos and who gets the link; each run writes an export file
 * (Downloads) and emails its link. A schedule runs at most once for a Lagos day, however many
 * server processes are up. Paths are ours.
 */
const BASE = '/v1/export-schedules';

/** Date ranges relative to the run's Lagos day. */
export const SCHEDULE_DATE_RANGES = ['NONE', 'TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'THIS_MONTH', 'LAST_MONTH'] as const;
export type ScheduleDateRange = (typeof SCHEDULE_DATE_RANGES)[number];
export const SCHEDULE_DATE_RANGE_WORDS: Record<ScheduleDateRange, string> = {
  NONE: 'Every row (no date range)',
  TODAY: 'The day it runs, so far',
  YESTERDAY: 'Yesterday',
  LAST_7_DAYS: 'The last 7 days (to yesterday)',
  LAST_30_DAYS: 'The last 30 days (to yesterday)',
  THIS_MONTH: 'This month, so far',
  LAST_MONTH: 'Last month',
};

export const SCHEDULE_RUN_STATUSES = ['RUNNING', 'SENT', 'FAILED'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];
export const SCHEDULE_RUN_STATUS_WORDS: Record<ScheduleRunStatus, string> = { RUNNING: 'Running', SENT: 'Sent', FAILED: 'Failed' };

/** Recipients a schedule may email. */
export const MAX_SCHEDULE_RECIPIENTS = 20;

const dateRangeField = z.enum(SCHEDULE_DATE_RANGES).meta({ label: 'Date range', words: SCHEDULE_DATE_RANGE_WORDS });
const scheduleIdField = idField.meta({ label: 'Schedule' });

/** `HH:MM`, 24-hour, Lagos time. */
const scheduleTimeField = timeOfDayField.meta({ label: 'Time (Lagos)' });

const scheduleFields = {
  name: textField(80).min(3).meta({ label: 'Name' }),
  /** The list exported, by its command id (`sales.list`). */
  list: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a list command id, such as sales.list')
    .meta({ label: 'List', examples: ['sales.list'] }),
  /** The list's filters besides its date range. */
  filters: z.record(z.string(), z.unknown()).default({}).meta({ label: 'Filters' }),
  dateRange: dateRangeField.default('YESTERDAY'),
  time: scheduleTimeField,
  recipients: z.array(emailField).min(1, 'needs at least one email address').max(MAX_SCHEDULE_RECIPIENTS).meta({ label: 'Recipients' }),
  active: z.boolean().default(true).meta({ label: 'Active' }),
};

export const exportScheduleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  commandId: z.string(),
  title: z.string(),
  filters: z.record(z.string(), z.unknown()),
  filterWords: z.string(),
  dateRange: dateRangeField,
  time: z.string(),
  recipients: z.array(z.string()),
  active: z.boolean(),
  /** The next run, when active. */
  nextRunAt: timestamp.nullable(),
  lastRunAt: timestamp.nullable(),
  lastRunStatus: z.enum(SCHEDULE_RUN_STATUSES).meta({ label: 'Last run', words: SCHEDULE_RUN_STATUS_WORDS }).nullable(),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
});
export type ExportScheduleRow = z.infer<typeof exportScheduleRow>;

export const scheduleRunRow = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  /** The Lagos day it ran for (`2026-11-27`). */
  runDay: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES).meta({ label: 'Status', words: SCHEDULE_RUN_STATUS_WORDS }),
  manual: z.boolean(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  exportId: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
});
export type ScheduleRunRow = z.infer<typeof scheduleRunRow>;

export const exportScheduleDetail = exportScheduleRow.extend({ runs: z.array(scheduleRunRow) });

const scheduleColumns: readonly ListColumn[] = [
  { key: 'id', label: 'Schedule #', kind: 'id' },
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'title', label: 'List', kind: 'text', priority: 'high' },
  { key: 'dateRange', label: 'Date range', kind: 'enum', words: SCHEDULE_DATE_RANGE_WORDS },
  { key: 'time', label: 'Time (Lagos)', kind: 'text', width: 6 },
  { key: 'recipients', label: 'Recipients', kind: 'tags', priority: 'low' },
  { key: 'active', label: 'Active', kind: 'boolean' },
  { key: 'nextRunAt', label: 'Next run', kind: 'datetime' },
  { key: 'lastRunStatus', label: 'Last run', kind: 'enum', words: SCHEDULE_RUN_STATUS_WORDS, priority: 'low' },
];

export const listExportSchedules = defineCommand({
  id: 'schedules.list',
  group: 'schedules',
  action: 'list',
  title: 'List scheduled exports',
  description: 'Schedules Management: the exports run every day at a set time (Lagos), with their next and last runs.',
  keywords: ['schedules management', 'scheduled exports', 'nightly csv', 'cron'],
  method: 'GET',
  path: BASE,
  permission: 'schedules.view',
  input: z.object({ ...listPaging, active: z.boolean().optional().meta({ label: 'Active' }) }),
  output: listOutput(exportScheduleRow),
  list: { route: '/schedules-management', pageSize: PAGE_SIZE, rowKey: 'id', rowName: 'name', csv: true, exportJobs: false, columns: scheduleColumns },
  example: 'traction schedules list',
});

export const getExportSchedule = defineCommand({
  id: 'schedules.get',
  group: 'schedules',
  action: 'show',
  title: 'Show a scheduled export',
  description: 'One scheduled export with its latest runs.',
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: 'schedules.view',
  input: z.object({ id: scheduleIdField }),
  output: exportScheduleDetail,
  example: 'traction schedules show --id 3',
});

export const createExportSchedule = defineCommand({
  id: 'schedules.create',
  group: 'schedules',
  action: 'create',
  title: 'Create a scheduled export',
  description:
    'Exports a list every day at a time of day (Lagos), with its filters and a date range relative to that day, and emails the file’s link to the recipients. The list must be one you may read.',
  method: 'POST',
  path: BASE,
  permission: 'schedules.manage',
  idempotency: 'optional',
  input: z.object(scheduleFields),
  output: exportScheduleRow,
  audit: { action: (input) => `create the scheduled export "${said(input.name)}" of ${said(input.list)}` },
  example: 'traction schedules create --name "Nightly sales" --list sales.list --date-range YESTERDAY --time 01:30 --recipients ops@traction.ng',
});

export const updateExportSchedule = defineCommand({
  id: 'schedules.update',
  group: 'schedules',
  action: 'update',
  title: 'Change a scheduled export',
  description: 'Changes a schedule’s name, filters, date range, time, recipients, or pauses it (`active=false`).',
  method: 'PATCH',
  path: `${BASE}/{id}`,
  permission: 'schedules.manage',
  input: z.object({
    id: scheduleIdField,
    name: scheduleFields.name.optional(),
    filters: z.record(z.string(), z.unknown()).optional().meta({ label: 'Filters' }),
    dateRange: dateRangeField.optional(),
    time: scheduleTimeField.optional(),
    recipients: scheduleFields.recipients.optional(),
    active: z.boolean().optional().meta({ label: 'Active' }),
  }),
  output: exportScheduleRow,
  audit: { action: (input) => `change scheduled export #${said(input.id)}` },
  example: 'traction schedules update --id 3 --time 02:00',
});

export const deleteExportSchedule = defineCommand({
  id: 'schedules.delete',
  group: 'schedules',
  action: 'delete',
  title: 'Delete a scheduled export',
  description: 'Deletes a schedule and its run history; files it made stay in Downloads until they expire.',
  method: 'DELETE',
  path: `${BASE}/{id}`,
  permission: 'schedules.manage',
  danger: 'confirm',
  input: z.object({ id: scheduleIdField }),
  output: okOutput,
  audit: { action: (input) => `delete scheduled export #${said(input.id)}` },
  example: 'traction schedules delete --id 3 --yes',
});

export const runExportScheduleNow = defineCommand({
  id: 'schedules.run-now',
  group: 'schedules',
  action: 'run-now',
  title: 'Run a scheduled export now',
  description: 'Runs a schedule now, for today’s date range, as an extra run: its daily run still happens at its time.',
  method: 'POST',
  path: `${BASE}/{id}/run`,
  permission: 'schedules.manage',
  idempotency: 'optional',
  input: z.object({ id: scheduleIdField }),
  output: z.object({ run: scheduleRunRow, export: exportFileRow }),
  audit: { action: (input) => `run scheduled export #${said(input.id)} now` },
  example: 'traction schedules run-now --id 3',
});
