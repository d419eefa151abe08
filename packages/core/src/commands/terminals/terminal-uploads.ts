import { z } from 'zod';
import { defineCommand } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, timestamp } from '../../schemas/common';
import { fileField } from '../../schemas/fields';

/**
 * Terminal spreadsheets (docs/decisions.md "Terminals"): new stock from a maker's delivery note
 * (`addaccelerexterminals`) and the company's own terminal IDs for terminals already in stock
 * (`addtractionterminalids`). Every row is checked before anything is saved; `check` answers the
 * bad rows without saving, and a save with bad rows saves nothing unless told to skip them.
 */
export const TERMINAL_UPLOAD_KINDS = ['STOCK', 'TIDS'] as const;
export type TerminalUploadKind = (typeof TERMINAL_UPLOAD_KINDS)[number];
export const TERMINAL_UPLOAD_KIND_WORDS: Record<TerminalUploadKind, string> = { STOCK: 'New stock', TIDS: 'Terminal IDs' };

export const MAX_TERMINAL_UPLOAD_ROWS = 50_000;
export const MAX_TERMINAL_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The provider a stock row without one is taken to be: the upload is named for Accelerex's delivery notes. */
export const DEFAULT_UPLOAD_PROVIDER = 'Accelerex';

export const TERMINAL_STOCK_COLUMNS = [
  { key: 'serial_no', required: true, example: 'ACX-A920-000001', about: "the maker's serial number (a number alone is padded to 3 digits)" },
  { key: 'terminal_id', required: true, example: '2ACX0001', about: 'the terminal ID, 8 digits or capital letters' },
  { key: 'provider', required: false, example: 'Accelerex', about: `optional: the maker (${DEFAULT_UPLOAD_PROVIDER} when empty)` },
  { key: 'model', required: true, example: 'A920', about: 'the model' },
  { key: 'bank_code', required: true, example: '058', about: "the acquiring bank's 3-digit CBN code" },
] as const;
export type TerminalStockColumn = (typeof TERMINAL_STOCK_COLUMNS)[number]['key'];

export const TERMINAL_TID_COLUMNS = [
  { key: 'serial_no', required: true, example: 'ACX-A920-000101', about: 'the serial number of a terminal already stored' },
  { key: 'terminal_id', required: true, example: '2TRC0101', about: 'its new terminal ID' },
] as const;
export type TerminalTidColumn = (typeof TERMINAL_TID_COLUMNS)[number]['key'];

/** Other headers people give these columns (compared without case, spaces, `-` or `_`). */
export const TERMINAL_UPLOAD_HEADER_ALIASES: Readonly<Record<TerminalStockColumn, readonly string[]>> = {
  serial_no: ['serial', 'serialnumber', 'sn', 'deviceserial', 'serialno'],
  terminal_id: ['tid', 'terminalid', 'terminal'],
  provider: ['maker', 'brand', 'vendor', 'manufacturer'],
  model: ['devicemodel', 'type'],
  bank_code: ['bank', 'bankcode', 'acquirer', 'acquiringbank', 'cbncode'],
};

/** A row that cannot be saved, and why: every one is listed, not only the first. */
export const terminalUploadProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  value: z.string(),
  message: z.string(),
});
export type TerminalUploadProblem = z.infer<typeof terminalUploadProblem>;

const uploadKindField = z.enum(TERMINAL_UPLOAD_KINDS).meta({ label: 'Kind' });

export const terminalUploadRow = z.object({
  id: z.number().int(),
  kind: uploadKindField,
  fileName: z.string(),
  format: z.string(),
  rows: z.number().int(),
  saved: z.number().int(),
  skipped: z.number().int(),
  adminName: z.string().nullable(),
  createdAt: timestamp,
});

export const terminalUploadAnswer = z.object({
  /** The stored upload; null when only checked, or when nothing could be saved. */
  upload: terminalUploadRow.nullable(),
  checked: z.boolean(),
  rows: z.number().int(),
  /** Rows good to save (checked) or saved. */
  good: z.number().int(),
  problems: z.array(terminalUploadProblem),
  message: z.string(),
});

const uploadInput = z.object({
  /** Check every row and answer the bad ones; save nothing. */
  check: z.boolean().default(false).meta({ label: 'Only check' }),
  /** Save the good rows and record the bad ones; without it, a file with a bad row saves nothing. */
  skipBadRows: z.boolean().default(false).meta({ label: 'Save the good rows, skip the bad' }),
  /** The file, as the multipart part `file`: CSV, XLSX or XLS (the first sheet). */
  file: fileField,
});

const uploadDescription = (what: string, columns: readonly { key: string; required: boolean }[]) =>
  `${what} from a CSV, XLSX or XLS file (at most ${MAX_TERMINAL_UPLOAD_ROWS.toLocaleString('en-NG')} rows; columns ${columns
    .map((column) => (column.required ? column.key : `${column.key} (optional)`))
    .join(
      ', ',
    )}). Every row is checked first and every bad row is answered; with check nothing is saved, and a file with bad rows saves nothing unless skipBadRows is set.`;

export const uploadTerminalStock = defineCommand({
  id: 'terminals.upload-stock',
  group: 'terminals',
  action: 'upload-stock',
  title: 'Upload new terminals',
  description: uploadDescription(
    'New terminals into stock (a maker’s delivery note): serial numbers and terminal IDs unique in the file and among stored terminals, known providers and banks',
    TERMINAL_STOCK_COLUMNS,
  ),
  keywords: ['terminal upload', 'addaccelerexterminals', 'accelerex', 'xls', 'xlsx', 'bulk add terminals'],
  method: 'POST',
  path: '/v1/admin/addaccelerexterminals',
  permission: 'terminals.manage',
  audit: { action: (input) => (input.check === true ? 'check a terminal stock file' : 'upload new terminals into stock') },
  input: uploadInput,
  output: terminalUploadAnswer,
  example: 'traction terminals upload-stock --input-file delivery.xlsx --check',
});

export const uploadTerminalIds = defineCommand({
  id: 'terminals.upload-tids',
  group: 'terminals',
  action: 'upload-tids',
  title: 'Upload terminal IDs',
  description: uploadDescription(
    'New terminal IDs for stored terminals, found by serial number: each ID unique in the file and among other terminals; decommissioned terminals keep theirs',
    TERMINAL_TID_COLUMNS,
  ),
  keywords: ['terminal upload', 'addtractionterminalids', 'tid', 'xls', 'xlsx'],
  method: 'POST',
  path: '/v1/admin/addtractionterminalids',
  permission: 'terminals.manage',
  audit: { action: (input) => (input.check === true ? 'check a terminal ID file' : 'upload new terminal IDs') },
  input: uploadInput,
  output: terminalUploadAnswer,
  example: 'traction terminals upload-tids --input-file tids.xlsx',
});

export const terminalUploadTemplate = defineCommand({
  id: 'terminals.upload-template',
  group: 'terminals',
  action: 'upload-template',
  title: 'Download a terminal upload template',
  description: 'A CSV with the columns a terminal upload takes and an example row: new stock (STOCK) or terminal IDs (TIDS). Save it as CSV, XLSX or XLS.',
  keywords: ['terminal upload template'],
  method: 'GET',
  path: '/v1/terminal-uploads/template',
  permission: 'terminals.view',
  answers: 'file',
  input: z.object({ kind: uploadKindField.default('STOCK') }),
  output: fileAnswer,
  example: 'traction terminals upload-template --kind TIDS --out tids.csv',
});

export const listTerminalUploads = defineCommand({
  id: 'terminals.uploads',
  group: 'terminals',
  action: 'uploads',
  title: 'List terminal uploads',
  description: 'Every saved terminal upload, newest first: its kind, file, rows, how many were saved and skipped, who uploaded it and when.',
  keywords: ['terminal uploads', 'upload history'],
  method: 'GET',
  path: '/v1/terminal-uploads',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, kind: uploadKindField.optional() }),
  output: listOutput(terminalUploadRow),
  list: {
    route: '/terminal-uploads',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    detailRoute: '/terminal-uploads/{id}',
    rowName: 'fileName',
    csv: true,
    columns: [
      { key: 'createdAt', label: 'Uploaded', kind: 'datetime' },
      { key: 'kind', label: 'Kind', kind: 'enum', words: TERMINAL_UPLOAD_KIND_WORDS },
      { key: 'fileName', label: 'File', kind: 'text' },
      { key: 'rows', label: 'Rows', kind: 'number' },
      { key: 'saved', label: 'Saved', kind: 'number' },
      { key: 'skipped', label: 'Skipped', kind: 'number' },
      { key: 'adminName', label: 'By', kind: 'text', priority: 'medium' },
    ],
  },
  example: 'traction terminals uploads --kind STOCK',
});

export const getTerminalUpload = defineCommand({
  id: 'terminals.upload',
  group: 'terminals',
  action: 'upload',
  title: 'Show a terminal upload',
  description: 'One saved upload with the rows it skipped and why.',
  method: 'GET',
  path: '/v1/terminal-uploads/{id}',
  permission: 'terminals.view',
  input: z.object({ id: idField.meta({ label: 'Upload' }) }),
  output: terminalUploadRow.extend({ problems: z.array(terminalUploadProblem) }),
  example: 'traction terminals upload --id 3',
});
