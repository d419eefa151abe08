import type { EmailSyncRunRow } from '@traction/core';

/**
 * A run's progress from its own counts (contacts with a result of all it pushes): a bar with its
 * values for assistive technology, and the figures. Needs only marketing.view, not the job's.
 */
export function EmailSyncProgress({ run }: { run: EmailSyncRunRow }) {
  const total = run.contacts;
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, Math.floor((run.reached / total) * 100)) : run.status === 'DONE' ? 100 : 0;
  const figures =
    total === null ? 'Gathering the merchant owners…' : `${run.reached.toLocaleString('en-NG')} of ${total.toLocaleString('en-NG')} contacts have a result`;
  return (
    <div data-testid="sync-progress" className="space-y-1 text-sm">
      <div
        role="progressbar"
        aria-label={`Email-marketing sync #${run.id}: progress`}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? Math.min(run.reached, total) : undefined}
        aria-valuetext={figures}
        className="h-2 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          data-progress-bar
          className={`h-full ${run.status === 'FAILED' ? 'bg-red-500' : run.status === 'WAITING' ? 'bg-amber-500' : 'bg-emerald-500'} ${total === null ? 'animate-pulse' : ''}`}
          style={{ width: `${total === null ? 100 : percent}%` }}
        />
      </div>
      <p className="text-zinc-600 tabular-nums dark:text-zinc-300">
        {figures}
        {known ? ` (${percent}%)` : ''}
      </p>
    </div>
  );
}
