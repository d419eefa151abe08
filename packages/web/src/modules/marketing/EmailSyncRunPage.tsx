import { EMAIL_SYNC_RESULT_WORDS, EMAIL_SYNC_RESULTS, getEmailSyncRun, listEmailSyncContacts, listEmailSyncRuns, retryEmailSync } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { canOpenPath } from '../../canOpenPath';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import type { ListView } from '../list/ListView';
import { useCommandQuery } from '../list/useCommandQuery';
import { useRefreshWhenMoved } from '../list/useRefreshWhenMoved';
import { ArrivalNotice } from '../ui/ArrivalNotice';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { ShortcutKey } from '../ui/ShortcutKey';
import { EmailSyncProgress } from './EmailSyncProgress';
import { EmailSyncRunStatus } from './EmailSyncRunStatus';
import { EMAIL_SYNC_PATH } from './emailSyncPaths';
import { emailSyncUnderWay } from './emailSyncUnderWay';

/** A run under way is watched every 2 s, as deduction runs are. */
const WATCH_MS = 2_000;
const count = (n: number) => n.toLocaleString('en-NG');
/** The lists that follow the run's figures. */
const FOLLOWING_LISTS = [listEmailSyncContacts, listEmailSyncRuns];
const OPTIONS = { result: EMAIL_SYNC_RESULTS.map((result) => ({ value: result, label: EMAIL_SYNC_RESULT_WORDS[result] })) };

/**
 * One email-marketing sync: where it stands (refreshed every 2 s while under way, a wait for the
 * provider's Retry-After said with when it carries on), its figures and progress, and every
 * contact with its result — the failed ones a tab of their own, downloadable as CSV. A failed run
 * is retried with `t` (it carries on with the contacts not sent yet). A contact that is a
 * merchant's owner opens the merchant. `u` goes back to the syncs.
 */
export default function EmailSyncRunPage() {
  const { id = '' } = useParams();
  const runId = Number(id);
  const valid = Number.isSafeInteger(runId) && runId > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const shown = useCommandQuery(getEmailSyncRun, { id: runId }, { enabled: valid, refetchInterval: (run) => (emailSyncUnderWay(run) ? WATCH_MS : false) });
  const run = shown.data;
  const notice = useArrivalNotice(run?.status, shown.dataUpdatedAt);
  useShortcut('u', 'All email-marketing syncs', () => navigate(EMAIL_SYNC_PATH), { enabled: allowed(listEmailSyncRuns) });

  const mayRetry = run?.status === 'FAILED' && allowed(retryEmailSync);
  const retry = () =>
    open({
      command: retryEmailSync,
      fixed: { id: runId },
      about: `sync #${runId}`,
      subject: 'It carries on with the contacts not sent yet; those with a result keep it.',
      onDone: () => {
        closeForm(null);
        void queryClient.invalidateQueries({ queryKey: [getEmailSyncRun.id] });
        void queryClient.invalidateQueries({ queryKey: [listEmailSyncRuns.id] });
      },
    });
  useShortcut('t', 'Retry this failed sync', retry, { enabled: mayRetry });

  // The contacts follow the figures: when the run moved, the loaded pages are asked for again.
  useRefreshWhenMoved(run ? `${run.status}:${run.reached}` : '', FOLLOWING_LISTS);

  // An owner's row opens their merchant, when the admin may see merchants.
  const permissions = useAtomValue(permissionSetAtom);
  const openRow = useCallback(
    (row: Record<string, unknown>) => {
      if (typeof row.businessId === 'number' && canOpenPath('/merchants/{id}', permissions)) navigate(`/merchants/${row.businessId}`);
    },
    [navigate, permissions],
  );

  const fixed = useMemo(() => ({ id: runId }), [runId]);
  const views = useMemo(
    (): ListView[] | undefined =>
      run
        ? [
            { label: 'All', search: '', count: run.contacts ?? 0 },
            { label: EMAIL_SYNC_RESULT_WORDS.FAILED, search: '?result=FAILED', count: run.failed },
            { label: 'Opted out', search: '?result=OPTED_OUT', count: run.optedOut },
            { label: EMAIL_SYNC_RESULT_WORDS.ADDED, search: '?result=ADDED', count: run.added },
            { label: EMAIL_SYNC_RESULT_WORDS.UPDATED, search: '?result=UPDATED', count: run.updated },
            { label: EMAIL_SYNC_RESULT_WORDS.PENDING, search: '?result=PENDING', count: (run.contacts ?? 0) - run.reached },
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
        missing={`There is no email-marketing sync #${id}.`}
        failed="This sync could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }

  const summary = (
    <div className="mb-3 space-y-3">
      <ArrivalNotice notice={notice} />
      <EmailSyncRunStatus run={run} watchingNote="Refreshing every 2 s" />
      <EmailSyncProgress run={run} />
      <BatchFigures
        label="Figures"
        figures={[
          { key: 'contacts', label: 'Contacts', value: run.contacts === null ? '…' : count(run.contacts) },
          { key: 'added', label: 'Added', value: count(run.added), tone: 'good' },
          { key: 'updated', label: 'Updated', value: count(run.updated), tone: 'good' },
          { key: 'opted-out', label: 'Skipped: opted out', value: count(run.optedOut), tone: run.optedOut > 0 ? 'warn' : undefined },
          { key: 'failed', label: 'Failed', value: count(run.failed), tone: run.failed > 0 ? 'bad' : undefined },
          {
            key: 'provider-opt-outs',
            label: 'Learned opt-outs',
            value: count(run.providerOptOuts),
            note: 'unsubscribed at the provider, added to the opt-out list',
          },
        ]}
      />
    </div>
  );

  return (
    <div data-page="email-sync-run" data-run-id={run.id} data-status={run.status}>
      <ListPage
        command={listEmailSyncContacts}
        title={`Email-marketing sync #${run.id}`}
        description={`${run.kind === 'UPLOAD' ? `Uploaded contacts (${run.fileName ?? 'a file'})` : 'Every merchant owner'} · started ${formatDateTime(run.createdAt)}${run.startedBy ? ` by ${run.startedBy}` : ''}`}
        fixed={fixed}
        rowNoun={{ one: 'contact', other: 'contacts' }}
        filterOptions={OPTIONS}
        selectable={false}
        views={views}
        summary={summary}
        onOpenRow={openRow}
        actions={
          mayRetry ? (
            <Button variant="primary" onClick={retry} aria-keyshortcuts="t" data-action="retry">
              Retry the sync… <ShortcutKey>t</ShortcutKey>
            </Button>
          ) : null
        }
      />
    </div>
  );
}
