import { formatNaira, getApproval, getJob, getSweepStatus, type Sweep } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { BatchStatusBadge } from '../bulk-transfers/BatchStatusBadge';
import { approvalPath, heldTransfersPath } from '../bulk-transfers/bulkPaths';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useOpenCommand } from '../commands/useOpenCommand';
import { JobProgress } from '../jobs/JobProgress';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { SWEEP_HISTORY_PATH } from './sweepPaths';
import { SweepSourcesTable } from './SweepSourcesTable';
import { sweepStatusNow } from './sweepStatusNow';
import { useSweepActions, type SweepActions } from './useSweepActions';

const RUNNING_WATCH_MS = 2_000;
const APPROVAL_WATCH_MS = 10_000;
const watchInterval = (sweep: Sweep | undefined) =>
  sweep?.status === 'RUNNING' ? RUNNING_WATCH_MS : sweep?.status === 'AWAITING_APPROVAL' ? APPROVAL_WATCH_MS : false;
const ASKS_APPROVAL: ReadonlySet<Sweep['status']> = new Set(['AWAITING_APPROVAL', 'DECLINED', 'EXPIRED']);

const Key = ({ k }: { k: string }) => <kbd className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">{k}</kbd>;

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
  const { allowed } = useOpenCommand();
  const shown = useCommandQuery(getSweepStatus, { id: sweepId }, { enabled: valid, refetchInterval: (data) => watchInterval(data?.sweep) });
  const sweep = shown.data?.sweep;
  const notice = useArrivalNotice(sweep?.status, shown.dataUpdatedAt);
  const approvalId = sweep && ASKS_APPROVAL.has(sweep.status) ? sweep.approvalRequestId : null;
  const approval = useCommandQuery(getApproval, { id: approvalId ?? 0 }, { enabled: approvalId !== null && allowed(getApproval) });
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
    const missing = !valid || (shown.error instanceof ClientError && shown.error.status === 404);
    return (
      <div role="alert" className="space-y-2 text-red-600 dark:text-red-400">
        <p>
          {missing
            ? `There is no sweep #${id}.`
            : `This sweep could not be loaded: ${shown.error instanceof ClientError ? shown.error.userMessage : (shown.error?.message ?? 'unknown error')}`}
        </p>
        {missing ? null : <Button onClick={() => void shown.refetch()}>Retry</Button>}
      </div>
    );
  }

  const { progress } = sweep;
  const sent = sweep.status === 'RUNNING' || sweep.status === 'DONE';
  const watching = watchInterval(sweep) !== false;
  return (
    <div data-page="sweep" data-sweep-id={sweep.id} data-status={sweep.status} className="max-w-6xl space-y-4">
      <PageHeader
        title={`Sweep #${sweep.id} to ${sweep.accountName}`}
        description={`${sweep.bankName} ${sweep.accountNumber} · ${sweep.selection} · “${sweep.narration}” · made by ${sweep.createdByName}, ${formatDateTime(sweep.createdAt)}`}
        actions={<SweepActionButtons actions={actions} />}
      />
      {notice ? (
        <p role="status" data-testid="sweep-notice" className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
          {notice}
        </p>
      ) : null}
      <section
        aria-label="Status now"
        data-testid="sweep-now"
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <BatchStatusBadge status={sweep.status} />
        <div className="min-w-0 flex-1 basis-80 space-y-1">
          <p role="status" aria-live="polite" data-testid="sweep-status-words">
            {sweepStatusNow(sweep, approval.data ? { request: approval.data.request, decidedBy: approval.data.decidedBy } : undefined)}
          </p>
          {sweep.approvalRequestId !== null && !sent ? (
            <p>
              <Link to={approvalPath(sweep.approvalRequestId)} className={linkClass} data-testid="approval-link" aria-keyshortcuts="o">
                Approval request #{sweep.approvalRequestId}
              </Link>
              <span className="text-zinc-500 dark:text-zinc-400"> (o){sweep.reason ? ` · “${sweep.reason}”` : ''}</span>
            </p>
          ) : null}
        </div>
        {watching ? (
          <span data-watching className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-600" />
            {sweep.status === 'RUNNING' ? 'Live: refreshed every 2 s until every source is final' : 'Refreshed every 10 s until decided'}
          </span>
        ) : null}
      </section>
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
      {progress.held > 0 && sent ? (
        <p data-testid="held-rows" className="text-amber-800 dark:text-amber-300">
          {progress.held.toLocaleString('en-NG')} {progress.held === 1 ? 'wallet is' : 'wallets are'} held by the fraud rules until someone releases or blocks{' '}
          {progress.held === 1 ? 'it' : 'them'}:{' '}
          <Link to={heldTransfersPath(sweep.id)} className={linkClass}>
            review the held {progress.held === 1 ? 'transfer' : 'transfers'}
          </Link>
          .
        </p>
      ) : null}
      {sweep.jobId !== null && sweep.status === 'RUNNING' && allowed(getJob) ? (
        <Section name="job" title="Background job">
          <div className="space-y-2 p-3">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              The server's job that starts each wallet's transfer; its counts are as of its last step, the figures above are live.
            </p>
            <JobProgress
              jobId={sweep.jobId}
              unit="wallets"
              countLabels={{ succeeded: 'Swept', failed: 'Failed', pending: 'On the way', held: 'Held for review', refused: 'Refused' }}
              onFinished={() => void queryClient.invalidateQueries({ queryKey: [getSweepStatus.id] })}
            />
          </div>
        </Section>
      ) : null}
      <Section name="sources" title="Sources" count={shown.data.rows.length}>
        <SweepSourcesTable rows={shown.data.rows} sent={sent} />
      </Section>
    </div>
  );
}

/** The sweep's buttons: only what its state and this admin allow, each showing its key. */
function SweepActionButtons({ actions }: { actions: SweepActions }) {
  const { can } = actions;
  const buttons = [
    { key: 's', label: 'Submit for approval…', show: can.submit, run: actions.submit, variant: 'primary' as const },
    { key: 't', label: 'Transfers', show: can.transfers, run: actions.openTransfers, variant: 'secondary' as const },
    { key: 'c', label: 'Cancel sweep', show: can.cancel, run: actions.cancel, variant: 'danger' as const },
  ].filter((button) => button.show);
  if (buttons.length === 0) return null;
  return (
    <div role="group" aria-label="Actions" className="flex flex-wrap items-center gap-2">
      {buttons.map((button) => (
        <Button
          key={button.key}
          variant={button.variant}
          data-action={button.key}
          onClick={button.run}
          title={`Shortcut: ${button.key}`}
          aria-keyshortcuts={button.key}
        >
          {button.label}
          <Key k={button.key} />
        </Button>
      ))}
    </div>
  );
}
