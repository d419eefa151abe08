import type { KycReviewStatus } from '@traction/core';
import { useNavigate } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { listReturnPath } from './listReturnPath';
import { recordPath, type VerificationView } from './verificationViews';

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
  /** The records beside this one in the list it was opened from. */
  neighbours: { previous?: number; next?: number };
}

/**
 * The KYC record page's keys (listed in `?`); renders nothing. Mounted while the record loads
 * too, so `u` goes back to the list from a spinner or an error.
 */
export function KycRecordShortcutsEffect({ view, ready, deciding, decide, reject, blacklist, blacklistLabel, neighbours }: KycRecordShortcutsEffectProps) {
  const navigate = useNavigate();
  useShortcut('a', 'Approve this record', () => decide('APPROVED'), { enabled: ready });
  useShortcut('d', 'Disapprove this record (with a comment)', () => decide('DISAPPROVED'), { enabled: ready });
  useShortcut('p', 'Start processing this record', () => decide('PROCESSING'), { enabled: ready });
  useShortcut('r', 'Reject this record…', reject, { enabled: ready });
  useShortcut('b', blacklistLabel, blacklist, { enabled: ready });
  useShortcut('j', 'Next record in the list', () => neighbours.next && navigate(recordPath(view, neighbours.next)), {
    enabled: !deciding && neighbours.next !== undefined,
  });
  useShortcut('k', 'Previous record in the list', () => neighbours.previous && navigate(recordPath(view, neighbours.previous)), {
    enabled: !deciding && neighbours.previous !== undefined,
  });
  useShortcut('u', 'Back to the list', () => navigate(listReturnPath(view.path)), { enabled: !deciding });
  return null;
}
