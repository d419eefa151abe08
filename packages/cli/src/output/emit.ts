import { extname } from 'node:path';
import type { ListColumn } from '@traction/core';
import { tagText } from '@traction/core/format';
import { stringify } from 'csv-stringify/sync';
import { usageError } from '../errors';
import { stdoutIsTerminal, type Io, type Output } from '../io';
import { openOutTarget } from './out-target';
import { describeValue } from './describe-value';
import { tableCells } from './format-cell';
import { pickFields } from './json-fields';
import type { View } from './output-choice';
import { plainTable } from './plain-table';
import { tableText, type TableState } from './table-output';

/** How a command's answer is written: a table fitted to the terminal, one with every column whole, aligned text, JSON (NDJSON for lists) or CSV. */
export type OutputFormat = 'terminal' | 'wide' | 'plain' | 'json' | 'csv';

/** `--json`, `--csv`, `-o`, else the extension of `--out`, else a table on a terminal and plain text elsewhere. */
export function chooseFormat(io: Io, options: { json?: boolean; csv?: boolean; out?: string; view?: View }): OutputFormat {
  if (options.json && options.csv) throw usageError('--json and --csv cannot be used together');
  if (options.json) return 'json';
  if (options.csv) return 'csv';
  if (options.view) return options.view === 'table' ? 'terminal' : options.view;
  if (options.out) {
    const extension = extname(options.out).toLowerCase();
    if (['.json', '.ndjson', '.jsonl'].includes(extension)) return 'json';
    if (extension === '.csv') return 'csv';
    return 'plain';
  }
  return stdoutIsTerminal(io) ? 'terminal' : 'plain';
}

/**
 * Runs `write` against stdout, or against `--out` (out-target.ts: a file written whole and renamed
 * into place, left untouched when anything fails; a FIFO or a device written through).
 */
export async function withSink(io: Io, out: string | undefined, write: (sink: Output) => Promise<void>): Promise<void> {
  const target = await openOutTarget(io, out);
  try {
    await write(target.stream);
    await target.commit();
  } catch (error) {
    await target.discard();
    throw error;
  }
}

/** A CSV cell the way the server writes them: ISO times, plain numbers, tag names joined by "; ". */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value.map(tagText).join('; ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface RowsOutput {
  columns: readonly ListColumn[];
  rows: readonly Record<string, unknown>[];
  /** Dim line under a terminal table. */
  footer?: string;
  /** Said in place of a terminal table's rows when there are none. */
  empty?: string;
  /** Whether to write the header (false for the second page on of `--all`). */
  header?: boolean;
  /** `--json a,b`: only these fields of each row. */
  fields?: readonly string[];
  /** A terminal table's layout, kept from its first page. */
  table?: TableState;
  /** The columns were chosen with `--columns`: a table leaves none out. */
  chosenColumns?: boolean;
}

/** Writes rows in the chosen format: one JSON object per line for `json`. */
export async function writeRows(io: Io, sink: Output, format: OutputFormat, output: RowsOutput): Promise<void> {
  const { columns, rows } = output;
  switch (format) {
    case 'json':
      for (const row of rows) sink.write(`${JSON.stringify(pickFields(row, output.fields))}\n`);
      return;
    case 'csv': {
      const records = rows.map((row) => columns.map((column) => csvValue(row[column.key])));
      sink.write(stringify(output.header === false ? records : [columns.map((c) => c.label), ...records]));
      return;
    }
    case 'terminal':
    case 'wide':
      sink.write(
        await tableText(io, columns, tableCells(columns, rows), {
          wide: format === 'wide',
          chosen: output.chosenColumns ?? false,
          header: output.header ?? true,
          state: output.table ?? {},
          ...(output.footer ? { footer: output.footer } : {}),
          ...(output.empty ? { empty: output.empty } : {}),
        }),
      );
      return;
    case 'plain':
      sink.write(
        plainTable(
          columns.map((c) => c.label),
          tableCells(columns, rows),
          { header: output.header ?? true },
        ),
      );
      return;
  }
}

/** Writes a single answer: pretty JSON (only `fields`, when named), or indented `key: value` lines. */
export function writeValue(sink: Output, format: OutputFormat, value: unknown, fields?: readonly string[]): void {
  if (format === 'csv') throw usageError('--csv works with lists; use --json for this command');
  if (format === 'json') sink.write(`${JSON.stringify(pickFields(value, fields), null, 2)}\n`);
  else sink.write(describeValue(value));
}
