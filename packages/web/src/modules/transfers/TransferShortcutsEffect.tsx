import { useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import type { ReviewQueueState } from '../review-queue/useReviewQueue';
import type { TransferActions } from './useTransferActions';

export interface TransferShortcutsEffectProps {
  actions: TransferActions;
  /** The transfer's session id, once loaded: `c` copies it. */
  copySessionId: (() => void) | null;
  queue: ReviewQueueState;
  /** Where `u` goes when no queue is walked. */
  listPath: string;
}

/**
 * A transfer page's keys, each listed in `?` only while it works: `r`/`b` release or block a held
 * transfer, `q` re-queries a pending one, `t` retries a failed one, `c` copies the session id,
 * `j`/`k` the next or previous transfer of the list it was opened from, `u` that list. Renders nothing.
 */
export function TransferShortcutsEffect({ actions, copySessionId, queue, listPath }: TransferShortcutsEffectProps) {
  const navigate = useNavigate();
  const { can } = actions;
  const { next, previous } = queue;
  useShortcut('r', 'Release this held transfer, with a note (then the next opens)', actions.release, { enabled: can.review });
  useShortcut('b', 'Block this held transfer, with a note (then the next opens)', actions.block, { enabled: can.review });
  useShortcut('q', 'Re-query this pending transfer now', actions.requeryNow, { enabled: can.requery });
  useShortcut('t', 'Retry this failed transfer as a new transfer', actions.retry, { enabled: can.retry });
  useShortcut('c', 'Copy the NIP session ID', () => copySessionId?.(), { enabled: copySessionId !== null });
  useShortcut('j', 'Next transfer in the list', () => next !== undefined && queue.go(next), { enabled: next !== undefined });
  useShortcut('k', 'Previous transfer in the list', () => previous !== undefined && queue.go(previous), { enabled: previous !== undefined });
  useShortcut('u', 'Back to the list', () => navigate(queue.queue?.listPath ?? listPath));
  return null;
}
