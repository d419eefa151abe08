import type { ListColumn } from '@traction/core';
import { formatCell } from '../ui/formatCell';

export interface ReportBarsProps {
  rows: readonly Record<string, unknown>[];
  /** The number drawn: a column of the rows. */
  column: ListColumn;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** A thumbnail: no first and last bucket named under it. */
  compact?: boolean;
}

const WIDTH = 600;

/**
 * A bar per bucket (day, state or category), drawn as plain SVG: bars suit states and categories
 * as well as days, it draws without a canvas (so it renders in tests and needs nothing a strict CSP
 * forbids), and each bar carries its bucket and value as a tooltip title. The numbers themselves
 * are in the table beside it.
 */
export function ReportBars({ rows, column, label, height = 180, compact = false }: ReportBarsProps) {
  const values = rows.map((row) => Number(row[column.key] ?? 0));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom;
  const gap = rows.length > 60 ? 0 : 1;
  const barWidth = rows.length === 0 ? 0 : WIDTH / rows.length;
  const y = (value: number) => ((top - value) / span) * height;
  const chart = (
    <svg
      role="img"
      aria-label={label}
      data-chart={column.key}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="none"
      className="block w-full text-accent-600"
      style={{ height }}
    >
      <title>{label}</title>
      {rows.map((row, index) => {
        const value = values[index] ?? 0;
        const from = y(Math.max(0, value));
        const to = y(Math.min(0, value));
        return (
          <rect
            key={String(row.key)}
            data-bucket={String(row.bucket)}
            x={index * barWidth + gap / 2}
            y={from}
            width={Math.max(0.5, barWidth - gap)}
            height={Math.max(value === 0 ? 0 : 1, to - from)}
            fill="currentColor"
          >
            <title>{`${String(row.bucket)}: ${formatCell(column, value)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
  if (compact || rows.length === 0) return chart;
  // Below the bars rather than inside them: the drawing stretches to its width, text would too.
  return (
    <div>
      {chart}
      <div className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        <span>{String(rows[0]?.bucket)}</span>
        <span>{String(rows.at(-1)?.bucket)}</span>
      </div>
    </div>
  );
}
