import { KYC_STATUS_MEANING, KYC_STATUSES, KYC_TRANSITIONS, type KycReviewStatus, type KycStatus } from '@traction/core';
import { humanize } from '../list/formatCell';

type NodeState = 'current' | 'next' | 'passed' | 'blocked' | 'other';

const NODE: Record<NodeState, string> = {
  current: 'border-accent-600 bg-accent-50 text-accent-900 ring-2 ring-accent-600/30 dark:bg-accent-950 dark:text-accent-100',
  next: 'border-zinc-400 border-dashed text-zinc-800 dark:border-zinc-500 dark:text-zinc-100',
  passed: 'border-zinc-300 bg-zinc-100 text-zinc-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  blocked: 'border-red-300 border-dashed text-red-700 line-through dark:border-red-800 dark:text-red-300',
  other: 'border-zinc-200 text-zinc-400 dark:border-zinc-800 dark:text-zinc-600',
};

/**
 * The KYC state machine with this record on it: where it is, where it has been, where it may go
 * now (dashed) and a move the blacklist forbids (struck through). Read from core's transition
 * table, so the picture cannot drift from what the server enforces.
 */
export function KycStateMachine({ status, allowedNext, visited }: { status: KycStatus; allowedNext: readonly KycReviewStatus[]; visited: ReadonlySet<KycStatus> }) {
  const stateOf = (node: KycStatus): NodeState => {
    if (node === status) return 'current';
    if ((allowedNext as readonly string[]).includes(node)) return 'next';
    if ((KYC_TRANSITIONS[status] as readonly string[]).includes(node)) return 'blocked';
    if (visited.has(node)) return 'passed';
    return 'other';
  };
  const finals = KYC_STATUSES.filter((s) => KYC_TRANSITIONS[s].length === 0);
  const node = (s: KycStatus) => {
    const state = stateOf(s);
    return (
      <li key={s} data-kyc-state={s} data-state={state} title={KYC_STATUS_MEANING[s]} className={`rounded-md border px-2 py-1 text-xs font-medium ${NODE[state]}`}>
        {humanize(s.toLowerCase())}
        {state === 'current' ? <span className="sr-only"> (current)</span> : state === 'next' ? <span className="sr-only"> (possible next)</span> : null}
      </li>
    );
  };
  return (
    <div data-testid="kyc-state-machine" className="flex flex-wrap items-center gap-2" aria-label={`Status ${status}; may move to ${allowedNext.length ? allowedNext.join(', ') : 'nothing: final'}`}>
      <ol className="flex items-center gap-2">
        {node('PENDING')}
        <li aria-hidden="true" className="text-zinc-400">→</li>
        {node('PROCESSING')}
        <li aria-hidden="true" className="text-zinc-400">→</li>
      </ol>
      <ol className="flex flex-wrap items-center gap-2">{finals.map(node)}</ol>
      <p className="w-full text-xs text-zinc-500 dark:text-zinc-400">
        {KYC_STATUS_MEANING[status]}.{' '}
        {allowedNext.length ? `May move to ${allowedNext.map((s) => humanize(s.toLowerCase())).join(', ')}.` : 'Final: the merchant submits a new record to try again.'}
      </p>
    </div>
  );
}
