import { ApiError, BULK_TRANSFER_COLUMNS, BULK_TRANSFER_HEADER_ALIASES, badRequest, type BulkTransferColumn, MAX_BULK_TRANSFER_ROWS } from '@traction/core';
import { read, utils } from '@e965/xlsx';
import { parse } from 'csv-parse/sync';

/** One data row of a file, each column's text as written (trimmed; '' when absent). */
export interface FileRow {
  /** 1-based, counting data rows from the one under the header, blank rows included (so it is the spreadsheet's line less one). */
  rowNumber: number;
  cells: Record<BulkTransferColumn, string>;
}

export interface ParsedBulkFile {
  format: 'csv' | 'xlsx';
  rows: FileRow[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

const normalHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each known column's index in the header row. */
function columnIndexes(header: readonly string[]): Map<BulkTransferColumn, number> {
  const names = header.map(normalHeader);
  const found = new Map<BulkTransferColumn, number>();
  for (const column of BULK_TRANSFER_COLUMNS) {
    const accepted = new Set([normalHeader(column.key), ...BULK_TRANSFER_HEADER_ALIASES[column.key].map(normalHeader)]);
    const index = names.findIndex((name) => accepted.has(name));
    if (index >= 0) found.set(column.key, index);
  }
  const missing = BULK_TRANSFER_COLUMNS.filter((column) => column.required && !found.has(column.key)).map((column) => column.key);
  if (missing.length > 0) {
    const columns = BULK_TRANSFER_COLUMNS.map((column) => column.key).join(', ');
    throw badRequest(`The file's first row must name its columns; ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing`, [
      { field: 'file', message: `has no ${missing.join(', ')} column (the header row takes ${columns}: download the template)` },
    ]);
  }
  return found;
}

/** A cell as text. A spreadsheet keeps numbers as numbers: 1500.5 is "1500.5", and an account number typed as a number has lost its leading zeros (put back in bulk-row-checks). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

function toRows(records: readonly (readonly unknown[])[]): FileRow[] {
  const [header, ...data] = records;
  if (!header) throw badRequest('The file is empty', [{ field: 'file', message: 'is empty: it needs a header row and at least one row of transfers' }]);
  const indexes = columnIndexes(header.map(cellText));
  const rows: FileRow[] = [];
  data.forEach((record, index) => {
    const texts = record.map(cellText);
    if (texts.every((text) => text === '')) return;
    const cells = {} as Record<BulkTransferColumn, string>;
    for (const column of BULK_TRANSFER_COLUMNS) {
      const at = indexes.get(column.key);
      cells[column.key] = at === undefined ? '' : (texts[at] ?? '');
    }
    rows.push({ rowNumber: index + 1, cells });
  });
  if (rows.length === 0) throw badRequest('The file has no transfers', [{ field: 'file', message: 'has a header row but no rows of transfers' }]);
  if (rows.length > MAX_BULK_TRANSFER_ROWS) {
    throw badRequest(
      `The file has ${rows.length.toLocaleString('en-NG')} transfers; one upload takes at most ${MAX_BULK_TRANSFER_ROWS.toLocaleString('en-NG')}`,
      [{ field: 'file', message: `must have at most ${MAX_BULK_TRANSFER_ROWS.toLocaleString('en-NG')} rows: split it into several uploads` }],
    );
  }
  return rows;
}

function parseCsv(bytes: Uint8Array): unknown[][] {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.includes('\u0000')) {
    throw new ApiError(415, 'The file is neither CSV nor XLSX', { fields: [{ field: 'file', message: 'must be a CSV or XLSX file' }] });
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

function parseXlsx(bytes: Uint8Array): unknown[][] {
  let workbook: ReturnType<typeof read>;
  try {
    workbook = read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0 });
  } catch (error) {
    throw badRequest(`The XLSX cannot be read: ${(error as Error).message}`, [{ field: 'file', message: 'is not a readable XLSX workbook' }]);
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) throw badRequest('The workbook has no sheet', [{ field: 'file', message: 'has no sheet: the transfers go on the first sheet' }]);
  return utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
}

/**
 * Reads an uploaded bulk file: XLSX when its bytes are a ZIP (the first sheet), otherwise CSV
 * (UTF-8, a byte-order mark allowed, commas or, in a semicolon-separated file, semicolons).
 * Refuses, naming the file field, what is neither, a header without the required columns, a
 * file without rows and one with more than the most rows an upload takes.
 */
export function parseBulkFile(bytes: Uint8Array): ParsedBulkFile {
  if (startsWith(bytes, OLE)) {
    throw new ApiError(415, 'The file is an old Excel workbook (.xls); save it as XLSX or CSV and upload that', {
      fields: [{ field: 'file', message: 'must be a CSV or XLSX file (not .xls)' }],
    });
  }
  if (startsWith(bytes, ZIP)) return { format: 'xlsx', rows: toRows(parseXlsx(bytes)) };
  return { format: 'csv', rows: toRows(parseCsv(bytes)) };
}
