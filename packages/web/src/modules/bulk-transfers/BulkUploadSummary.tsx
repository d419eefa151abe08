import { formatNaira, type BulkUpload } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { Section } from '../ui/Section';
import { BatchFigures } from './BatchFigures';
import { BatchHeldNote } from './BatchHeldNote';
import { BatchJobSection } from './BatchJobSection';
import { BatchStatusNow } from './BatchStatusNow';
import { bulkUploadStatusNow, type ApprovalFacts } from './bulkUploadStatusNow';
import { SubmitUploadPanel } from './SubmitUploadPanel';

/** Statuses that may be submitted (again): checked, or a request that was declined or ran out. */
const SUBMITTABLE: ReadonlySet<BulkUpload['status']> = new Set(['VALIDATED', 'DECLINED', 'EXPIRED']);

export interface BulkUploadSummaryProps {
  upload: BulkUpload;
  approval: ApprovalFacts | undefined;
  /** What the server said when the page was opened by a command (submitted for approval). */
  notice: string | undefined;
}

/**
 * An upload's state above its rows: the status in words (who must approve, how far the run has
 * got), the approval request, the outcome figures counted from its transfers, the background
 * job's own progress, and submitting it when it may be submitted.
 */
export function BulkUploadSummary({ upload, approval, notice }: BulkUploadSummaryProps) {
  const queryClient = useQueryClient();
  const { progress } = upload;
  const sent = upload.status === 'RUNNING' || upload.status === 'DONE';
  const percent = progress.rows > 0 ? Math.floor((progress.done / progress.rows) * 100) : 0;
  return (
    <div className="mb-4 space-y-3">
      <BatchStatusNow name="bulk" notice={notice} batch={upload} words={bulkUploadStatusNow(upload, approval)} unit="row" />
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
      {sent ? <BatchHeldNote batchId={upload.id} held={progress.held} unit="row" /> : null}
      <BatchJobSection
        batch={upload}
        note="The server's job that sends the rows and watches them; its counts are as of its last step, the figures above are live."
        unit="rows"
        succeeded="Paid"
        onFinished={() => void queryClient.invalidateQueries()}
      />
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
