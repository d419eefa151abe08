/** Columns are this far apart. */
export const COLUMN_GAP = 2;
const MIN_WIDTH = 4;
const MAX_WIDTH = 48;

/**
 * Widths that fit a terminal: each column as wide as its longest cell (at most 48), then the
 * widest columns give way until the row fits; cut cells end with an ellipsis.
 */
export function fitColumns(headers: readonly string[], rows: readonly (readonly string[])[], totalWidth: number): number[] {
  const widths = headers.map((header, column) => Math.min(MAX_WIDTH, Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length), 1)));
  const budget = Math.max(totalWidth - COLUMN_GAP * (headers.length - 1), headers.length * MIN_WIDTH);
  let total = widths.reduce((sum, width) => sum + width, 0);
  while (total > budget) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= MIN_WIDTH) break;
    widths[widest]! -= 1;
    total -= 1;
  }
  return widths;
}
