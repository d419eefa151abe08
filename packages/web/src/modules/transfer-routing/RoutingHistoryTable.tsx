import type { RoutingChangeRow } from '@traction/core';
import { formatDateTime } from '../ui/formatDateTime';

/** Changes of routes, provider states or the switching middleware, newest first: who, when, what and why. */
export function RoutingHistoryTable({ rows, showSubject = true }: { rows: readonly RoutingChangeRow[]; showSubject?: boolean }) {
  if (rows.length === 0) return <p className="px-3 py-2 text-sm text-zinc-500">Nothing has been changed yet.</p>;
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-zinc-500">
        <tr>
          <th className="px-3 py-2 font-medium">When</th>
          {showSubject ? <th className="px-3 py-2 font-medium">What</th> : null}
          <th className="px-3 py-2 font-medium">Change</th>
          <th className="px-3 py-2 font-medium">Reason</th>
          <th className="px-3 py-2 font-medium">By</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-change={row.id} className="border-t border-zinc-200 dark:border-zinc-800">
            <td className="px-3 py-2 whitespace-nowrap text-zinc-500">{formatDateTime(row.changedAt)}</td>
            {showSubject ? <td className="px-3 py-2">{row.subject}</td> : null}
            <td className="px-3 py-2">{row.from === null ? row.to : `${row.from} → ${row.to}`}</td>
            <td className="px-3 py-2">{row.reason}</td>
            <td className="px-3 py-2 text-zinc-500">{row.changedBy ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
