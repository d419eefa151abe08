import { SCHEDULE_RUN_STATUS_WORDS, type ScheduleRunRow } from '@traction/core';
import { useState } from 'react';
import { saveExportFile } from '../downloads/saveExportFile';
import { Badge, type BadgeTone } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';

const TONES: Record<ScheduleRunRow['status'], BadgeTone> = { RUNNING: 'warn', SENT: 'good', FAILED: 'bad' };
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-NG'));

/** A schedule's latest runs, newest first: the day each ran for, how it ended, its rows and its file. */
export function ScheduleRunsTable({ runs }: { runs: readonly ScheduleRunRow[] }) {
  const [failure, setFailure] = useState<string | null>(null);
  if (runs.length === 0) return <p className="p-3 text-zinc-500 dark:text-zinc-400">It has not run yet.</p>;
  return (
    <>
      {failure ? (
        <p role="alert" className="p-3 text-red-600 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      <table className="w-full text-sm" data-testid="schedule-runs">
        <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className="px-3 py-2 font-medium">Day</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 text-right font-medium">Rows</th>
            <th className="px-3 py-2 font-medium">Started</th>
            <th className="px-3 py-2 font-medium">Finished</th>
            <th className="px-3 py-2 font-medium">File</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-run={run.id} data-status={run.status} className="border-t border-zinc-100 align-top dark:border-zinc-800">
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                {run.runDay}
                {run.manual ? <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">(run by hand)</span> : null}
              </td>
              <td className="px-3 py-2">
                <Badge tone={TONES[run.status]}>{SCHEDULE_RUN_STATUS_WORDS[run.status]}</Badge>
                {run.attempts > 1 ? <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">{run.attempts} attempts</span> : null}
                {run.error ? <p className="mt-1 text-xs text-red-600 dark:text-red-400">{run.error}</p> : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{count(run.rows)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(run.startedAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(run.finishedAt)}</td>
              <td className="px-3 py-2">
                {run.exportId !== null && run.status === 'SENT' ? (
                  <button
                    type="button"
                    className={linkClass}
                    onClick={() => void saveExportFile(run.exportId as number).then(setFailure)}
                    aria-label={`Download the file of ${run.runDay}`}
                  >
                    Export #{run.exportId}
                  </button>
                ) : run.exportId !== null ? (
                  `Export #${run.exportId}`
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
