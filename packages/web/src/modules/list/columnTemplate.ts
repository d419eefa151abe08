import type { ColumnKind, ListColumn } from '@traction/core';

/** Narrowest width of a column of each kind, in px; wider screens share out the rest. */
const MIN_WIDTH: Record<ColumnKind, number> = {
  id: 64,
  number: 96,
  money: 136,
  boolean: 72,
  enum: 96,
  date: 112,
  datetime: 152,
  email: 208,
  tags: 168,
  text: 128,
  sentence: 360,
};

/** Width of the checkbox column. */
export const CHECK_WIDTH = 40;

/**
 * The CSS grid columns shared by the header and every row, so they line up without measuring:
 * each column grows from its minimum in proportion to it, and a phone scrolls sideways instead.
 */
export function columnTemplate(columns: readonly ListColumn[]): { template: string; minWidth: number } {
  const widths = columns.map((column) => MIN_WIDTH[column.kind]);
  return {
    template: [`${CHECK_WIDTH}px`, ...widths.map((w) => `minmax(${w}px, ${w}fr)`)].join(' '),
    minWidth: CHECK_WIDTH + widths.reduce((sum, w) => sum + w, 0),
  };
}
