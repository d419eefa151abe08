import {
  DEDUCTION_ITEM_STATE_WORDS,
  DEDUCTION_ITEM_STATES,
  DEDUCTION_RUN_STATUS_WORDS,
  type DeductionRunRow,
  formatNaira,
  getDeductionRun,
  getJob,
  listDeductionItems,
  listDeductionRuns,
} from '@traction/core';
import { describeLagosDay } from '@traction/core/format';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { JobProgress } from '../jobs/JobProgress';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import type { ListView } from '../list/ListView';
import { useCommandQuery } from '../list/useCommandQuery';
import { useRefreshWhenMoved } from '../list/useRefreshWhenMoved';
import { ArrivalNotice } from '../ui/ArrivalNotice';
import { Badge, type BadgeTone } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { WatchingNote } from '../ui/WatchingNote';
import { DEDUCTION_RUNS_PATH } from './deductionPaths';

/** A run under way is watched every 2 s, as bulk uploads and sweeps are. */
const RUNNING_WATCH_MS = 2_000;
const running = (run: DeductionRunRow | undefined) => run?.status === 'QUEUED' || run?.status === 'RUNNING';
const STATUS_TONES: Record<DeductionRunRow['status'], BadgeTone> = { QUEUED: 'warn', RUNNING: 'warn', DONE: 'good', FAILED: 'bad' };
const count = (n: number) => n.toLocaleString('en-NG');
/** The lists that follow the run's figures. */
const FOLLOWING_LISTS = [listDeductionItems, listDeductionRuns];
const OPTIONS = { state: DEDUCTION_ITEM_STATES.map((state) => ({ value: state, label: DEDUCTION_ITEM_STATE_WORDS[state] })) };

/** Where the run stands, in a sentence. */
function runNow(run: DeductionRunRow): string {
  const scope = run.scope === 'INIT' ? 'every active setting' : 'the settings chosen';
  const due = `instalments due by ${describeLagosDay(run.asOf)}`;
  switch (run.status) {
    case 'QUEUED':
      return `Waiting to start: it will collect the ${due} of ${scope}.`;
    case 'RUNNING':
      return `Collecting the ${due} of ${scope}: ${count(run.instalments)} reached so far, ${formatNaira(run.amountTaken)} taken.`;
    case 'DONE':
      return `Finished ${formatDateTime(run.finishedAt)}: ${count(run.taken)} of ${count(run.instalments)} instalments taken in full, ${count(run.partlyTaken)} in part, ${count(run.notTaken)} not taken.`;
    case 'FAILED':
      return `Stopped${run.finishedAt ? ` ${formatDateTime(run.finishedAt)}` : ''}: ${run.failure ?? 'the job failed'}. What it took stays taken; a new run takes only what is still due.`;
  }
}

/**
 * One deduction run: where it stands, its figures, its job's progress while it runs (refreshed
 * every 2 s), and every instalment it reached with what it took and why not all — the failures
 * (not taken) a tab of their own, downloadable as CSV. A row opens the loan. `u` goes back to the runs.
 */
export default function DeductionRunPage() {
  const { id = '' } = useParams();
  const runId = Number(id);
  const valid = Number.isSafeInteger(runId) && runId > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { allowed } = useOpenCommand();
  const shown = useCommandQuery(getDeductionRun, { id: runId }, { enabled: valid, refetchInterval: (run) => (running(run) ? RUNNING_WATCH_MS : false) });
  const run = shown.data;
  const notice = useArrivalNotice(run?.status, shown.dataUpdatedAt);
  useShortcut('u', 'All deduction runs', () => navigate(DEDUCTION_RUNS_PATH), { enabled: allowed(listDeductionRuns) });

  // The instalments follow the figures: when the run moved, the loaded pages are asked for again.
  useRefreshWhenMoved(run ? `${run.status}:${run.instalments}:${run.amountTaken}` : '', FOLLOWING_LISTS);

  const fixed = useMemo(() => ({ id: runId }), [runId]);
  const views = useMemo(
    (): ListView[] | undefined =>
      run
        ? [
            { label: 'All', search: '', count: run.instalments },
            { label: `${DEDUCTION_ITEM_STATE_WORDS.NOT_TAKEN} (failures)`, search: '?state=NOT_TAKEN', count: run.notTaken },
            { label: DEDUCTION_ITEM_STATE_WORDS.PARTLY_TAKEN, search: '?state=PARTLY_TAKEN', count: run.partlyTaken },
            { label: DEDUCTION_ITEM_STATE_WORDS.TAKEN, search: '?state=TAKEN', count: run.taken },
          ]
        : undefined,
    [run],
  );

  if (valid && shown.isPending) return <PageSpinner />;
  if (!run) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no deduction run #${id}.`}
        failed="This run could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }

  const summary = (
    <div className="mb-3 space-y-3">
      <ArrivalNotice notice={notice} />
      <section
        aria-label="Status now"
        data-testid="run-now"
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Badge tone={STATUS_TONES[run.status]}>{DEDUCTION_RUN_STATUS_WORDS[run.status]}</Badge>
        <p role="status" aria-live="polite" data-testid="run-status-words" className="min-w-0 flex-1 basis-80">
          {runNow(run)}
        </p>
        {running(run) ? <WatchingNote>Refreshing every 2 s</WatchingNote> : null}
      </section>
      <BatchFigures
        label="Figures"
        figures={[
          { key: 'instalments', label: 'Instalments reached', value: count(run.instalments) },
          { key: 'taken', label: 'Taken in full', value: count(run.taken), tone: 'good' },
          { key: 'partly', label: 'Taken in part', value: count(run.partlyTaken), tone: run.partlyTaken > 0 ? 'warn' : undefined },
          { key: 'not-taken', label: 'Not taken', value: count(run.notTaken), tone: run.notTaken > 0 ? 'bad' : undefined },
          { key: 'amount-taken', label: 'Amount taken', value: formatNaira(run.amountTaken), tone: 'good' },
          { key: 'short', label: 'Short', value: formatNaira(run.amountShort), tone: run.amountShort > 0 ? 'warn' : undefined, note: 'due and not taken' },
        ]}
      />
      {running(run) && run.jobId !== null && allowed(getJob) ? (
        <Section name="job" title="Background job">
          <div className="p-3">
            <JobProgress
              jobId={run.jobId}
              unit="instalments"
              countLabels={{ taken: 'Taken', partlyTaken: 'In part', notTaken: 'Not taken' }}
              onFinished={() => void queryClient.invalidateQueries({ queryKey: [getDeductionRun.id] })}
            />
          </div>
        </Section>
      ) : null}
    </div>
  );

  return (
    <div data-page="deduction-run" data-run-id={run.id} data-status={run.status}>
      <ListPage
        command={listDeductionItems}
        title={`Deduction run #${run.id}`}
        description={`${run.scope === 'INIT' ? 'Every active setting' : 'Chosen settings'} · due by ${describeLagosDay(run.asOf)} · started ${formatDateTime(run.createdAt)}${run.startedBy ? ` by ${run.startedBy}` : ''}`}
        fixed={fixed}
        rowNoun={{ one: 'instalment', other: 'instalments' }}
        filterOptions={OPTIONS}
        selectable={false}
        views={views}
        summary={summary}
      />
    </div>
  );
}
