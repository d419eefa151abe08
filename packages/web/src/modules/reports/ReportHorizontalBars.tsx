import type { ListColumn } from '@traction/core';
import { formatCell } from '../ui/formatCell';

export interface ReportHorizontalBarsProps {
  rows: readonly Record<string, unknown>[];
  /** The number drawn: a column of the rows. */
  column: ListColumn;
  /** What the chart shows, for screen readers. */
  label: string;
}

/**
 * A labelled bar per bucket, for states and categories: each row names its bucket and value (as the
 * table formats it) above a plain SVG bar, in the rows' order. Widths are SVG attributes, not inline
 * styles, so a strict CSP has nothing to forbid; the list reads well at any width.
 */
export function ReportHorizontalBars({ rows, column, label }: ReportHorizontalBarsProps) {
  const values = rows.map((row) => Number(row[column.key] ?? 0));
  const top = Math.max(1, ...values.map(Math.abs));
  return (
    <ul className="space-y-1.5" aria-label={label} data-chart={column.key} data-chart-kind="horizontal">
      {rows.map((row, index) => {
        const value = values[index] ?? 0;
        const bucket = String(row.bucket);
        const text = formatCell(column, value);
        const share = Math.max(value === 0 ? 0 : 0.5, (Math.abs(value) / top) * 100);
        return (
          <li key={String(row.key)} data-bucket={bucket} className="text-xs">
            <div className="flex justify-between gap-2">
              <span className="truncate text-zinc-700 dark:text-zinc-300">{bucket}</span>
              <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400">{text}</span>
            </div>
            <svg role="img" aria-label={`${bucket}: ${text}`} className="block h-2 w-full text-accent-600" preserveAspectRatio="none">
              <title>{`${bucket}: ${text}`}</title>
              <rect x="0" y="0" width={`${share}%`} height="100%" rx="1" fill="currentColor" />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
