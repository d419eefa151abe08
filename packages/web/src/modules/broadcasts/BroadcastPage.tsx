import {
  BROADCAST_CHANNELS_WORDS,
  BROADCAST_STATUS_WORDS,
  type BroadcastRow,
  type BroadcastStatus,
  DELIVERY_STATUS_WORDS,
  DELIVERY_STATUSES,
  getBroadcast,
  getJob,
  listBroadcastDeliveries,
  listBroadcasts,
  MESSAGE_CHANNEL_WORDS,
  MESSAGE_CHANNELS,
} from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { useArrivalNotice } from '../bulk-transfers/useArrivalNotice';
import { useOpenCommand } from '../commands/useOpenCommand';
import { JobProgress } from '../jobs/JobProgress';
import { useShortcut } from '../keyboard/useShortcut';
import { ListPage } from '../list/ListPage';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { Badge, type BadgeTone } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ShortcutButtons } from '../ui/ShortcutButtons';
import { WatchingNote } from '../ui/WatchingNote';
import { BROADCASTS_PATH, broadcastPath } from './broadcastPaths';
import { sendWords, useBroadcastActions } from './useBroadcastActions';

/** A broadcast that is sending is watched every 2 s, as deduction runs are. */
const SENDING_WATCH_MS = 2_000;
const TONES: Record<BroadcastStatus, BadgeTone> = { DRAFT: 'neutral', SENDING: 'warn', SENT: 'good', PARTLY_FAILED: 'bad', CANCELLED: 'neutral' };
const count = (n: number) => n.toLocaleString('en-NG');
const OPTIONS = {
  channel: MESSAGE_CHANNELS.map((channel) => ({ value: channel, label: MESSAGE_CHANNEL_WORDS[channel] })),
  status: DELIVERY_STATUSES.map((status) => ({ value: status, label: DELIVERY_STATUS_WORDS[status] })),
};

/** Where the broadcast stands, in a sentence. */
function statusWords(b: BroadcastRow): string {
  switch (b.status) {
    case 'DRAFT':
      return 'A draft: nobody has it yet. Edit it (e), then send it (s); it is sent once.';
    case 'SENDING':
      return `Sending since ${formatDateTime(b.sentAt)}: ${count(b.sent)} of ${count(b.messages ?? 0)} messages sent so far.${b.note ? ` ${b.note}.` : ''}`;
    case 'SENT':
      return `Sent ${formatDateTime(b.finishedAt)}: every message went to ${count(b.recipients ?? 0)} merchants${b.skipped > 0 ? `, ${count(b.skipped)} skipped (opted out or no address)` : ''}.`;
    case 'PARTLY_FAILED':
      return `Finished ${formatDateTime(b.finishedAt)}: ${count(b.sent)} sent, ${count(b.bounced)} bounced, ${count(b.failed)} failed, ${count(b.skipped)} skipped. See why in the messages below.`;
    case 'CANCELLED':
      return `Cancelled ${formatDateTime(b.cancelledAt)}: ${b.cancelReason ?? ''}. ${count(b.sent)} messages had gone out.`;
  }
}

/**
 * A broadcast (the spec's Edit Broadcast page): its words as merchants get them, its audience and
 * whom it reaches, where it stands; while it sends, its job's progress and its counts per channel
 * refreshed every 2 s; and, once sent, every message with what became of it (filters by channel
 * and outcome, CSV). e edit, s send, c cancel, u all broadcasts.
 */
export default function BroadcastPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { allowed } = useOpenCommand();
  const shown = useCommandQuery(
    getBroadcast,
    { id },
    { enabled: valid, refetchInterval: (data) => (data?.broadcast.status === 'SENDING' ? SENDING_WATCH_MS : false) },
  );
  const detail = shown.data;
  const b = detail?.broadcast;
  const notice = useArrivalNotice(b?.status, shown.dataUpdatedAt);
  const buttons = useBroadcastActions(detail, (message) => navigate(broadcastPath(id), { replace: true, state: { notice: message } }));
  useShortcut('u', 'All broadcasts', () => navigate(BROADCASTS_PATH), { enabled: allowed(listBroadcasts) });

  // The messages follow the figures: when the broadcast moved, the loaded pages are asked for again.
  const moved = b ? `${b.status}:${b.sent}:${b.bounced}:${b.failed}` : '';
  const seen = useRef(moved);
  useEffect(() => {
    if (!moved || seen.current === moved) return;
    const first = seen.current === '';
    seen.current = moved;
    if (!first) void queryClient.invalidateQueries({ queryKey: [listBroadcastDeliveries.id] });
  }, [moved, queryClient]);

  const fixed = useMemo(() => ({ id }), [id]);
  const views = useMemo(
    () =>
      b && b.status !== 'DRAFT'
        ? [
            { label: 'All', search: '', count: b.messages ?? 0 },
            { label: 'Bounced', search: '?status=BOUNCED', count: b.bounced },
            { label: 'Failed', search: '?status=FAILED', count: b.failed },
            { label: 'Skipped', search: '?status=SKIPPED', count: b.skipped },
          ]
        : undefined,
    [b],
  );

  if (valid && shown.isPending) return <PageSpinner />;
  if (!detail || !b) {
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no broadcast #${raw}.`}
        failed="This broadcast could not be loaded"
        retry={() => void shown.refetch()}
      />
    );
  }

  const facts: [string, ReactNode][] = [
    ['Channels', BROADCAST_CHANNELS_WORDS[b.channels]],
    ['Audience', b.audienceWords],
    ...(detail.plan ? ([['Sending now reaches', sendWords(detail.plan)]] as [string, ReactNode][]) : []),
    ...(b.recipients !== null ? ([['Sent to', `${count(b.recipients)} merchants, ${count(b.messages ?? 0)} messages`]] as [string, ReactNode][]) : []),
    ['Written', `${formatDateTime(b.createdAt)}${b.createdBy ? ` by ${b.createdBy}` : ''}`],
    ...(b.sentAt ? ([['Sent', `${formatDateTime(b.sentAt)}${b.sentBy ? ` by ${b.sentBy}` : ''}`]] as [string, ReactNode][]) : []),
  ];

  const summary = (
    <div className="mb-3 space-y-3">
      {notice ? (
        <p
          role="status"
          data-testid="broadcast-notice"
          className="rounded-md bg-emerald-50 p-2.5 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      <section
        aria-label="Status now"
        className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Badge tone={TONES[b.status]}>{BROADCAST_STATUS_WORDS[b.status]}</Badge>
        <p role="status" aria-live="polite" data-testid="broadcast-status-words" className="min-w-0 flex-1 basis-80">
          {statusWords(b)}
        </p>
        {b.status === 'SENDING' ? <WatchingNote>Refreshing every 2 s</WatchingNote> : null}
      </section>
      <div className="grid gap-3 lg:grid-cols-2">
        <dl
          className="grid content-start gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800"
          data-testid="broadcast-facts"
        >
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-zinc-500">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="space-y-3 text-sm">
          {b.emailSubject !== null ? (
            <section aria-label="Email" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="broadcast-email">
              <p className="font-semibold">{b.emailSubject}</p>
              <p className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{b.emailBody}</p>
              <p className="mt-2 text-xs text-zinc-500">Ends with why the merchant gets it and an unsubscribe link.</p>
            </section>
          ) : null}
          {b.smsText !== null ? (
            <section aria-label="SMS" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="broadcast-sms">
              <p className="whitespace-pre-wrap">{b.smsText}</p>
              <p className="mt-2 text-xs text-zinc-500">
                Ends with “Stop:” and an unsubscribe link · {b.smsParts} SMS part{b.smsParts === 1 ? '' : 's'} ({b.smsEncoding})
              </p>
            </section>
          ) : null}
        </div>
      </div>
      {b.status !== 'DRAFT' ? (
        <>
          <BatchFigures
            label="Figures"
            figures={[
              { key: 'messages', label: 'Messages', value: count(b.messages ?? 0), note: `to ${count(b.recipients ?? 0)} merchants` },
              { key: 'sent', label: 'Sent', value: count(b.sent), tone: 'good' },
              { key: 'bounced', label: 'Bounced', value: count(b.bounced), tone: b.bounced > 0 ? 'bad' : undefined },
              { key: 'failed', label: 'Failed', value: count(b.failed), tone: b.failed > 0 ? 'bad' : undefined },
              { key: 'skipped', label: 'Skipped', value: count(b.skipped), tone: b.skipped > 0 ? 'warn' : undefined, note: 'opted out or no address' },
            ]}
          />
          <Section name="channels" title="Per channel">
            <DetailTable
              label="Messages per channel"
              rows={detail.counts}
              rowKey={(row) => row.channel}
              empty="None."
              columns={[
                { label: 'Channel', cell: (row) => MESSAGE_CHANNEL_WORDS[row.channel] },
                { label: 'Messages', cell: (row) => count(row.total) },
                { label: 'Waiting', cell: (row) => count(row.pending + row.sending) },
                { label: 'Sent', cell: (row) => count(row.sent) },
                { label: 'Bounced', cell: (row) => count(row.bounced) },
                { label: 'Failed', cell: (row) => count(row.failed) },
                { label: 'Skipped', cell: (row) => count(row.skipped) },
                { label: 'Cancelled', cell: (row) => count(row.cancelled) },
              ]}
            />
          </Section>
        </>
      ) : null}
      {b.status === 'SENDING' && b.jobId !== null && allowed(getJob) ? (
        <Section name="job" title="Background job">
          <div className="p-3">
            <JobProgress
              jobId={b.jobId}
              unit="messages"
              countLabels={{ sent: 'Sent', bounced: 'Bounced', failed: 'Failed', skipped: 'Skipped', retrying: 'Waiting to retry' }}
              onFinished={() => void queryClient.invalidateQueries({ queryKey: [getBroadcast.id] })}
            />
          </div>
        </Section>
      ) : null}
    </div>
  );

  const header = (
    <PageHeader
      title={b.name}
      description={`Broadcast #${b.id} · ${BROADCAST_STATUS_WORDS[b.status]}`}
      actions={<ShortcutButtons buttons={buttons} focusHome />}
    />
  );

  return (
    <div className="max-w-6xl" data-page="broadcast" data-broadcast-id={b.id} data-status={b.status}>
      {b.status === 'DRAFT' ? (
        <>
          {header}
          {summary}
        </>
      ) : (
        <ListPage
          command={listBroadcastDeliveries}
          title={b.name}
          description={`Broadcast #${b.id} · ${BROADCAST_STATUS_WORDS[b.status]} · every message and what became of it`}
          fixed={fixed}
          rowNoun={{ one: 'message', other: 'messages' }}
          filterOptions={OPTIONS}
          selectable={false}
          views={views}
          summary={summary}
          actions={<ShortcutButtons buttons={buttons} />}
        />
      )}
    </div>
  );
}
