import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { usageError } from '../errors';
import { describeColumns, type InputField } from '../flags/input-fields';

/** One data row of a bulk file. */
export interface CsvRow {
  /** Line number in the file (the header is line 1). */
  line: number;
  /** Cells as written, in file column order. */
  cells: string[];
  /** Non-empty cells by input field name. */
  values: Record<string, string>;
}

export interface CsvFile {
  /** Header cells as written. */
  header: string[];
  /** The input field each column feeds. */
  columns: InputField[];
  rows: CsvRow[];
  /** SHA-256 of the file's bytes. */
  sha256: string;
}

/** `account_number`, `account-number`, `accountNumber` and `Account Number` all name the same field. */
const squash = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const matches = (header: string, field: InputField) => squash(header) === squash(field.name) || squash(header) === squash(field.flag);

/**
 * Reads a bulk file: a header naming input fields (as in the API, `user_id`, as flags,
 * `user-id`, or in camel case, `userId`), then one row per call. Empty cells are left out of the input. A header naming an
 * unknown field, or lacking a required one, is refused before any row is read.
 */
export async function readCsvRows(path: string, fields: readonly InputField[]): Promise<CsvFile> {
  const hash = createHash('sha256');
  try {
    await pipeline(createReadStream(path), hash);
  } catch (error) {
    // A missing or unreadable input file is a bad command line: nothing was sent (exit 2).
    throw usageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  const parser = createReadStream(path).pipe(parse({ bom: true, skip_empty_lines: true, trim: true, info: true, relax_quotes: false }));
  let header: string[] | undefined;
  let columns: InputField[] = [];
  const rows: CsvRow[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record;
        columns = mapHeader(record, fields);
        continue;
      }
      const values: Record<string, string> = {};
      record.forEach((cell, index) => {
        if (cell !== '') values[columns[index]!.name] = cell;
      });
      rows.push({ line: info.lines, cells: record, values });
    }
  } catch (error) {
    if (error instanceof CsvError) throw usageError(`${path}: ${error.message}`);
    throw error;
  }
  if (!header) throw usageError(`${path} is empty: it needs a header line naming the columns (${describeColumns(fields)})`);
  return { header, columns, rows, sha256: hash.digest('hex') };
}

function mapHeader(header: readonly string[], fields: readonly InputField[]): InputField[] {
  const problems: string[] = [];
  const columns = header.map((cell) => {
    const field = fields.find((candidate) => matches(cell, candidate));
    if (!field) problems.push(`column "${cell}" is not an input of this command`);
    return field!;
  });
  const seen = new Set<string>();
  for (const field of columns) {
    if (!field) continue;
    if (seen.has(field.name)) problems.push(`column ${field.name} appears twice`);
    seen.add(field.name);
  }
  for (const field of fields) {
    if (field.required && !seen.has(field.name)) problems.push(`column ${field.name} is missing (required)`);
  }
  if (problems.length) throw usageError(`Line 1 (header): ${problems.join('; ')}.\nColumns: ${describeColumns(fields)}`);
  return columns;
}
