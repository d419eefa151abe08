import type { KycReviewStatus } from '@traction/core';
import { useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import type { ReviewQueueState } from '../review-queue/useReviewQueue';
import type { VerificationView } from './verificationViews';

export interface KycRecordShortcutsEffectProps {
  view: VerificationView;
  /** The record is loaded and no decision dialog is open: review keys work. */
  ready: boolean;
  /** A decision dialog is open: only its own keys work. */
  deciding: boolean;
  decide: (status: KycReviewStatus) => void;
  reject: () => void;
  blacklist: () => void;
  blacklistLabel: string;
  /** The queue the record is walked in: the records beside it, and its list. */
  queue: ReviewQueueState;
}

/**
 * The KYC record page's keys (listed in `?`); renders nothing. Mounted while the record loads
 * too, so `u` goes back to the list from a spinner or an error.
 */
export function KycRecordShortcutsEffect({ view, ready, deciding, decide, reject, blacklist, blacklistLabel, queue }: KycRecordShortcutsEffectProps) {
  const navigate = useNavigate();
  const { next, previous } = queue;
  useShortcut('a', 'Approve this record (then the next opens)', () => decide('APPROVED'), { enabled: ready });
  useShortcut('d', 'Disapprove this record, with a comment (then the next opens)', () => decide('DISAPPROVED'), { enabled: ready });
  useShortcut('p', 'Start processing this record', () => decide('PROCESSING'), { enabled: ready });
  useShortcut('r', 'Reject this record…', reject, { enabled: ready });
  useShortcut('b', blacklistLabel, blacklist, { enabled: ready });
  useShortcut('j', 'Next record in the list', () => next !== undefined && queue.go(next), { enabled: !deciding && next !== undefined });
  useShortcut('k', 'Previous record in the list', () => previous !== undefined && queue.go(previous), { enabled: !deciding && previous !== undefined });
  useShortcut('u', 'Back to the list', () => navigate(queue.queue?.listPath ?? view.path), { enabled: !deciding });
  return null;
}
