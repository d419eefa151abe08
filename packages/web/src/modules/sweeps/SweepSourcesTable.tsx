import { formatNaira, type SweepRow } from '@traction/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BatchRowStatusBadge } from '../bulk-transfers/BatchRowStatusBadge';
import { linkClass } from '../ui/linkClass';
import { sweepRequestPath } from './sweepPaths';

type Shown = 'all' | 'sweep' | 'skipped' | 'failed';

const FINAL_FAILED: ReadonlySet<SweepRow['status']> = new Set(['FAILED', 'BLOCKED', 'REFUSED']);
const matches: Record<Shown, (row: SweepRow) => boolean> = {
  all: () => true,
  sweep: (row) => row.status !== 'SKIPPED',
  skipped: (row) => row.status === 'SKIPPED',
  failed: (row) => FINAL_FAILED.has(row.status),
};

/**
 * A sweep's sources, in the preview's order: each wallet's fixed account and balance, what the
 * preview found to sweep or why it is skipped (PND, frozen, nothing to sweep), then what the run
 * did (swept, refused and why, its transfer). Tabs keep to the skipped or failed ones.
 */
export function SweepSourcesTable({ rows, sent }: { rows: readonly SweepRow[]; sent: boolean }) {
  const [shown, setShown] = useState<Shown>('all');
  const counts = useMemo(
    () => ({
      all: rows.length,
      sweep: rows.filter(matches.sweep).length,
      skipped: rows.filter(matches.skipped).length,
      failed: rows.filter(matches.failed).length,
    }),
    [rows],
  );
  const tabs: { key: Shown; label: string }[] = [
    { key: 'all', label: 'All' },
    { key: 'sweep', label: 'To sweep' },
    ...(counts.skipped > 0 ? [{ key: 'skipped' as const, label: 'Skipped' }] : []),
    ...(sent && counts.failed > 0 ? [{ key: 'failed' as const, label: 'Failed' }] : []),
  ];
  const visible = rows.filter(matches[shown]);
  return (
    <div>
      <div role="group" aria-label="Sources shown" className="flex flex-wrap gap-1 border-b border-zinc-200 px-3 dark:border-zinc-800">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            aria-pressed={shown === tab.key}
            data-tab={tab.key}
            onClick={() => setShown(tab.key)}
            className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-zinc-600 aria-pressed:border-accent-600 aria-pressed:text-accent-700 dark:text-zinc-400 dark:aria-pressed:text-accent-400"
          >
            {tab.label}
            <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
              {counts[tab.key].toLocaleString('en-NG')}
            </span>
          </button>
        ))}
      </div>
      <div className="max-h-[32rem] overflow-auto">
        <table className="w-full text-left text-sm" aria-label="Sources">
          <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Business
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Fixed account
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                Balance
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                To sweep
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-1.5 font-medium">
                {sent ? 'Why, or what happened' : 'Why skipped'}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {visible.map((row) => (
              <tr key={row.row} data-source-row={row.row} data-business-id={row.businessId} data-status={row.status}>
                <td className="px-3 py-1.5">
                  <Link to={sweepRequestPath(row)} className={linkClass}>
                    {row.businessName}
                  </Link>
                  <span className="ml-1 text-xs text-zinc-500">#{row.businessId}</span>
                </td>
                <td className="px-3 py-1.5 whitespace-nowrap">
                  {row.fixedAccountNumber ? `${row.fixedAccountBank ?? ''} ${row.fixedAccountNumber}` : <span className="text-zinc-500">none</span>}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatNaira(row.balance)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums" data-amount>
                  {row.status === 'SKIPPED' ? '—' : formatNaira(row.swept ?? row.amount)}
                </td>
                <td className="px-3 py-1.5">
                  <BatchRowStatusBadge status={row.status} />
                </td>
                <td className="px-3 py-1.5" data-why>
                  {whyOf(row)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {visible.length === 0 ? <p className="p-3 text-zinc-500 dark:text-zinc-400">No source here.</p> : null}
      </div>
    </div>
  );
}

/** The one thing worth reading about a source: why it is skipped or refused, what the bank said, or its transfer. */
function whyOf(row: SweepRow) {
  if (row.skipReason) return row.skipReason;
  if (row.refusal) return `Refused: ${row.refusal}`;
  const shortfall = row.shortfall && row.shortfall > 0 ? ` (${formatNaira(row.shortfall)} less than previewed: the balance had fallen)` : '';
  if (row.transferId !== null) {
    return (
      <>
        <Link to={`/funds-transfer/${row.transferId}`} className={linkClass}>
          Transfer #{row.transferId}
        </Link>
        {row.responseMessage ? ` · ${row.responseMessage}` : ''}
        {shortfall}
      </>
    );
  }
  return '';
}
