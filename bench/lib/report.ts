import { ms, type Summary } from './percentiles';

/** One line of the summary table. */
export interface Figure {
  benchmark: string;
  database: string;
  samples: number;
  latency: Summary;
  /** Successful requests per second, for load runs. */
  perSecond?: number;
}

/** Prints rows as a table: text columns to the left, figures to the right. */
export function printTable(headers: readonly string[], rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (rightAligned.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function printFigures(figures: readonly Figure[]): void {
  printTable(
    ['Benchmark', 'Database', 'n', 'median', 'p95', 'p99', 'req/s'],
    figures.map((f) => [
      f.benchmark,
      f.database,
      String(f.samples),
      ms(f.latency.median),
      ms(f.latency.p95),
      ms(f.latency.p99),
      f.perSecond === undefined ? '' : f.perSecond.toFixed(0),
    ]),
    new Set([2, 3, 4, 5, 6]),
  );
}

/** `  label ........ value` lines for a benchmark's details. */
export function detail(label: string, value: string): void {
  console.log(`  ${`${label} `.padEnd(34, '.')} ${value}`);
}

export function heading(title: string): void {
  console.log(`\n${title}\n${'='.repeat(title.length)}`);
}
