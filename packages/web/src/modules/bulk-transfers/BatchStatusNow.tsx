import type { BulkUploadStatus, SweepStatus } from '@traction/core';
import { Link } from 'react-router';
import { linkClass } from '../ui/linkClass';
import { WatchingNote } from '../ui/WatchingNote';
import { BatchStatusBadge } from './BatchStatusBadge';
import { approvalPath } from './bulkPaths';
import { batchWatchInterval } from './batchWatchInterval';

export interface BatchStatusNowProps {
  /** Names the test hooks: `{name}-notice`, `{name}-now` on the box, `{name}-status-words` on the sentence. */
  name: string;
  /** What the server said when a command opened the page (useArrivalNotice), shown above the box. */
  notice: string | undefined;
  batch: { status: BulkUploadStatus | SweepStatus; approvalRequestId: number | null; reason: string | null };
  /** Where it stands, in a sentence (bulkUploadStatusNow, sweepStatusNow). */
  words: string;
  /** What turns final one by one while it runs ("row", "source"). */
  unit: string;
}

/**
 * A bulk upload's or sweep's status box, under what the server said on arrival: the badge, the
 * sentence (announced as it changes), its approval request (`o`) with the submitter's reason
 * until it runs, and whether the page is refreshing itself, in the seconds it really asks at.
 */
export function BatchStatusNow({ name, notice, batch, words, unit }: BatchStatusNowProps) {
  const sent = batch.status === 'RUNNING' || batch.status === 'DONE';
  const interval = batchWatchInterval(batch.status);
  return (
    <>
      {notice ? (
        <p
          role="status"
          data-testid={`${name}-notice`}
          className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      <section
        aria-label="Status now"
        data-testid={`${name}-now`}
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <BatchStatusBadge status={batch.status} />
        <div className="min-w-0 flex-1 basis-80 space-y-1">
          <p role="status" aria-live="polite" data-testid={`${name}-status-words`}>
            {words}
          </p>
          {batch.approvalRequestId !== null && !sent ? (
            <p>
              <Link to={approvalPath(batch.approvalRequestId)} className={linkClass} data-testid="approval-link" aria-keyshortcuts="o">
                Approval request #{batch.approvalRequestId}
              </Link>
              <span className="text-zinc-500 dark:text-zinc-400"> (o){batch.reason ? ` · “${batch.reason}”` : ''}</span>
            </p>
          ) : null}
        </div>
        {interval !== false ? (
          <WatchingNote>
            {batch.status === 'RUNNING'
              ? `Live: refreshed every ${interval / 1000} s until every ${unit} is final`
              : `Refreshed every ${interval / 1000} s until decided`}
          </WatchingNote>
        ) : null}
      </section>
    </>
  );
}
