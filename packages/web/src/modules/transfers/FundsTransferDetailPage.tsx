import { formatNaira, getTransfer, isFinalTransferStatus, type TransferDetail } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { client } from '../../app/client';
import { useCommandQuery } from '../list/useCommandQuery';
import { queueMemory } from '../review-queue/queueMemory';
import { useReviewArrival } from '../review-queue/useReviewArrival';
import { useReviewQueue } from '../review-queue/useReviewQueue';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { WatchingNote } from '../ui/WatchingNote';
import { copyText } from './copyText';
import { TransferActionButtons } from './TransferActionButtons';
import { TransferFactsSection } from './TransferFactsSection';
import { TransferHistorySection } from './TransferHistorySection';
import type { TransferNotice } from './TransferNotice';
import { TransferNoticeLine } from './TransferNoticeLine';
import type { TransferPageState } from './TransferPageState';
import { TransferPostingsSection } from './TransferPostingsSection';
import { FUNDS_TRANSFER_PATH, RETRY_PORTAL_PATH, transferQueue } from './transferQueue';
import { TransferRulesSection } from './TransferRulesSection';
import { TransferShortcutsEffect } from './TransferShortcutsEffect';
import { TransferStatusBadge } from './TransferStatusBadge';
import { transferStatusNow } from './transferStatusNow';
import { useTransferActions } from './useTransferActions';

/** How often a transfer still on its way is asked about: people watch it become final. */
const WATCH_MS = 2_000;
/** A held transfer changes only when someone decides it; another reviewer may. */
const HELD_WATCH_MS = 15_000;

const watchInterval = (transfer: TransferDetail | undefined) =>
  !transfer || isFinalTransferStatus(transfer.status) ? false : transfer.status === 'HELD' ? HELD_WATCH_MS : WATCH_MS;

/**
 * One funds transfer: what its status means now (watched every 2 s until final), the money, the
 * source and beneficiary, provider and NIP session id, the bank's answer, where it came from, the
 * fraud rules' verdicts, its history, its ledger postings and reversal. The actions its state
 * allows sit in the header with their keys (`?` lists them); a decision on a held transfer opens
 * the next held one.
 */
export default function FundsTransferDetailPage() {
  const { id = '' } = useParams();
  const transferId = Number(id);
  const valid = Number.isSafeInteger(transferId) && transferId > 0;
  const location = useLocation();
  const state = location.state as TransferPageState | null;
  const shown = useCommandQuery(getTransfer, { id: transferId }, { enabled: valid, refetchInterval: watchInterval });
  const transfer = shown.data;

  const portal = state?.queue === 'retry-portal';
  const remembered = queueMemory.recall(portal ? RETRY_PORTAL_PATH : FUNDS_TRANSFER_PATH);
  const queue = useReviewQueue(transferId, {
    from: remembered === null ? null : transferQueue(remembered, portal),
    // Opened by a link, a held transfer is walked with the others held; any other has no queue of its own.
    own: transfer?.status === 'HELD' ? transferQueue('?status=HELD') : null,
  });

  const [notice, setNotice] = useState<TransferNotice | null>(null);
  const arrival = useReviewArrival(!!transfer);
  const started = state?.transferNotice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another transfer replaces the notice about the previous one with what opened it.
  useEffect(() => setNotice(arrival ? { tone: 'done', text: arrival } : started ? { tone: 'done', text: started } : null), [transferId, arrival, started]);
  const actions = useTransferActions(transfer, queue.advance, setNotice);

  // The next transfer of the queue is read while this one is looked at, so j or a decision opens it at once.
  const queryClient = useQueryClient();
  const { next } = queue;
  useEffect(() => {
    if (next !== undefined)
      void queryClient.prefetchQuery({ queryKey: [getTransfer.id, { id: next }], queryFn: ({ signal }) => client.call(getTransfer, { id: next }, { signal }) });
  }, [next, queryClient]);

  const sessionId = transfer?.sessionId;
  const copySessionId = sessionId
    ? () =>
        void copyText(sessionId).then(
          () => setNotice({ tone: 'done', text: `Session ID ${sessionId} copied.` }),
          () => setNotice({ tone: 'refused', text: 'The session ID could not be copied: the browser refused the clipboard.' }),
        )
    : null;

  // The same element first in every branch, so the keys stay bound from spinner to transfer.
  const shortcuts = (
    <TransferShortcutsEffect actions={actions} copySessionId={copySessionId} queue={queue} listPath={portal ? RETRY_PORTAL_PATH : FUNDS_TRANSFER_PATH} />
  );
  if (valid && shown.isPending) {
    return (
      <>
        {shortcuts}
        <PageSpinner />
      </>
    );
  }
  if (!transfer) {
    return (
      <>
        {shortcuts}
        <RecordNotLoaded
          valid={valid}
          error={shown.error}
          missing={`There is no funds transfer #${id}.`}
          failed="This transfer could not be loaded"
          retry={() => void shown.refetch()}
        />
      </>
    );
  }

  const watching = watchInterval(transfer) === WATCH_MS;
  return (
    <>
      {shortcuts}
      <div data-page="transfer" data-transfer-id={transfer.id} data-status={transfer.status} className="max-w-5xl space-y-4">
        <PageHeader
          title={`${formatNaira(transfer.amount)} to ${transfer.accountName}`}
          description={`Transfer #${transfer.id} · ${transfer.reference} · created ${formatDateTime(transfer.createdAt)}`}
          actions={<TransferActionButtons actions={actions} />}
        />
        <TransferNoticeLine notice={notice} />
        <section
          aria-label="Status now"
          data-testid="transfer-now"
          className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <TransferStatusBadge status={transfer.status} />
          <p role="status" aria-live="polite" className="min-w-0 flex-1 basis-80">
            {transferStatusNow(transfer, new Date())}
          </p>
          {watching ? <WatchingNote>{`Watching: refreshed every ${WATCH_MS / 1000} s until final`}</WatchingNote> : null}
        </section>
        <TransferFactsSection transfer={transfer} />
        <TransferRulesSection transfer={transfer} />
        <TransferHistorySection transfer={transfer} />
        <TransferPostingsSection transfer={transfer} />
        <p data-testid="transfer-queue" className="text-xs text-zinc-500 dark:text-zinc-400">
          {queue.position ? `Transfer ${queue.position.at} of ${queue.position.total} in ${queue.queue?.title ?? 'the list'} · ` : ''}
          {queue.next !== undefined || queue.previous !== undefined ? 'j / k: next or previous transfer · ' : ''}c: copy the session ID · u: back to the list ·
          ?: every shortcut
        </p>
      </div>
    </>
  );
}
