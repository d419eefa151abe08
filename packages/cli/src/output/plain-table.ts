/**
 * Rows as aligned plain text, for pipes and files: no colour, no box drawing, nothing cut off,
 * so `grep` and `awk` see every value whole. Without `header` (the pages after the first of
 * `--all`), the rows alone.
 */
export function plainTable(headers: readonly string[], rows: readonly (readonly string[])[], options: { header?: boolean } = {}): string {
  const header = options.header ?? true;
  const measured = header ? [headers, ...rows] : rows;
  const widths = headers.map((_, column) => Math.max(0, ...measured.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  // The empty last item ends the text with a newline.
  return [...(header ? [line(headers)] : []), ...rows.map(line), ''].join('\n');
}
