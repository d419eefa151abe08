import { ApiError, badRequest } from '@traction/core';
import { read, utils } from '@e965/xlsx';
import { parse } from 'csv-parse/sync';

/**
 * Uploaded spreadsheets, read once for every upload (bulk transfers, terminal stock, terminal
 * IDs): CSV, XLSX and, where an upload takes it, the old binary XLS — all through SheetJS and
 * csv-parse. Each upload names its columns; a header row is matched without case, spaces, `-`
 * or `_`, and by the aliases people give a column.
 */
export type SpreadsheetFormat = 'csv' | 'xlsx' | 'xls';

/** One data row, each known column's text as written (trimmed; '' when absent). */
export interface SheetRow<K extends string> {
  /** 1-based, counting data rows from the one under the header, blank rows included (the spreadsheet's line less one). */
  rowNumber: number;
  cells: Record<K, string>;
}

export interface SheetColumn<K extends string> {
  key: K;
  required: boolean;
}

export interface SheetShape<K extends string> {
  columns: readonly SheetColumn<K>[];
  aliases: Readonly<Record<K, readonly string[]>>;
  /** What a row is, plural ("transfers", "terminals"), for the messages. */
  rowsAre: string;
  maxRows: number;
  /** Whether the old binary Excel format (.xls) is taken. */
  xls: boolean;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

export const normalHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A cell as text. A spreadsheet keeps numbers as numbers: 1500.5 is "1500.5", and a number typed into a cell has lost its leading zeros (the upload's checks put them back where they can). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

const formatsTaken = (shape: { xls: boolean }) => (shape.xls ? 'CSV, XLS or XLSX' : 'CSV or XLSX');

/** Each known column's index in the header row; a missing required one is a 400 naming the file field. */
function columnIndexes<K extends string>(header: readonly string[], shape: SheetShape<K>): Map<K, number> {
  const names = header.map(normalHeader);
  const found = new Map<K, number>();
  for (const column of shape.columns) {
    const accepted = new Set([normalHeader(column.key), ...shape.aliases[column.key].map(normalHeader)]);
    const index = names.findIndex((name) => accepted.has(name));
    if (index >= 0) found.set(column.key, index);
  }
  const missing = shape.columns.filter((column) => column.required && !found.has(column.key)).map((column) => column.key);
  if (missing.length > 0) {
    const columns = shape.columns.map((column) => column.key).join(', ');
    throw badRequest(`The file's first row must name its columns; ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`, [
      { field: 'file', message: `has no ${missing.join(', ')} column (the header row takes ${columns}: download the template)` },
    ]);
  }
  return found;
}

function toRows<K extends string>(records: readonly (readonly unknown[])[], shape: SheetShape<K>): SheetRow<K>[] {
  const [header, ...data] = records;
  if (!header) throw badRequest('The file is empty', [{ field: 'file', message: `is empty: it needs a header row and at least one row of ${shape.rowsAre}` }]);
  const indexes = columnIndexes(header.map(cellText), shape);
  const rows: SheetRow<K>[] = [];
  data.forEach((record, index) => {
    const texts = record.map(cellText);
    if (texts.every((text) => text === '')) return;
    const cells = {} as Record<K, string>;
    for (const column of shape.columns) {
      const at = indexes.get(column.key);
      cells[column.key] = at === undefined ? '' : (texts[at] ?? '');
    }
    rows.push({ rowNumber: index + 1, cells });
  });
  if (rows.length === 0) throw badRequest(`The file has no ${shape.rowsAre}`, [{ field: 'file', message: `has a header row but no rows of ${shape.rowsAre}` }]);
  if (rows.length > shape.maxRows) {
    const most = shape.maxRows.toLocaleString('en-NG');
    throw badRequest(`The file has ${rows.length.toLocaleString('en-NG')} ${shape.rowsAre}; one upload takes at most ${most}`, [
      { field: 'file', message: `must have at most ${most} rows: split it into several uploads` },
    ]);
  }
  return rows;
}

function parseCsv(bytes: Uint8Array, shape: { xls: boolean }): unknown[][] {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.includes('\u0000')) {
    throw new ApiError(415, shape.xls ? 'The file is not a CSV, XLS or XLSX file' : 'The file is neither CSV nor XLSX', {
      fields: [{ field: 'file', message: `must be a ${formatsTaken(shape)} file` }],
    });
  }
  // Spreadsheets set to a comma-decimal locale save CSV with semicolons.
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length);
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  try {
    return parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as unknown[][];
  } catch (error) {
    const where = error && typeof error === 'object' && 'lines' in error ? ` near line ${String((error as { lines: unknown }).lines)}` : '';
    throw badRequest(`The CSV cannot be read${where}: ${(error as Error).message}`, [{ field: 'file', message: `is not valid CSV${where}` }]);
  }
}

function parseWorkbook(bytes: Uint8Array, format: 'xlsx' | 'xls', rowsAre: string): unknown[][] {
  const name = format.toUpperCase();
  let workbook: ReturnType<typeof read>;
  try {
    workbook = read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0 });
  } catch (error) {
    throw badRequest(`The ${name} cannot be read: ${(error as Error).message}`, [{ field: 'file', message: `is not a readable ${name} workbook` }]);
  }
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet) throw badRequest('The workbook has no sheet', [{ field: 'file', message: `has no sheet: the ${rowsAre} go on the first sheet` }]);
  return utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

/**
 * Reads an uploaded spreadsheet: XLSX when its bytes are a ZIP, XLS when they are an OLE
 * compound file (and the upload takes it), otherwise CSV (UTF-8, a byte-order mark allowed,
 * commas or, in a semicolon-separated file, semicolons); the first sheet of a workbook.
 * Refuses, naming the file field, what is none of these, a header without the required columns,
 * a file without rows and one with more rows than the upload takes.
 */
export function readSpreadsheet<K extends string>(bytes: Uint8Array, shape: SheetShape<K>): { format: SpreadsheetFormat; rows: SheetRow<K>[] } {
  if (startsWith(bytes, OLE)) {
    if (!shape.xls) {
      throw new ApiError(415, 'The file is an old Excel workbook (.xls); save it as XLSX or CSV and upload that', {
        fields: [{ field: 'file', message: 'must be a CSV or XLSX file (not .xls)' }],
      });
    }
    return { format: 'xls', rows: toRows(parseWorkbook(bytes, 'xls', shape.rowsAre), shape) };
  }
  if (startsWith(bytes, ZIP)) return { format: 'xlsx', rows: toRows(parseWorkbook(bytes, 'xlsx', shape.rowsAre), shape) };
  return { format: 'csv', rows: toRows(parseCsv(bytes, shape), shape) };
}
