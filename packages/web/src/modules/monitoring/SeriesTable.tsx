import type { MonitoringSeries } from '@traction/core';
import { formatDateTime } from '../ui/formatDateTime';

/** The numbers behind a chart: one row per time, one column per line (what `t` shows). */
export function SeriesTable({ series, bucket }: { series: readonly MonitoringSeries[]; bucket: 'hour' | 'day' }) {
  const times = [...new Set(series.flatMap((line) => line.points.map((point) => point.at)))].sort().reverse();
  return (
    <div className="max-h-96 overflow-auto" data-series-table>
      <table className="w-full text-sm" aria-label="Success rate and payments over time">
        <thead className="sticky top-0 bg-white text-left text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className="px-3 py-1.5 font-normal">{bucket === 'hour' ? 'Hour' : 'Day'}</th>
            {series.map((line) => (
              <th key={line.key} className="px-3 py-1.5 text-right font-normal">
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {times.map((time) => (
            <tr key={time}>
              <td className="px-3 py-1 whitespace-nowrap tabular-nums">{formatDateTime(time)}</td>
              {series.map((line) => {
                const point = line.points.find((p) => p.at === time);
                return (
                  <td key={line.key} className="px-3 py-1 text-right tabular-nums">
                    {point ? `${point.successRate === null ? '—' : `${point.successRate.toFixed(1)}%`} of ${point.payments.toLocaleString('en-NG')}` : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
