import type { MonitoringStats } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { Link } from 'react-router';
import { linkClass } from '../ui/linkClass';

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/** Routes or banks with their numbers; one below the threshold is marked in words and colour. */
export function StatsTable({
  label,
  rows,
  linkTo,
  threshold,
}: {
  label: string;
  rows: readonly MonitoringStats[];
  linkTo?: (row: MonitoringStats) => string;
  threshold: number;
}) {
  if (rows.length === 0) return <p className="p-3 text-sm text-zinc-500">No payments in this range.</p>;
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
        <tr>
          <th className="px-3 py-1.5 font-normal">{label}</th>
          <th className="px-3 py-1.5 text-right font-normal">Payments</th>
          <th className="px-3 py-1.5 text-right font-normal">Success rate</th>
          <th className="px-3 py-1.5 text-right font-normal">Value</th>
          <th className="px-3 py-1.5 text-right font-normal">Route/issuer failures</th>
          <th className="px-3 py-1.5 font-normal">Commonest failure</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {rows.map((row) => (
          <tr key={row.key} data-stats={row.key} data-below={row.belowThreshold} className={row.belowThreshold ? 'bg-red-50 dark:bg-red-950/40' : undefined}>
            <td className="px-3 py-1.5">
              {linkTo ? (
                <Link className={linkClass} to={linkTo(row)}>
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
            </td>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.payments.toLocaleString('en-NG')}</td>
            <td className={`px-3 py-1.5 text-right tabular-nums ${row.belowThreshold ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}>
              {percent(row.successRate)}
              {row.belowThreshold ? <span className="ml-1 text-xs">below {threshold}%</span> : null}
            </td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatNaira(row.amount)}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{row.systemFailures.toLocaleString('en-NG')}</td>
            <td className="px-3 py-1.5">
              {row.topFailures[0] ? (
                <span title={row.topFailures.map((f) => `${f.code} ${f.message}: ${f.share}%`).join('\n')}>
                  <span className="font-mono">{row.topFailures[0].code}</span> {row.topFailures[0].message} ({row.topFailures[0].share}%)
                </span>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
