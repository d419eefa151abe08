import { columnLayout, comparePriority, type ColumnKind, type ColumnPriority, type ListColumn } from '@traction/core';

/** Width of the checkbox column. */
export const CHECK_WIDTH = 40;
/** A cell's padding, left and right together, in px. */
export const CELL_PADDING = 24;
/** Headers and card facts are in smaller type than cells: 12 px to 14 px. */
export const SMALL_TYPE = 0.86;

/** Kinds holding running text, which take what room is left once every column has the width it wants. */
const GROWS = new Set<ColumnKind>(['text', 'sentence', 'email', 'tags']);
const PRIORITIES: readonly ColumnPriority[] = ['high', 'medium', 'low'];
/** Kinds whose values all have one length (`21 Nov 2026, 10:00`, Yes), which their columns' narrowest widths hold. */
const FIXED_LENGTH = new Set<ColumnKind>(['date', 'datetime', 'boolean']);

export interface FittedColumn {
  column: ListColumn;
  /** In px, padding included. */
  width: number;
  /** Characters that show whole at that width: longer values are cut, and show whole on hover and focus. */
  fits: number;
}

export interface ColumnFit {
  /** The columns shown, in the list's order. */
  columns: readonly FittedColumn[];
  /** The CSS grid columns shared by the header and every row, so they line up without measuring. */
  template: string;
  /** Width of the header and rows, in px: wider than the room only when columns the admin chose to show overflow it (the table then scrolls sideways). */
  width: number;
  /** Keys of the columns left out for lack of room, the least important first. */
  leftOut: readonly string[];
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const longestWord = (label: string) => Math.max(...label.split(' ').map((word) => word.length));

/** Wide letters (m, w, @) and digits run past the average: a text is counted as cut when it comes this close to the edge. */
const CUT_MARGIN = 1.12;

/** Characters of `charPx` px each that surely show whole in `width` px of text: longer ones are taken as cut. */
export const charsIn = (width: number, charPx: number) => Math.floor(width / (charPx * CUT_MARGIN));

export interface FitOptions {
  /** The table's inner width, in px; unknown before it is measured. */
  room: number | undefined;
  /** Average width of a character of the table's text, in px. */
  charPx: number;
  /** Keys of columns the admin chose to show. */
  pinned?: ReadonlySet<string>;
}

/**
 * Widths for the columns in the room there is: every column gets at least its narrowest width,
 * then the most important ones widen first toward the width they want, and what is still left
 * goes to running text. Low columns (yes/no, statuses) are left out, the rightmost first, while
 * the key columns (names, emails, amounts) could not have the width they want; any column, the
 * least important first, while even the narrowest widths do not fit. Never a column the admin
 * chose to show (`pinned`): then the table scrolls sideways.
 */
export function fitColumns(columns: readonly ListColumn[], { room, charPx, pinned = new Set() }: FitOptions): ColumnFit {
  const px = (chars: number) => Math.ceil(chars * charPx + CELL_PADDING);
  const sized = columns.map((column, order) => {
    const layout = columnLayout(column);
    // Never narrower than the header's longest word (headers wrap, in smaller type).
    const min = Math.max(px(layout.minWidth), px(longestWord(column.label) * SMALL_TYPE));
    return { column, order, priority: layout.priority, min, ideal: Math.max(min, px(layout.width)), width: min };
  });
  let shown = sized;
  const leftOut: string[] = [];
  if (room === undefined) {
    for (const entry of shown) entry.width = entry.ideal;
  } else {
    const space = room - CHECK_WIDTH;
    const leastImportantFirst = sized
      .filter((entry) => !pinned.has(entry.column.key))
      .sort((a, b) => comparePriority(b.priority, a.priority) || b.order - a.order);
    const needed = (entries: typeof shown, keyWidths: boolean) =>
      sum(entries.map((entry) => (keyWidths && entry.priority === 'high' ? entry.ideal : entry.min)));
    for (const entry of leastImportantFirst) {
      const crowded = (entry.priority === 'low' && needed(shown, true) > space) || needed(shown, false) > space;
      if (shown.length <= 1 || !crowded) continue;
      shown = shown.filter((s) => s !== entry);
      leftOut.push(entry.column.key);
    }
    let spare = space - sum(shown.map((s) => s.min));
    for (const priority of PRIORITIES) {
      const group = shown.filter((entry) => entry.priority === priority);
      const wanted = sum(group.map((entry) => entry.ideal - entry.width));
      if (spare <= 0 || wanted <= 0) continue;
      const share = Math.min(1, spare / wanted);
      for (const entry of group) {
        const more = Math.floor((entry.ideal - entry.width) * share);
        entry.width += more;
        spare -= more;
      }
    }
    const growers = shown.some((entry) => GROWS.has(entry.column.kind)) ? shown.filter((entry) => GROWS.has(entry.column.kind)) : shown;
    const base = sum(growers.map((entry) => entry.ideal));
    if (spare > 0 && base > 0) {
      const extra = spare;
      for (const entry of growers) entry.width += Math.floor((extra * entry.ideal) / base);
    }
  }
  const widths = shown.map((entry) => entry.width);
  return {
    columns: shown.map(({ column, width }) => ({
      column,
      width,
      fits: FIXED_LENGTH.has(column.kind) ? Number.POSITIVE_INFINITY : charsIn(width - CELL_PADDING, charPx),
    })),
    template: [CHECK_WIDTH, ...widths].map((width) => `${width}px`).join(' '),
    width: CHECK_WIDTH + sum(widths),
    leftOut,
  };
}
