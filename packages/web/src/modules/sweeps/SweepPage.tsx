import { formatNaira, getSweepStatus } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { BatchHeldNote } from '../bulk-transfers/BatchHeldNote';
import { BatchJobSection } from '../bulk-transfers/BatchJobSection';
import { BatchStatusNow } from '../bulk-transfers/BatchStatusNow';
import { batchWatchInterval } from '../bulk-transfers/batchWatchInterval';
import { approvalPath } from '../bulk-transfers/bulkPaths';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useBatchApproval } from '../bulk-transfers/useBatchApproval';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { SWEEP_HISTORY_PATH } from './sweepPaths';
import { SweepSourcesTable } from './SweepSourcesTable';
import { sweepStatusNow } from './sweepStatusNow';
import { useSweepActions, type SweepActions } from './useSweepActions';

/**
 * One bulk sweep: its destination and how its sources were chosen, the status in words (what the
 * draft would move, who must approve, how far the run has got), the figures, the job's live
 * progress, and every source with its amount or why it is skipped. A draft is submitted for a
 * second admin's approval (`s`) or cancelled (`c`); refreshed every 2 s while it runs.
 */
export default function SweepPage() {
  const { id = '' } = useParams();
  const sweepId = Number(id);
  const valid = Number.isSafeInteger(sweepId) && sweepId > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shown = useCommandQuery(getSweepStatus, { id: sweepId }, { enabled: valid, refetchInterval: (data) => batchWatchInterval(data?.sweep.status) });
  const sweep = shown.data?.sweep;
  const notice = useArrivalNotice(sweep?.status, shown.dataUpdatedAt);
  const approval = useBatchApproval(sweep);
  const actions = useSweepActions(sweep);

  useShortcut('s', 'Submit this sweep for approval', actions.submit, { enabled: actions.can.submit });
  useShortcut('c', 'Cancel this sweep (before it runs)', actions.cancel, { enabled: actions.can.cancel });
  useShortcut('t', "This sweep's transfers (Funds Transfer)", actions.openTransfers, { enabled: actions.can.transfers });
  useShortcut('o', 'Open the approval request', () => sweep?.approvalRequestId && navigate(approvalPath(sweep.approvalRequestId)), {
    enabled: !!sweep?.approvalRequestId,
  });
  useShortcut('u', 'Back to the sweep history', () => navigate(SWEEP_HISTORY_PATH));

  if (valid && shown.isPending) return <PageSpinner />;
  if (!sweep || !shown.data) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no sweep #${id}.`}
        failed="This sweep could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }

  const { progress } = sweep;
  const sent = sweep.status === 'RUNNING' || sweep.status === 'DONE';
  return (
    <div data-page="sweep" data-sweep-id={sweep.id} data-status={sweep.status} className="max-w-6xl space-y-4">
      <PageHeader
        title={`Sweep #${sweep.id} to ${sweep.accountName}`}
        description={`${sweep.bankName} ${sweep.accountNumber} · ${sweep.selection} · “${sweep.narration}” · made by ${sweep.createdByName}, ${formatDateTime(sweep.createdAt)}`}
        actions={<SweepActionButtons actions={actions} />}
      />
      <BatchStatusNow name="sweep" notice={notice} batch={sweep} words={sweepStatusNow(sweep, approval)} unit="source" />
      {sent ? (
        <BatchFigures
          label="Outcome so far"
          figures={[
            { key: 'done', label: 'Sources final', value: `${progress.done.toLocaleString('en-NG')} of ${progress.rows.toLocaleString('en-NG')}` },
            { key: 'succeeded', label: 'Swept', value: progress.succeeded.toLocaleString('en-NG'), tone: 'good' },
            { key: 'failed', label: 'Failed', value: progress.failed.toLocaleString('en-NG'), tone: progress.failed > 0 ? 'bad' : undefined },
            {
              key: 'pending',
              label: 'On the way',
              value: progress.pending.toLocaleString('en-NG'),
              tone: progress.pending > 0 ? 'warn' : undefined,
              note: progress.held > 0 ? `${progress.held.toLocaleString('en-NG')} held for review` : undefined,
            },
            { key: 'moved', label: 'Amount swept', value: formatNaira(progress.amountMoved), note: `of ${formatNaira(sweep.total)} previewed` },
            {
              key: 'shortfall',
              label: 'Short of preview',
              value: formatNaira(progress.shortfall),
              note: 'balances that fell before the run',
              tone: progress.shortfall > 0 ? 'warn' : undefined,
            },
          ]}
        />
      ) : (
        <BatchFigures
          label="Preview"
          figures={[
            { key: 'rows', label: 'Wallets to sweep', value: progress.rows.toLocaleString('en-NG'), tone: 'good' },
            {
              key: 'skipped',
              label: 'Skipped',
              value: progress.skipped.toLocaleString('en-NG'),
              tone: progress.skipped > 0 ? 'warn' : undefined,
              note: sweep.ignored > 0 ? `and ${sweep.ignored.toLocaleString('en-NG')} empty, not listed` : undefined,
            },
            { key: 'total', label: 'Total to sweep', value: formatNaira(sweep.total) },
            { key: 'fees', label: 'Fees', value: formatNaira(sweep.fees), note: `${formatNaira(sweep.fee)} per wallet` },
            { key: 'leave', label: 'Left in each wallet', value: formatNaira(sweep.leaveBehind) },
            { key: 'destination', label: 'To', value: sweep.accountNumber, note: sweep.bankName },
          ]}
        />
      )}
      {sent ? <BatchHeldNote batchId={sweep.id} held={progress.held} unit="wallet" /> : null}
      <BatchJobSection
        batch={sweep}
        note="The server's job that starts each wallet's transfer; its counts are as of its last step, the figures above are live."
        unit="wallets"
        succeeded="Swept"
        onFinished={() => void queryClient.invalidateQueries({ queryKey: [getSweepStatus.id] })}
      />
      <Section name="sources" title="Sources" count={shown.data.rows.length}>
        <SweepSourcesTable rows={shown.data.rows} sent={sent} />
      </Section>
    </div>
  );
}

/** The sweep's buttons: only what its state and this admin allow, each showing its key. */
function SweepActionButtons({ actions }: { actions: SweepActions }) {
  const { can } = actions;
  return (
    <ShortcutButtons
      buttons={[
        { key: 's', label: 'Submit for approval…', show: can.submit, run: actions.submit, variant: 'primary' },
        { key: 't', label: 'Transfers', show: can.transfers, run: actions.openTransfers, variant: 'secondary' },
        { key: 'c', label: 'Cancel sweep', show: can.cancel, run: actions.cancel, variant: 'danger' },
      ]}
    />
  );
}
