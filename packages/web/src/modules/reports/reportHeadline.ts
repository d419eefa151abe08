import { type ListColumn, REPORT_FACTS, type ReportGrouping, type ReportKind } from '@traction/core';

/** A report's number over the whole range: one figure per column of its rows. */
export interface HeadlineFigure {
  column: ListColumn;
  value: number;
}

/**
 * Each column's figure for the range. Counts and values add up over the buckets; balances held by
 * day do not (each day's is the whole of what wallets held), so the range's is its last day's.
 */
export function reportHeadline(report: ReportKind, by: ReportGrouping, rows: readonly Record<string, unknown>[]): HeadlineFigure[] {
  const heldAtEnd = report === 'wallet-balances' && by === 'day';
  return REPORT_FACTS[report].columns.map((column) => {
    const values = rows.map((row) => Number(row[column.key] ?? 0));
    const value = heldAtEnd ? (values.at(-1) ?? 0) : values.reduce((sum, n) => sum + n, 0);
    return { column, value };
  });
}
