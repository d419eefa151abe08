import { comparePriority, type ColumnLayout, type ColumnPriority } from '@traction/core';

/** Columns are this far apart. */
export const COLUMN_GAP = 2;
/** A column whose values may be cut grows to this when there is room, or to its contract width if that is more. */
const ROOMY = 40;

/** A column to lay out: its header, its layout from the list's contract, and whether its values may be cut. */
export interface FitColumn {
  header: string;
  /** Width, narrowest width and priority: core's `columnLayout` of the list column. */
  layout: Pick<ColumnLayout, 'width' | 'minWidth' | 'priority'>;
  /** Text may end in an ellipsis; amounts, numbers, ids, dates and yes/no are shown whole or not at all (a cut amount misleads). */
  cuttable: boolean;
  /** Running text read as a whole (the audit log's sentence): it takes the room left rather than claiming its width. */
  runningText?: boolean;
}

/** Which columns a table shows, how wide, and which it left out to fit. */
export interface TableLayout {
  /** Indexes of the columns shown, in order. */
  shown: number[];
  /** Width of each shown column. */
  widths: number[];
  /** Indexes of the columns left out, in order. */
  left: number[];
}

const textWidth = (text: string) => [...text].length;

/** Lines a header takes at a width, wrapped at spaces; a word longer than the width counts as too many. */
function headerLines(header: string, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of header.split(/\s+/)) {
    const length = textWidth(word);
    if (length > width) return Number.POSITIVE_INFINITY;
    if (used === 0) used = length;
    else if (used + 1 + length <= width) used += 1 + length;
    else {
      lines += 1;
      used = length;
    }
  }
  return lines;
}

/** The narrowest width at which a header takes at most two lines without breaking a word. */
function headerMinWidth(header: string): number {
  let width = Math.max(1, ...header.split(/\s+/).map(textWidth));
  while (headerLines(header, width) > 2) width += 1;
  return width;
}

interface Sized {
  index: number;
  priority: ColumnPriority;
  /** A key column (name, email) that claims its contract width before medium columns are shown. */
  key: boolean;
  /** As narrow as it may get before the table leaves columns out. */
  min: number;
  /** The width the contract gives it (a key column's room), or less when its values are shorter. */
  ideal: number;
  /** Values and header whole; a cuttable column at most its roomy width. */
  want: number;
}

function sizeOf(column: FitColumn, cells: readonly string[], index: number): Sized {
  const natural = Math.max(1, ...cells.map(textWidth));
  const headerMin = headerMinWidth(column.header);
  const headerWhole = Math.max(textWidth(column.header), headerMin);
  const priority = column.layout.priority;
  if (!column.cuttable) {
    const want = Math.max(natural, headerWhole);
    return { index, priority, key: priority === 'high', min: Math.max(natural, headerMin), ideal: want, want };
  }
  const want = Math.min(Math.max(natural, headerWhole), Math.max(column.layout.width, ROOMY, headerMin));
  const ideal = Math.min(want, Math.max(column.layout.width, headerMin));
  const min = Math.min(want, Math.max(column.layout.minWidth, headerMin));
  return { index, priority, key: priority === 'high' && !column.runningText, min, ideal, want };
}

const PRIORITIES: readonly ColumnPriority[] = ['high', 'medium', 'low'];
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Widens columns toward their `to` width, the most important first, sharing `spare` within a priority; returns what is left. */
function widen(shown: readonly Sized[], widths: number[], to: 'ideal' | 'want', spare: number): number {
  for (const priority of PRIORITIES) {
    const group = shown.map((entry, position) => ({ entry, position })).filter(({ entry }) => entry.priority === priority);
    const wanted = sum(group.map(({ entry, position }) => entry[to] - widths[position]!));
    if (spare <= 0 || wanted <= 0) continue;
    const share = Math.min(1, spare / wanted);
    for (const { entry, position } of group) {
      const more = Math.floor((entry[to] - widths[position]!) * share);
      widths[position]! += more;
      spare -= more;
    }
    // What rounding down left over goes one column at a time, leftmost first.
    for (const { entry, position } of group) {
      if (spare > 0 && widths[position]! < entry[to]) {
        widths[position]! += 1;
        spare -= 1;
      }
    }
  }
  return spare;
}

/**
 * Lays a table out in `totalWidth` terminal columns by the rule the console's tables follow
 * (web list/columnTemplate.ts), with the list contract's priorities and widths: low columns
 * (yes/no, statuses) are left out, the rightmost first, while the high ones could not have their
 * contract width; any column, the least important and rightmost first, while even the narrowest
 * widths do not fit. One step more than the console: a terminal cannot show a cut name whole on
 * hover, so medium columns are left out too while a key column (a name, an email; not running
 * text) could not have its contract width. Every column starts at its narrowest (a header
 * may take two lines; amounts, ids and dates are never cut), then the most important widen
 * first toward their contract width, then toward their values' whole width. Columns chosen
 * with `--columns` (`keepAll`) are never left out: the table is then wider than the terminal.
 */
export function fitColumns(columns: readonly FitColumn[], rows: readonly (readonly string[])[], totalWidth: number, keepAll = false): TableLayout {
  const sized = columns.map((column, index) =>
    sizeOf(
      column,
      rows.map((row) => row[index] ?? ''),
      index,
    ),
  );
  /** Width of the columns at their narrowest, but those `atIdeal` picks at their contract width. */
  const needed = (entries: readonly Sized[], atIdeal: (entry: Sized) => boolean) =>
    sum(entries.map((entry) => (atIdeal(entry) ? entry.ideal : entry.min))) + COLUMN_GAP * Math.max(0, entries.length - 1);
  let shown = sized;
  if (!keepAll) {
    const leastImportantFirst = [...sized].sort((a, b) => comparePriority(b.priority, a.priority) || b.index - a.index);
    for (const entry of leastImportantFirst) {
      const crowded =
        (entry.priority === 'low' && needed(shown, (kept) => kept.priority === 'high') > totalWidth) ||
        (entry.priority === 'medium' && needed(shown, (kept) => kept.key) > totalWidth) ||
        needed(shown, () => false) > totalWidth;
      if (shown.length > 1 && crowded) shown = shown.filter((kept) => kept !== entry);
    }
  }
  const widths = shown.map((entry) => entry.min);
  if (shown.length === 1 && !keepAll) widths[0] = Math.max(1, Math.min(widths[0]!, totalWidth));
  const spare = widen(shown, widths, 'ideal', totalWidth - needed(shown, () => false));
  widen(shown, widths, 'want', spare);
  const kept = new Set(shown.map((entry) => entry.index));
  return { shown: shown.map((entry) => entry.index), widths, left: sized.map((entry) => entry.index).filter((index) => !kept.has(index)) };
}

/** Every column with its values and header whole, however wide the table gets (`-o wide`). */
export function wideColumns(columns: readonly FitColumn[], rows: readonly (readonly string[])[]): TableLayout {
  const widths = columns.map((column, index) => Math.max(textWidth(column.header), 1, ...rows.map((row) => textWidth(row[index] ?? ''))));
  return { shown: columns.map((_, index) => index), widths, left: [] };
}

/** Width of a laid-out table, gaps included. */
export const layoutWidth = (layout: TableLayout) => layout.widths.reduce((sum, width) => sum + width, 0) + COLUMN_GAP * Math.max(0, layout.widths.length - 1);
