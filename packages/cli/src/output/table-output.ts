import { columnLayout, type ColumnKind, type ListColumn } from '@traction/core';
import type { Io } from '../io';
import { fitColumns, layoutWidth, wideColumns, type FitColumn, type TableLayout } from '../ui/fit-columns';

/** Kinds whose values may end in an ellipsis; a cut amount, id or date would say something false. */
const CUTTABLE: ReadonlySet<ColumnKind> = new Set(['text', 'sentence', 'email', 'enum', 'tags']);
/** Kinds kept to the right so digits line up. */
const RIGHT: ReadonlySet<ColumnKind> = new Set(['money', 'number']);

/** Width to fit: `COLUMNS` when set (a script or a test may ask), else the terminal's, else 100. */
export function terminalWidth(io: Io): number {
  const fromEnv = Number(io.env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return io.stdout.columns && io.stdout.columns > 0 ? io.stdout.columns : 100;
}

/** Text as lines of at most `width` characters, broken between words. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The layout of a table, kept from its first page so `--all` prints one table with one header. */
export interface TableState {
  layout?: TableLayout;
}

export interface TableOptions {
  /** Every column, values whole (`-o wide`), rather than fitting the terminal. */
  wide: boolean;
  /** The columns were chosen with `--columns`: none is left out, even if the table is then wider than the terminal. */
  chosen: boolean;
  /** Whether to draw the header (the first page). */
  header: boolean;
  footer?: string;
  empty?: string;
  state: TableState;
}

/** A table of rows for a terminal, as text: laid out from the list's column priorities (or wide), rendered by Ink. */
export async function tableText(io: Io, columns: readonly ListColumn[], cells: readonly (readonly string[])[], options: TableOptions): Promise<string> {
  const fit: FitColumn[] = columns.map((column) => ({
    header: column.label,
    layout: columnLayout(column),
    cuttable: CUTTABLE.has(column.kind),
    runningText: column.kind === 'sentence',
  }));
  const width = terminalWidth(io);
  let layout = options.state.layout;
  if (!layout) {
    layout = options.wide ? wideColumns(fit, cells) : fitColumns(fit, cells, width, options.chosen);
    options.state.layout = layout;
  }
  const notes = [options.footer];
  if (options.header && layout.left.length > 0) {
    const names = layout.left.map((index) => columns[index]!.label).join(', ');
    notes.push(...wrapWords(`Left out to fit ${width} columns: ${names}.`, width), '-o wide shows every column; --columns chooses them.');
  }
  const { renderTable } = await import('../ui/screens');
  const shown = layout.shown;
  return renderTable(
    {
      columns: shown.map((index, position) => ({
        header: columns[index]!.label,
        width: layout.widths[position]!,
        ...(RIGHT.has(columns[index]!.kind) ? { align: 'right' as const } : {}),
      })),
      rows: cells.map((row) => shown.map((index) => row[index] ?? '')),
      header: options.header,
      ...(notes.some(Boolean) ? { footer: notes.filter(Boolean).join('\n') } : {}),
      ...(options.empty ? { empty: options.empty } : {}),
    },
    Math.max(width, layoutWidth(layout)),
  );
}
