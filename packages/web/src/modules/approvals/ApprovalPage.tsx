import { approvalEvidence, approveApproval, declineApproval, formatNaira, getApproval, type ApprovalRequest } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { client } from '../../app/client';
import { useOpenCommand } from '../commands/useOpenCommand';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import { useCommandQuery } from '../list/useCommandQuery';
import { queueMemory } from '../review-queue/queueMemory';
import { useReviewArrival } from '../review-queue/useReviewArrival';
import { useReviewQueue } from '../review-queue/useReviewQueue';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { statusTone } from '../ui/statusTone';
import { APPROVALS_PATH, approvalsQueue } from './approvalsQueue';
import { approvalSubjectLink } from './approvalSubjectLink';

/**
 * One approval request: what is asked, who asked and why, who may decide it, and the decision.
 * Keys: `a` approve (the money confirmation shows what will be posted), `d` decline with a reason,
 * `j`/`k` the next or previous request of the queue, `u` the queue. A decision opens the next
 * request of the queue it was opened from, saying what was done; after the last, the queue.
 */
export default function ApprovalPage() {
  const { id = '' } = useParams();
  const requestId = Number(id);
  const valid = Number.isInteger(requestId) && requestId > 0;
  const shown = useCommandQuery(getApproval, { id: requestId }, { enabled: valid });
  const data = shown.data;
  const remembered = queueMemory.recall(APPROVALS_PATH);
  const queue = useReviewQueue(requestId, { from: remembered === null ? null : approvalsQueue(remembered), own: data ? approvalsQueue('') : null });
  const { open } = useOpenCommand();
  const closeForm = useSetAtom(commandRequestAtom);
  const navigate = useNavigate();
  const arrival = useReviewArrival(!!data);
  const [notice, setNotice] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request replaces the notice about the previous one with what the queue said.
  useEffect(() => setNotice(arrival), [requestId, arrival]);

  // The next request is read while this one is decided, so deciding opens it at once.
  const queryClient = useQueryClient();
  const { next, previous } = queue;
  useEffect(() => {
    if (next !== undefined)
      void queryClient.prefetchQuery({ queryKey: [getApproval.id, { id: next }], queryFn: ({ signal }) => client.call(getApproval, { id: next }, { signal }) });
  }, [next, queryClient]);

  const decide = (decision: 'approve' | 'decline') => {
    if (!data) return;
    const { request, you } = data;
    if (!you.allowed) {
      setNotice(you.reason);
      return;
    }
    const done = (verb: string) => () => {
      closeForm(null);
      void queue.advance(`Request #${request.id} ${verb}.`);
    };
    const what = `${request.label} of ${formatNaira(request.amount)} for ${request.businessName}: ${request.reason}`;
    if (decision === 'approve')
      open({ command: approveApproval, fixed: { id: request.id }, about: request.businessName, subject: what, onDone: done('approved') });
    else open({ command: declineApproval, fixed: { id: request.id }, about: request.businessName, subject: what, onDone: done('declined') });
  };
  const ready = !!data && data.request.status === 'PENDING';
  useShortcut('a', 'Approve this request (then the next opens)', () => decide('approve'), { enabled: ready });
  useShortcut('d', 'Decline this request, with a reason (then the next opens)', () => decide('decline'), { enabled: ready });
  useShortcut('j', 'Next request in the queue', () => next !== undefined && queue.go(next), { enabled: next !== undefined });
  useShortcut('k', 'Previous request in the queue', () => previous !== undefined && queue.go(previous), { enabled: previous !== undefined });
  useShortcut('u', 'Back to the queue', () => navigate(queue.queue?.listPath ?? APPROVALS_PATH));

  if (!valid) return <p role="alert">There is no approval request {id}.</p>;
  if (shown.isPending) return <PageSpinner />;
  if (!data) {
    return (
      <p role="alert" className="text-red-600">
        This request could not be loaded: {shown.error?.message ?? 'unknown error'}
      </p>
    );
  }
  const { request, decidedBy, you } = data;
  return (
    <div data-page="approval" data-approval-id={request.id} data-status={request.status} className="max-w-3xl space-y-4">
      <PageHeader
        title={`${request.label} request #${request.id} · ${request.businessName}`}
        description={`${formatNaira(request.amount)} · asked by ${request.requestedByName} on ${formatDateTime(request.requestedAt)}`}
        actions={
          request.status === 'PENDING' ? (
            <div role="group" aria-label="Decision" data-focus-home tabIndex={-1} className="flex gap-2 outline-none">
              <Button variant="primary" data-action="a" title="Shortcut: a" onClick={() => decide('approve')}>
                Approve
              </Button>
              <Button variant="danger" data-action="d" title="Shortcut: d" onClick={() => decide('decline')}>
                Decline
              </Button>
            </div>
          ) : undefined
        }
      />
      <p
        role="status"
        aria-live="polite"
        data-testid="approval-notice"
        className={notice ? 'rounded-md border border-zinc-300 p-2.5 dark:border-zinc-700' : 'sr-only'}
      >
        {notice ?? ''}
      </p>
      <RequestFacts request={request} />
      <section className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
        <h2 className="mb-1 font-semibold">Who may decide</h2>
        <p>{decidedBy}, never the admin who asked.</p>
        {request.status === 'PENDING' ? (
          <p data-testid="approval-you" className="mt-1 text-zinc-600 dark:text-zinc-400">
            {you.allowed ? 'You may approve or decline it.' : you.reason}
          </p>
        ) : null}
      </section>
      {request.evidenceUploadId !== null ? (
        <Button onClick={() => open({ command: approvalEvidence, fixed: { id: request.id }, about: `request #${request.id}` })}>Download the evidence</Button>
      ) : null}
      <p data-testid="approval-queue" className="text-xs text-zinc-500 dark:text-zinc-400">
        {queue.position ? `Request ${queue.position.at} of ${queue.position.total} in the queue · ` : ''}
        {next !== undefined || previous !== undefined ? 'j / k: next or previous request · ' : ''}u: back to Approvals · ?: every shortcut
      </p>
    </div>
  );
}

function RequestFacts({ request }: { request: ApprovalRequest }) {
  return (
    <section className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-3 text-sm sm:grid-cols-[auto_1fr] dark:border-zinc-800">
      <span className="text-zinc-500">Status</span>
      <span>
        <Badge tone={statusTone(request.status)}>{request.status}</Badge>
      </span>
      <span className="text-zinc-500">Business</span>
      {request.businessId === null ? (
        <span>{request.businessName}</span>
      ) : (
        <span>
          <Link className={linkClass} to={`/merchants/${request.businessId}`}>
            {request.businessName} (#{request.businessId})
          </Link>{' '}
          ·{' '}
          <Link className={linkClass} to={`/new-wallet-crediting-portal/${request.businessId}/${encodeURIComponent(request.businessEmail)}`}>
            its wallet and requests
          </Link>
        </span>
      )}
      {request.subject ? (
        <>
          <span className="text-zinc-500">For</span>
          <span>
            <Link className={linkClass} to={approvalSubjectLink(request.subject).path} data-testid="approval-subject">
              {approvalSubjectLink(request.subject).label}
            </Link>
          </span>
        </>
      ) : null}
      <span className="text-zinc-500">Amount</span>
      <span className="tabular-nums" data-testid="approval-amount">
        {formatNaira(request.amount)}
      </span>
      <span className="text-zinc-500">Reason</span>
      <span>{request.reason}</span>
      <span className="text-zinc-500">Expires</span>
      <span>{formatDateTime(request.expiresAt)}</span>
      <span className="text-zinc-500">Decided</span>
      <span>
        {request.decidedByName
          ? `${request.decidedByName}, ${formatDateTime(request.decidedAt)}${request.decisionNote ? `: ${request.decisionNote}` : ''}`
          : '—'}
      </span>
      <span className="text-zinc-500">Posted as</span>
      <span className="font-mono text-xs">{request.transferReference ?? '—'}</span>
    </section>
  );
}
