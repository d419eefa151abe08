import { isFinalKycStatus, KYC_STATUS_ACTION, updateKycStatus, type CommandOutput, type KycReviewStatus, type KycStatus } from '@traction/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import type { KycDetail } from './KycDetail';
import type { KycNotice } from './KycNotice';
import { maskedId, statusLabel } from './kycLabels';

const PAST: Record<KycReviewStatus, string> = { APPROVED: 'approved', DISAPPROVED: 'disapproved', REJECTED: 'rejected', PROCESSING: 'moved to processing' };

/**
 * The review decisions on one KYC record: which the admin may take, the one being decided (its
 * dialog open), and what happens after. A move the record cannot take says why in the notice
 * instead of doing nothing. A decision (approve, disapprove) `advance`s to the next record of the
 * queue, saying what was done; starting processing keeps the record open, says so, and once the
 * page shows the new status puts focus on the next action left, or the heading.
 */
export function useKycDecisions(
  kycId: number,
  data: KycDetail | undefined,
  setNotice: (notice: KycNotice | null) => void,
  advance: (notice: string) => Promise<void>,
) {
  const { allowed } = useOpenCommand();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [deciding, setDeciding] = useState<KycReviewStatus | null>(null);
  const [focusAfter, setFocusAfter] = useState<KycStatus | null>(null);
  const next = new Set<string>(data?.allowedNext ?? []);
  const mayReview = allowed(updateKycStatus);

  // Once the page shows the new status (and the dialog has given focus back), focus the next
  // action still open, or the heading; never leave it on <body>.
  const shownStatus = data?.record.status;
  useEffect(() => {
    if (!focusAfter || deciding || shownStatus !== focusAfter) return;
    const timer = setTimeout(() => {
      const page = document.querySelector('[data-page="kyc-record"]');
      const target = page?.querySelector<HTMLElement>('[data-action]:not([data-action="b"])') ?? page?.querySelector<HTMLElement>('h1');
      if (target?.tagName === 'H1') target.tabIndex = -1;
      target?.focus();
      setFocusAfter(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusAfter, deciding, shownStatus]);

  /** Why this record cannot move to `to` now, or null when it can. */
  const whyNot = (to: KycReviewStatus): string | null => {
    if (!data) return null;
    const { record } = data;
    const verb = KYC_STATUS_ACTION[to].toLowerCase();
    if (!mayReview) return `You cannot ${verb} KYC records: that needs the kyc.review permission.`;
    if (next.has(to)) return null;
    if (to === 'APPROVED' && data.blacklisted)
      return `KYC #${record.id} cannot be approved: its ${maskedId(data.blacklisted.idType, data.blacklisted.idNumber)} is blacklisted.`;
    if (isFinalKycStatus(record.status))
      return `KYC #${record.id} is ${statusLabel(record.status).toLowerCase()}, which is final: it cannot be changed. The merchant submits a new record to try again.`;
    return `KYC #${record.id} is already ${statusLabel(record.status).toLowerCase()}.`;
  };
  const attempt = (to: KycReviewStatus, run: () => void) => {
    const reason = whyNot(to);
    if (reason) setNotice({ tone: 'refused', text: reason });
    else run();
  };
  /** Opens the decision dialog for `status`, or says why not. */
  const decide = (status: KycReviewStatus) =>
    attempt(status, () => {
      setNotice(null);
      setDeciding(status);
    });
  /** Rejecting asks for a reason on its own page, which comes back here. */
  const reject = () => attempt('REJECTED', () => navigate(`/document-verification/reject/${kycId}`, { state: { from: pathname } }));
  /** The decision dialog's answer: say what was done; then the next record, or focus once the page shows a record still open. */
  const decided = (output: CommandOutput<typeof updateKycStatus>) => {
    const to = output.record.status;
    const text = `KYC #${output.record.id} ${PAST[to as KycReviewStatus] ?? statusLabel(to).toLowerCase()}.`;
    setNotice({ tone: 'done', text });
    if (isFinalKycStatus(to)) void advance(text);
    else setFocusAfter(to);
  };

  return { mayReview, next, deciding, decide, reject, decided, cancel: () => setDeciding(null) };
}
