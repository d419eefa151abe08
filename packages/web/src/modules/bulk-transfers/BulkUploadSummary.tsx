import { formatNaira, getJob, type BulkUpload } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { JobProgress } from '../jobs/JobProgress';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { BatchFigures } from './BatchFigures';
import { BatchStatusBadge } from './BatchStatusBadge';
import { approvalPath, heldTransfersPath } from './bulkPaths';
import { bulkUploadStatusNow, type ApprovalFacts } from './bulkUploadStatusNow';
import { SubmitUploadPanel } from './SubmitUploadPanel';

/** Statuses that may be submitted (again): checked, or a request that was declined or ran out. */
const SUBMITTABLE: ReadonlySet<BulkUpload['status']> = new Set(['VALIDATED', 'DECLINED', 'EXPIRED']);

export interface BulkUploadSummaryProps {
  upload: BulkUpload;
  approval: ApprovalFacts | undefined;
  /** What the server said when the page was opened by a command (submitted for approval). */
  notice: string | undefined;
  /** Whether the page is asking again every few seconds. */
  watching: boolean;
}

/**
 * An upload's state above its rows: the status in words (who must approve, how far the run has
 * got), the approval request, the outcome figures counted from its transfers, the background
 * job's own progress, and submitting it when it may be submitted.
 */
export function BulkUploadSummary({ upload, approval, notice, watching }: BulkUploadSummaryProps) {
  const { allowed } = useOpenCommand();
  const queryClient = useQueryClient();
  const { progress } = upload;
  const sent = upload.status === 'RUNNING' || upload.status === 'DONE';
  const percent = progress.rows > 0 ? Math.floor((progress.done / progress.rows) * 100) : 0;
  return (
    <div className="mb-4 space-y-3">
      {notice ? (
        <p role="status" data-testid="bulk-notice" className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
          {notice}
        </p>
      ) : null}
      <section
        aria-label="Status now"
        data-testid="bulk-now"
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <BatchStatusBadge status={upload.status} />
        <div className="min-w-0 flex-1 basis-80 space-y-1">
          <p role="status" aria-live="polite" data-testid="bulk-status-words">
            {bulkUploadStatusNow(upload, approval)}
          </p>
          {upload.approvalRequestId !== null && upload.status !== 'RUNNING' && upload.status !== 'DONE' ? (
            <p>
              <Link to={approvalPath(upload.approvalRequestId)} className={linkClass} data-testid="approval-link" aria-keyshortcuts="o">
                Approval request #{upload.approvalRequestId}
              </Link>
              <span className="text-zinc-500 dark:text-zinc-400"> (o){upload.reason ? ` · “${upload.reason}”` : ''}</span>
            </p>
          ) : null}
        </div>
        {watching ? (
          <span data-watching className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-600" />
            {upload.status === 'RUNNING' ? 'Live: refreshed every 2 s until every row is final' : 'Refreshed every 10 s until decided'}
          </span>
        ) : null}
      </section>
      {sent ? (
        <BatchFigures
          label="Outcome so far"
          figures={[
            {
              key: 'done',
              label: 'Rows final',
              value: `${progress.done.toLocaleString('en-NG')} of ${progress.rows.toLocaleString('en-NG')}`,
              note: `${percent}%`,
            },
            { key: 'succeeded', label: 'Paid', value: progress.succeeded.toLocaleString('en-NG'), tone: 'good' },
            {
              key: 'failed',
              label: 'Failed',
              value: progress.failed.toLocaleString('en-NG'),
              tone: progress.failed > 0 ? 'bad' : undefined,
              note: progress.refused > 0 ? `${progress.refused.toLocaleString('en-NG')} refused before sending` : undefined,
            },
            {
              key: 'pending',
              label: 'On the way',
              value: progress.pending.toLocaleString('en-NG'),
              tone: progress.pending > 0 ? 'warn' : undefined,
              note: progress.held > 0 ? `${progress.held.toLocaleString('en-NG')} held for review` : undefined,
            },
            { key: 'moved', label: 'Amount paid', value: formatNaira(progress.amountMoved), note: `of ${formatNaira(upload.total)}` },
            { key: 'fees', label: 'Fees', value: formatNaira(upload.fees), note: upload.businessId === null ? 'company account' : 'one per row' },
          ]}
        />
      ) : (
        <BatchFigures
          label="What the file holds"
          figures={[
            { key: 'rows', label: 'Rows in the file', value: upload.rowCount.toLocaleString('en-NG') },
            { key: 'valid', label: 'Good rows', value: upload.validRows.toLocaleString('en-NG'), tone: 'good' },
            {
              key: 'bad',
              label: 'Bad rows',
              value: upload.badRows.toLocaleString('en-NG'),
              tone: upload.badRows - upload.excludedRows > 0 ? 'bad' : undefined,
              note: upload.excludedRows > 0 ? `${upload.excludedRows.toLocaleString('en-NG')} left out` : undefined,
            },
            { key: 'total', label: 'Total to send', value: formatNaira(upload.total) },
            { key: 'fees', label: 'Fees', value: formatNaira(upload.fees) },
            { key: 'debit', label: `Leaves ${upload.source}`, value: formatNaira(upload.total + upload.fees) },
          ]}
        />
      )}
      {progress.held > 0 && sent ? (
        <p data-testid="held-rows" className="text-amber-800 dark:text-amber-300">
          {progress.held.toLocaleString('en-NG')} {progress.held === 1 ? 'row is' : 'rows are'} held by the fraud rules until someone releases or blocks{' '}
          {progress.held === 1 ? 'it' : 'them'}:{' '}
          <Link to={heldTransfersPath(upload.id)} className={linkClass}>
            review the held {progress.held === 1 ? 'transfer' : 'transfers'}
          </Link>
          .
        </p>
      ) : null}
      {upload.jobId !== null && upload.status === 'RUNNING' && allowed(getJob) ? (
        <Section name="job" title="Background job">
          <div className="space-y-2 p-3">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              The server's job that sends the rows and watches them; its counts are as of its last step, the figures above are live.
            </p>
            <JobProgress
              jobId={upload.jobId}
              unit="rows"
              countLabels={{ succeeded: 'Paid', failed: 'Failed', pending: 'On the way', held: 'Held for review', refused: 'Refused' }}
              onFinished={() => void queryClient.invalidateQueries()}
            />
          </div>
        </Section>
      ) : null}
      {SUBMITTABLE.has(upload.status) ? (
        <Section name="submit" title={upload.status === 'VALIDATED' ? 'Submit for approval' : 'Submit again'}>
          <div className="p-3">
            <SubmitUploadPanel upload={upload} />
          </div>
        </Section>
      ) : null}
    </div>
  );
}
