import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, searchField, timestamp } from '../../schemas/common';
import { fileField } from '../../schemas/fields';
import { said } from '../audit/audit-description';

/**
 * Versioned field sheets (docs/decisions.md "Versioned sheets"): the Terminal Mastersheet, the
 * Terminal Location Sheet and the Terminal Weekly Visitation Sheet are spreadsheets the merchant
 * support team keeps outside the system and uploads whole. Each upload of a source is its next
 * version; rows are kept as written, keyed (by TID) so two versions can be compared, linked to
 * the terminal and merchant the system knows, and flagged where they contradict it. Paths are the
 * spec's `/v1/merchantvisitation/{source}` with `versions` and `logged`; `compare` and `template` are ours.
 */

/** The sources, as the path segment and console route name them. */
export const SHEET_SOURCES = ['terminal-mastersheet', 'terminal-location-sheet', 'terminal-weekly-visitation-sheet'] as const;
export type SheetSource = (typeof SHEET_SOURCES)[number];
export const SHEET_SOURCE_WORDS: Record<SheetSource, string> = {
  'terminal-mastersheet': 'Terminal Mastersheet',
  'terminal-location-sheet': 'Terminal Location Sheet',
  'terminal-weekly-visitation-sheet': 'Terminal Weekly Visitation Sheet',
};

export const MAX_SHEET_ROWS = 20_000;
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;

/** What a cell of a column must hold; anything else makes the row bad. */
export type SheetCellRule = 'text' | 'tid' | 'integer' | 'latitude' | 'longitude' | 'yes-no' | 'date';

export interface SheetColumnSpec {
  /** The key the cell is kept under. */
  key: string;
  /** The header as the sheet names it. */
  label: string;
  required: boolean;
  rule: SheetCellRule;
  example: string;
  about: string;
  /** Other headers people give it (compared without case, spaces, `-` or `_`). */
  aliases: readonly string[];
}

const tid = {
  key: 'tid',
  label: 'TID',
  required: true,
  rule: 'tid',
  example: '2ACX0001',
  about: 'the terminal ID, 8 digits or capital letters',
  aliases: ['terminalid', 'terminal'],
} as const;
const merchantName = {
  key: 'merchant_name',
  label: 'Merchant Name',
  required: false,
  rule: 'text',
  example: 'Ada Stores',
  about: 'the merchant as the field team knows it',
  aliases: ['merchant', 'business', 'businessname'],
} as const;
const state = { key: 'state', label: 'State', required: false, rule: 'text', example: 'Lagos', about: 'the state', aliases: [] } as const;
const address = {
  key: 'address',
  label: 'Address',
  required: false,
  rule: 'text',
  example: '12 Allen Avenue, Ikeja',
  about: 'the street address',
  aliases: [],
} as const;

/** Each source's columns, in the order its template lists them. */
export const SHEET_COLUMNS: Record<SheetSource, readonly SheetColumnSpec[]> = {
  'terminal-mastersheet': [
    {
      key: 'serial_no',
      label: 'Serial No',
      required: false,
      rule: 'text',
      example: 'ACX-A920-000001',
      about: "the maker's serial number",
      aliases: ['serial', 'serialnumber', 'sn'],
    },
    tid,
    {
      key: 'merchant_id',
      label: 'Merchant ID',
      required: false,
      rule: 'integer',
      example: '12',
      about: "the merchant's number in the console",
      aliases: ['businessid', 'merchantno'],
    },
    merchantName,
    state,
    address,
    { key: 'status', label: 'Status', required: false, rule: 'text', example: 'Deployed', about: 'what the field team calls its state', aliases: [] },
  ],
  'terminal-location-sheet': [
    tid,
    state,
    { key: 'lga', label: 'LGA', required: false, rule: 'text', example: 'Ikeja', about: 'the local government area', aliases: ['localgovernment'] },
    address,
    { key: 'latitude', label: 'Latitude', required: false, rule: 'latitude', example: '6.6018', about: 'decimal degrees, -90 to 90', aliases: ['lat'] },
    {
      key: 'longitude',
      label: 'Longitude',
      required: false,
      rule: 'longitude',
      example: '3.3515',
      about: 'decimal degrees, -180 to 180',
      aliases: ['lng', 'long', 'lon'],
    },
  ],
  'terminal-weekly-visitation-sheet': [
    {
      key: 'week_starting',
      label: 'Week starting',
      required: true,
      rule: 'date',
      example: '2026-11-23',
      about: 'the Monday of the week, YYYY-MM-DD',
      aliases: ['week', 'weekof'],
    },
    tid,
    merchantName,
    { key: 'officer', label: 'Officer', required: false, rule: 'text', example: 'Adaeze Okafor', about: 'who visited', aliases: ['agent', 'visitedby'] },
    { key: 'visited', label: 'Visited (Y/N)', required: true, rule: 'yes-no', example: 'Y', about: 'Y or N', aliases: ['visited', 'visitedyn'] },
    {
      key: 'notes',
      label: 'Notes',
      required: false,
      rule: 'text',
      example: 'Terminal working; paper roll left',
      about: 'what was found',
      aliases: ['comment', 'remarks'],
    },
  ],
};

/** The columns whose cells, joined with ` / `, are a row's key: one row per key in a version, and what versions are compared by. */
export const SHEET_KEY_COLUMNS: Record<SheetSource, readonly string[]> = {
  'terminal-mastersheet': ['tid'],
  'terminal-location-sheet': ['tid'],
  'terminal-weekly-visitation-sheet': ['week_starting', 'tid'],
};

/** A row that cannot be kept, and why (the terminal uploads' shape): every one is answered, not only the first. */
export const sheetProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  message: z.string(),
});
export type SheetProblem = z.infer<typeof sheetProblem>;

export const sheetSourceField = z.enum(SHEET_SOURCES).meta({ label: 'Sheet', words: SHEET_SOURCE_WORDS });
const versionNumber = z.number().int().min(1).max(1_000_000);
const tagField = z.string().trim().max(80, 'must be at most 80 characters');

export const sheetVersionRow = z.object({
  id: z.number().int(),
  source: sheetSourceField,
  /** 1, 2, 3 … per source. */
  version: z.number().int(),
  /** What the uploader called it ("November field audit"); empty when none. */
  tag: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  /** Rows that contradict the system (a terminal at another merchant). */
  flaggedCount: z.number().int(),
  /** Rows that name a terminal the system knows. */
  linkedCount: z.number().int(),
  uploadedBy: z.string().nullable(),
  uploadedAt: timestamp,
});
export type SheetVersionRow = z.infer<typeof sheetVersionRow>;

export const sheetRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** The row's line in the file, less the header. */
  rowNumber: z.number().int(),
  /** The key columns' cells, joined with ` / ` (the TID; on the weekly sheet the week and the TID). */
  key: z.string(),
  /** The TID as written (upper-case). */
  tid: z.string(),
  merchantName: z.string(),
  /** Every column's cell as written, by column key. */
  cells: z.record(z.string(), z.string()),
  /** The other cells in words: `State: Lagos · Address: 12 Allen Avenue`. */
  details: z.string(),
  /** The terminal the row names, when the system knows it (console id). */
  terminalId: z.number().int().nullable(),
  /** The merchant the row names, or else the one the system maps the terminal to. */
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  /** Where the row contradicts the system; null when it does not. */
  flag: z.string().nullable(),
});
export type SheetRowOut = z.infer<typeof sheetRow>;

const answerRow = sheetRow;

export const sheetUploadAnswer = z.object({
  /** The stored version; null when only checked. */
  version: sheetVersionRow.nullable(),
  checked: z.boolean(),
  rows: z.number().int(),
  /** Rows good to keep (checked) or kept. */
  good: z.number().int(),
  /** Good rows that contradict the system: kept, and flagged. */
  flagged: z.number().int(),
  problems: z.array(sheetProblem),
  message: z.string(),
});

const sheetsExample = (rest: string) => `traction sheets ${rest}`;

export const listSheetRows = defineCommand({
  id: 'sheets.rows',
  group: 'sheets',
  action: 'rows',
  title: 'List a sheet’s rows',
  description:
    'The rows of one version of a sheet (the latest unless version is given), in the file’s order, each linked to the terminal and merchant the system knows and flagged where it contradicts the system. Search matches the TID or key exactly, the serial number, or the start of the merchant name.',
  keywords: ['terminal mastersheet', 'terminal location sheet', 'weekly visitation sheet', 'merchantvisitation', 'sheet rows'],
  method: 'GET',
  path: '/v1/merchantvisitation/{source}',
  permission: 'sheets.view',
  input: z.object({
    ...listPaging,
    source: sheetSourceField,
    search: searchField.optional(),
    version: versionNumber.optional().meta({ label: 'Version' }),
    flagged: z.boolean().optional().meta({ label: 'Flagged only' }),
  }),
  output: listOutput(sheetRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'key',
    csv: true,
    columns: [
      { key: 'rowNumber', label: 'Row', kind: 'number', width: 6, priority: 'low' },
      { key: 'key', label: 'Key', kind: 'text', width: 22, priority: 'high', card: 'title' },
      { key: 'merchantName', label: 'Merchant (sheet)', kind: 'text', priority: 'high' },
      { key: 'details', label: 'Details', kind: 'sentence', priority: 'medium' },
      { key: 'businessName', label: 'Merchant (system)', kind: 'text', priority: 'high' },
      { key: 'flag', label: 'Flag', kind: 'sentence', priority: 'high' },
    ],
  },
  example: sheetsExample('rows --source terminal-mastersheet --search 2ACX --flagged'),
});

export const uploadSheet = defineCommand({
  id: 'sheets.upload',
  group: 'sheets',
  action: 'upload',
  title: 'Upload a sheet version',
  description: `A new version of a sheet from a CSV or XLSX file (at most ${MAX_SHEET_ROWS.toLocaleString('en-NG')} rows, the first sheet of a workbook; the columns are the template's). Every row is checked first: a file with a bad row (no TID, a TID twice, a number or date that is not one) is refused whole with every bad row named. Rows that contradict the system are kept and flagged. version is the version you expect to make: refused (409) if another upload took it. With check nothing is kept.`,
  keywords: ['upload sheet', 'new mastersheet version', 'merchantvisitation', 'xlsx', 'csv'],
  method: 'POST',
  path: '/v1/merchantvisitation/{source}',
  permission: 'sheets.upload',
  audit: {
    action: (input) =>
      input.check === true
        ? `check a ${SHEET_SOURCE_WORDS[input.source as SheetSource] ?? 'sheet'} file`
        : `upload ${SHEET_SOURCE_WORDS[input.source as SheetSource] ?? 'a sheet'}${said(input.version) ? ` version ${said(input.version)}` : ''}`,
  },
  input: z.object({
    source: sheetSourceField,
    /** The version this upload is expected to become; omitted: the next one. */
    version: versionNumber.optional().meta({ label: 'Expected version (leave empty for the next)' }),
    tag: tagField.optional().meta({ label: 'Tag' }),
    /** Check every row and answer the bad ones; keep nothing. */
    check: z.boolean().default(false).meta({ label: 'Only check' }),
    /** The file, as the multipart part `file`: CSV or XLSX. */
    file: fileField,
  }),
  output: sheetUploadAnswer,
  example: sheetsExample('upload --source terminal-mastersheet --input-version 3 --tag "November audit" --input-file mastersheet.xlsx'),
});

export const listSheetVersions = defineCommand({
  id: 'sheets.versions',
  group: 'sheets',
  action: 'versions',
  title: 'List a sheet’s versions',
  description:
    'Every uploaded version of a sheet, newest first: its tag, file, rows, flagged rows, who uploaded it and when. Filter by upload date; search matches the tag.',
  keywords: ['sheet versions', 'mastersheet history'],
  method: 'GET',
  path: '/v1/merchantvisitation/{source}/versions',
  permission: 'sheets.view',
  input: z.object({
    ...listPaging,
    source: sheetSourceField,
    search: searchField.optional().meta({ label: 'Tag' }),
    startdatetime: dateTimeParam.optional().meta({ label: 'From' }),
    enddatetime: dateTimeParam.optional().meta({ label: 'To' }),
  }),
  output: listOutput(sheetVersionRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'fileName',
    csv: true,
    columns: [
      { key: 'version', label: 'Version', kind: 'number', width: 8, priority: 'high', card: 'title' },
      { key: 'tag', label: 'Tag', kind: 'text', priority: 'high' },
      { key: 'fileName', label: 'File', kind: 'text' },
      { key: 'rowCount', label: 'Rows', kind: 'number' },
      { key: 'linkedCount', label: 'Linked', kind: 'number', priority: 'low' },
      { key: 'flaggedCount', label: 'Flagged', kind: 'number' },
      { key: 'uploadedBy', label: 'By', kind: 'text', priority: 'medium' },
      { key: 'uploadedAt', label: 'Uploaded', kind: 'datetime' },
    ],
  },
  example: sheetsExample('versions --source terminal-mastersheet --startdatetime 2026-11-01'),
});

export const listSheetLogged = defineCommand({
  id: 'sheets.logged',
  group: 'sheets',
  action: 'logged',
  title: 'Show what a sheet logged for a terminal',
  description:
    'Every version’s row for one terminal (by TID or serial number) on a sheet, newest version first: how the sheet has logged it over time, with the version, its upload date and any flag.',
  keywords: ['terminal sheet history', 'logged', 'visitation logged'],
  method: 'GET',
  path: '/v1/merchantvisitation/{source}/logged',
  permission: 'sheets.view',
  input: z.object({
    ...listPaging,
    source: sheetSourceField,
    terminal: z.string().trim().min(1, 'must name a TID or serial number').max(60).meta({ label: 'TID or serial number' }),
  }),
  output: listOutput(answerRow.extend({ uploadedAt: timestamp, tag: z.string() })),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    rowName: 'key',
    csv: true,
    columns: [
      { key: 'version', label: 'Version', kind: 'number', width: 8, priority: 'high' },
      { key: 'uploadedAt', label: 'Uploaded', kind: 'datetime' },
      { key: 'key', label: 'Key', kind: 'text', priority: 'high', card: 'title' },
      { key: 'merchantName', label: 'Merchant (sheet)', kind: 'text' },
      { key: 'details', label: 'Details', kind: 'sentence' },
      { key: 'flag', label: 'Flag', kind: 'sentence' },
    ],
  },
  example: sheetsExample('logged --source terminal-mastersheet --terminal 2ACX0001'),
});

/** A row whose key is in both versions with some cell changed. */
export const sheetChangedRow = z.object({
  key: z.string(),
  before: sheetRow,
  after: sheetRow,
  /** The column keys whose cells differ, in the sheet's column order. */
  changedColumns: z.array(z.string()),
});

export const compareSheetVersions = defineCommand({
  id: 'sheets.compare',
  group: 'sheets',
  action: 'compare',
  title: 'Compare two sheet versions',
  description:
    'The rows one version added, removed and changed against another, by key (the TID; on the weekly sheet the week and the TID), with the changed cells named. to defaults to the latest version, from to the one before it.',
  keywords: ['sheet differences', 'diff mastersheet', 'compare versions'],
  method: 'GET',
  path: '/v1/merchantvisitation/{source}/compare',
  permission: 'sheets.view',
  input: z.object({
    source: sheetSourceField,
    from: versionNumber.optional().meta({ label: 'From version' }),
    to: versionNumber.optional().meta({ label: 'To version' }),
  }),
  output: z.object({
    source: sheetSourceField,
    from: sheetVersionRow,
    to: sheetVersionRow,
    /** The columns of the source, for showing cells in order. */
    columns: z.array(z.object({ key: z.string(), label: z.string() })),
    added: z.array(sheetRow),
    removed: z.array(sheetRow),
    changed: z.array(sheetChangedRow),
    unchanged: z.number().int(),
    message: z.string(),
  }),
  example: sheetsExample('compare --source terminal-mastersheet --from 1 --to 2'),
});

export const sheetTemplate = defineCommand({
  id: 'sheets.template',
  group: 'sheets',
  action: 'template',
  title: 'Download a sheet template',
  description: 'A CSV with the columns a sheet takes and an example row. Save it as CSV or XLSX.',
  keywords: ['sheet template', 'mastersheet template'],
  method: 'GET',
  path: '/v1/merchantvisitation/{source}/template',
  permission: 'sheets.view',
  answers: 'file',
  input: z.object({ source: sheetSourceField }),
  output: fileAnswer,
  example: sheetsExample('template --source terminal-location-sheet --out location.csv'),
});
