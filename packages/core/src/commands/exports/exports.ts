import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { said } from '../audit/audit-description';
import { dateTimeParam, idField, okOutput, timestamp } from '../../schemas/common';

/**
 * Export jobs (issue 21, spec §2 Savings & Downloads: Downloads `/downloads`): a list's whole
 * filtered result written to a file by a job on the server, for exports too large to wait for.
 * The rows are frozen when the job starts (one consistent snapshot), written in parts that
 * survive a restart, and the file is kept for a set number of days. Paths are ours: the spec
 * names the page, not its calls.
 */
const BASE = '/v1/exports';

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_WORDS: Record<ExportStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Writing',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/**
 * Rows above which the console runs an export as a job rather than streaming it to the browser:
 * at about a hundred thousand rows a browser download takes long enough that a closed tab or a
 * dropped connection would lose it. The admin can always choose either way.
 */
export const BACKGROUND_EXPORT_ROWS = 100_000;

/** Days an export file is kept when the server is not told otherwise (TRACTION_EXPORT_RETENTION_DAYS). */
export const DEFAULT_EXPORT_RETENTION_DAYS = 7;

const exportStatusField = z.enum(EXPORT_STATUSES).meta({ label: 'Status', words: EXPORT_STATUS_WORDS });
const exportIdField = idField.meta({ label: 'Export' });

export const exportFileRow = z.object({
  id: z.number().int(),
  /** The list exported (`sales.list`) and its title. */
  commandId: z.string(),
  title: z.string(),
  /** The filters as the list took them (no paging). */
  filters: z.record(z.string(), z.unknown()),
  /** The filters in words: `Method: Card · From 1 Nov 2026`. */
  filterWords: z.string(),
  fileName: z.string(),
  status: exportStatusField,
  /** Rows the snapshot holds, once frozen. */
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  bytes: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  /** The scheduled export that made it, if any. */
  scheduleId: z.number().int().nullable(),
  scheduleName: z.string().nullable(),
  jobId: z.number().int().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  /** When its rows were frozen: the file holds the rows its filters selected at this moment. */
  frozenAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  expiresAt: timestamp,
});
export type ExportFileRow = z.infer<typeof exportFileRow>;

/** The command id of a list, as `traction export` and the console name it. */
const listIdField = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a list command id, such as sales.list')
  .meta({ label: 'List', examples: ['sales.list'] });

export const createExport = defineCommand({
  id: 'exports.create',
  group: 'downloads',
  action: 'create',
  title: 'Export a list in the background',
  description:
    'Starts an export job: every row of the list matching the filters is frozen at the start (a consistent snapshot) and written to a CSV file on the server, which appears in Downloads when ready. Needs the permission of the list exported. The file is kept for the retention period (7 days unless configured). `traction export <list> --job --out FILE` starts one with the list’s filters, waits and downloads it.',
  keywords: ['export job', 'background export', 'large export', 'downloads'],
  method: 'POST',
  path: BASE,
  permission: null,
  idempotency: 'optional',
  input: z.object({
    list: listIdField,
    /** The list's filters as its command takes them (paging and `download` are ignored). */
    filters: z.record(z.string(), z.unknown()).default({}).meta({ label: 'Filters' }),
  }),
  output: exportFileRow,
  audit: { action: (input) => `start an export of ${said(input.list)}` },
  example: 'traction downloads create --list sales.list',
});

const listColumns: readonly ListColumn[] = [
  { key: 'id', label: 'Export #', kind: 'id' },
  { key: 'title', label: 'List', kind: 'text', priority: 'high' },
  { key: 'filterWords', label: 'Filters', kind: 'sentence', priority: 'medium' },
  { key: 'status', label: 'Status', kind: 'enum', words: EXPORT_STATUS_WORDS, priority: 'high' },
  { key: 'rowsDone', label: 'Rows written', kind: 'number' },
  { key: 'rowsTotal', label: 'Rows', kind: 'number' },
  { key: 'bytes', label: 'Bytes', kind: 'number', priority: 'low' },
  { key: 'requestedByName', label: 'Asked by', kind: 'text', priority: 'medium' },
  { key: 'scheduleName', label: 'Schedule', kind: 'text', priority: 'low' },
  { key: 'createdAt', label: 'Asked at', kind: 'datetime', priority: 'high' },
  { key: 'expiresAt', label: 'Kept until', kind: 'datetime', priority: 'low' },
];

export const listExports = defineCommand({
  id: 'exports.list',
  group: 'downloads',
  action: 'list',
  title: 'List export files',
  description:
    'Downloads: export files newest first, with their progress. Everyone sees their own; admins with "downloads.view-all" see everyone’s (`mine=false`).',
  keywords: ['downloads', 'export files', 'my exports'],
  method: 'GET',
  path: BASE,
  permission: null,
  input: z.object({
    ...listPaging,
    status: exportStatusField.optional(),
    /** Only the caller's own files (default); false for everyone's, with "downloads.view-all". */
    mine: z.boolean().default(true).meta({ label: 'Only mine' }),
    startdatetime: dateTimeParam.optional().meta({ label: 'Asked from' }),
    enddatetime: dateTimeParam.optional().meta({ label: 'Asked to' }),
  }),
  output: listOutput(exportFileRow),
  list: {
    route: '/downloads',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'title',
    csv: true,
    exportJobs: false,
    columns: listColumns,
  },
  example: 'traction downloads list --status READY',
});

export const getExport = defineCommand({
  id: 'exports.get',
  group: 'downloads',
  action: 'show',
  title: 'Show an export file',
  description: 'One export file: its list and filters, progress and when it expires.',
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: null,
  input: z.object({ id: exportIdField }),
  output: exportFileRow,
  example: 'traction downloads show --id 12',
});

export const downloadExport = defineCommand({
  id: 'exports.download',
  group: 'downloads',
  action: 'get',
  title: 'Download an export file',
  description: 'The file of a ready export, as CSV. Its own admin, or one with "downloads.view-all", may download it until it expires.',
  method: 'GET',
  path: `${BASE}/{id}/file`,
  permission: null,
  answers: 'file',
  input: z.object({ id: exportIdField }),
  output: fileAnswer,
  example: 'traction downloads get --id 12 --out sales.csv',
});

export const deleteExport = defineCommand({
  id: 'exports.delete',
  group: 'downloads',
  action: 'delete',
  title: 'Delete an export file',
  description: 'Deletes an export file now rather than when it expires; an export still being written is stopped.',
  method: 'DELETE',
  path: `${BASE}/{id}`,
  permission: null,
  danger: 'confirm',
  input: z.object({ id: exportIdField }),
  output: okOutput,
  audit: { action: (input) => `delete export file #${said(input.id)}` },
  example: 'traction downloads delete --id 12 --yes',
});
