/**
 * Rows as aligned plain text, for pipes and files: no colour, no box drawing, nothing cut off,
 * so `grep` and `awk` see every value whole.
 */
export function plainTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  // The empty last item ends the text with a newline.
  return [line(headers), ...rows.map(line), ''].join('\n');
}
