import {
  decideTerminalRequest,
  listDeliveryStates,
  editTerminalRequest,
  formatNaira,
  getTerminalRequest,
  stateName,
  TERMINAL_PRICE_PLAN_WORDS,
  TERMINAL_REQUEST_SOURCE_WORDS,
  TERMINAL_REQUEST_STATUS_WORDS,
  TERMINAL_STATE_WORDS,
  type TerminalRequestStatus,
  type TerminalState,
  updateTerminalRequestStatus,
} from '@traction/core';
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { DetailTable } from '../merchants/DetailTable';
import { queueMemory } from '../review-queue/queueMemory';
import { useReviewArrival } from '../review-queue/useReviewArrival';
import { useReviewQueue } from '../review-queue/useReviewQueue';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { ChangeLogSection } from '../ui/ChangeLogSection';
import { Section } from '../ui/Section';
import { ShortcutKey } from '../ui/ShortcutKey';
import { LAST_VIEW_KEY, requestViewPath, terminalRequestsQueue, viewOfSlug } from './terminalRequestsQueue';

/** What moving a request to each status is called on its button. */
const MOVE_WORDS: Partial<Record<TerminalRequestStatus, string>> = {
  PAID: 'Mark paid',
  ON_LOAN: 'Put on loan',
  ASSIGNED: 'Assign terminals',
  DISPATCHED: 'Dispatch',
  DELIVERED: 'Mark delivered',
  DEPLOYED: 'Mark deployed',
};

/**
 * One terminal request: who asked for what, its terminals and its change log. A request just
 * raised is approved (a) or declined (d), and the next request of the view it was opened from
 * opens; later moves (m: paid or on loan, terminals assigned, dispatched, delivered, deployed),
 * follow-up (f) and edit (e) stay on the page. j/k walk the view, u goes back to it.
 */
export default function TerminalRequestPage() {
  const { id: raw = '' } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const shown = useCommandQuery(getTerminalRequest, { id }, { enabled: valid });
  const data = shown.data;
  const view = viewOfSlug(queueMemory.recall(LAST_VIEW_KEY));
  const remembered = queueMemory.recall(requestViewPath(view));
  const queue = useReviewQueue(id, {
    from: remembered === null ? null : terminalRequestsQueue(view, remembered),
    own: data ? terminalRequestsQueue(viewOfSlug('all'), '') : null,
  });
  const { allowed, open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const arrival = useReviewArrival(!!data);
  const [notice, setNotice] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request replaces the notice about the previous one with what the queue said.
  useEffect(() => setNotice(arrival), [id, arrival]);

  const name = data ? `request #${data.id} for ${data.businessName}` : '';
  const refetch = () => void shown.refetch();
  const undecided = data?.status === 'REQUESTED' && allowed(decideTerminalRequest);
  const decide = (decision: 'APPROVED' | 'DECLINED') =>
    data &&
    open({
      command: decideTerminalRequest,
      fixed: { requestId: data.id, decision },
      about: name,
      action: `${decision === 'APPROVED' ? 'Approve' : 'Decline'} ${name}`,
      subject: `${data.quantity} × ${data.provider ?? 'any'} ${data.model ?? ''} (${TERMINAL_PRICE_PLAN_WORDS[data.plan].toLowerCase()}), ${formatNaira(data.amount)}`,
      onDone: () => {
        closeForm(null);
        void queue.advance(`Request #${data.id} ${decision === 'APPROVED' ? 'approved' : 'declined'}.`);
      },
    });
  const moves = (data?.nextStatuses ?? []).filter((status) => status !== 'APPROVED' && status !== 'DECLINED');
  const mayMove = moves.length > 0 && allowed(updateTerminalRequestStatus);
  const moveTo = (status: TerminalRequestStatus) =>
    data &&
    open({
      command: updateTerminalRequestStatus,
      fixed: { requestId: data.id, status },
      about: name,
      action: `${MOVE_WORDS[status]}: ${name}`,
      subject:
        status === 'ASSIGNED'
          ? `Name ${data.quantity} terminal ID${data.quantity === 1 ? '' : 's'} of terminals in stock`
          : `${TERMINAL_REQUEST_STATUS_WORDS[data.status]} now`,
      onDone: refetch,
    });
  const mayEdit = Boolean(data) && allowed(editTerminalRequest);
  const inDelivery = data?.status === 'DISPATCHED' || data?.status === 'DELIVERED';
  const deliveryStates = useCommandQuery(listDeliveryStates, {}, { enabled: mayEdit && inDelivery && allowed(listDeliveryStates) });
  const stepTo = (state: { id: number; name: string }) =>
    data &&
    open({
      command: editTerminalRequest,
      fixed: { requestId: data.id, deliveryStateId: state.id },
      about: name,
      action: `Delivery of ${name}: ${state.name}`,
      onDone: refetch,
    });
  const edit = () =>
    data &&
    open({ command: editTerminalRequest, fixed: { requestId: data.id }, about: name, subject: 'Leave a box empty to keep what it holds', onDone: refetch });
  const followUp = () =>
    data &&
    open({
      command: editTerminalRequest,
      fixed: { requestId: data.id, followUp: !data.followUp },
      about: name,
      action: data.followUp ? `Clear the follow-up on ${name}` : `Flag ${name} for a follow-up call`,
      onDone: refetch,
    });
  useShortcut('a', 'Approve this request (then the next opens)', () => decide('APPROVED'), { enabled: undecided });
  useShortcut('d', 'Decline this request, with a reason (then the next opens)', () => decide('DECLINED'), { enabled: undecided });
  useShortcut('m', moves[0] ? `${MOVE_WORDS[moves[0]]}` : 'Move on', () => moves[0] && moveTo(moves[0]), { enabled: mayMove });
  useShortcut('f', 'Flag or clear a follow-up call', followUp, { enabled: mayEdit });
  useShortcut('e', 'Edit the request', edit, { enabled: mayEdit });
  useShortcut('j', 'Next request in the view', () => queue.next !== undefined && queue.go(queue.next), { enabled: queue.next !== undefined });
  useShortcut('k', 'Previous request in the view', () => queue.previous !== undefined && queue.go(queue.previous), { enabled: queue.previous !== undefined });
  useShortcut('u', 'Back to the view', () => navigate(queue.queue?.listPath ?? '/terminal-requests/all'));

  if (valid && shown.isPending) return <PageSpinner />;
  if (!data)
    return (
      <RecordNotLoaded
        valid={valid}
        error={shown.error}
        missing={`There is no terminal request #${raw}.`}
        failed="This request could not be loaded"
        retry={refetch}
      />
    );
  const facts: [string, ReactNode][] = [
    ['Source', TERMINAL_REQUEST_SOURCE_WORDS[data.source]],
    [
      'Merchant',
      <Link key="m" className={linkClass} to={`/merchants/${data.businessId}`}>
        {data.businessName}
      </Link>,
    ],
    ['Contact', `${data.contactName} · ${data.contactPhone}`],
    ['Deliver to', `${data.deliveryAddress}, ${stateName(data.stateCode)}`],
    ['Terminals', `${data.quantity} × ${data.provider ?? 'any provider'} ${data.model ?? ''}`.trim()],
    ['Plan', `${TERMINAL_PRICE_PLAN_WORDS[data.plan]}${data.isLoan ? ', on loan' : ''} · ${formatNaira(data.amount)}`],
    ['Follow up', data.followUp ? `Yes${data.followUpNote ? `: ${data.followUpNote}` : ''}` : 'No'],
    ['Raised', `${formatDateTime(data.createdAt)}${data.requestedBy ? ` by ${data.requestedBy}` : ''}`],
    ['Delivery', data.deliveryState ?? (inDelivery ? 'not recorded' : '—')],
    ['Deployed', formatDateTime(data.deployedAt)],
    ['Note', data.note ?? '—'],
  ];
  return (
    <div className="max-w-4xl space-y-4" data-page="terminal-request" data-status={data.status} data-request-id={data.id}>
      <PageHeader
        title={`Terminal request #${data.id} · ${data.businessName}`}
        description={queue.position ? `Request ${queue.position.at} of ${queue.position.total} in ${queue.queue?.title ?? 'the view'}` : undefined}
        actions={
          <div role="group" aria-label="Actions" data-focus-home tabIndex={-1} className="flex flex-wrap gap-2 outline-none">
            {undecided ? (
              <>
                <Button variant="primary" data-action="a" onClick={() => decide('APPROVED')}>
                  Approve <ShortcutKey>a</ShortcutKey>
                </Button>
                <Button variant="danger" data-action="d" onClick={() => decide('DECLINED')}>
                  Decline <ShortcutKey>d</ShortcutKey>
                </Button>
              </>
            ) : null}
            {mayMove
              ? moves.map((status, index) => (
                  <Button key={status} variant={index === 0 ? 'primary' : 'secondary'} data-action={`move-${status}`} onClick={() => moveTo(status)}>
                    {MOVE_WORDS[status]}
                    {index === 0 ? <ShortcutKey>m</ShortcutKey> : null}
                  </Button>
                ))
              : null}
            {mayEdit ? (
              <>
                <Button onClick={followUp}>
                  {data.followUp ? 'Clear follow-up' : 'Follow up'} <ShortcutKey>f</ShortcutKey>
                </Button>
                <Button onClick={edit}>
                  Edit <ShortcutKey>e</ShortcutKey>
                </Button>
              </>
            ) : null}
          </div>
        }
      />
      <p
        role="status"
        aria-live="polite"
        data-testid="request-notice"
        className={notice ? 'rounded-md border border-zinc-300 p-2.5 dark:border-zinc-700' : 'sr-only'}
      >
        {notice ?? ''}
      </p>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800">
        <dt className="text-zinc-500">Status</dt>
        <dd>
          <Badge tone={data.status === 'DEPLOYED' ? 'good' : data.status === 'DECLINED' ? 'bad' : 'neutral'}>
            {TERMINAL_REQUEST_STATUS_WORDS[data.status]}
          </Badge>
        </dd>
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {mayEdit && inDelivery && deliveryStates.data ? (
        <div role="group" aria-label="Delivery state" className="flex flex-wrap items-center gap-2 text-sm" data-testid="delivery-steps">
          <span className="text-zinc-500">Delivery:</span>
          {deliveryStates.data.items
            .filter((state) => state.active && state.id !== data.deliveryStateId)
            .map((state) => (
              <Button key={state.id} data-delivery-state={state.id} onClick={() => stepTo(state)}>
                {state.name}
              </Button>
            ))}
        </div>
      ) : null}
      <Section name="terminals" title="Terminals" count={data.terminals.length}>
        <DetailTable
          label="Terminals"
          rows={data.terminals}
          rowKey={(terminal) => terminal.id}
          empty="None assigned yet."
          columns={[
            {
              label: 'Serial number',
              cell: (terminal) => (
                <Link className={linkClass} to={`/terminals/${terminal.id}`}>
                  {terminal.serialNo}
                </Link>
              ),
            },
            { label: 'Terminal ID', cell: (terminal) => terminal.terminalId },
            { label: 'State', cell: (terminal) => TERMINAL_STATE_WORDS[terminal.state as TerminalState] ?? terminal.state },
          ]}
        />
      </Section>
      <ChangeLogSection events={data.events.map((event) => ({ ...event, by: event.adminName }))} words={TERMINAL_REQUEST_STATUS_WORDS} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {queue.next !== undefined || queue.previous !== undefined ? 'j / k: next or previous request · ' : ''}u: back to the view · ?: every shortcut
      </p>
    </div>
  );
}
