/**
 * The KYC state machine, written once: the server enforces it, the console shows it, the CLI's
 * help lists it. A record is submitted PENDING; a reviewer may take it into PROCESSING (with the
 * verification provider) or decide it straight away. APPROVED, DISAPPROVED and REJECTED are
 * final: a merchant whose details did not match submits a new record, and a record's history is
 * never rewritten.
 */

export const KYC_STATUSES = ['PENDING', 'PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The status every record is submitted in, whoever opens it (signup, corporate verification). */
export const KYC_SUBMITTED_STATUS = 'PENDING' satisfies KycStatus;

/** Statuses a reviewer may move a record to (PENDING is only ever the submitted state). */
export const KYC_REVIEW_STATUSES = ['APPROVED', 'DISAPPROVED', 'REJECTED', 'PROCESSING'] as const;
export type KycReviewStatus = (typeof KYC_REVIEW_STATUSES)[number];

/** Where each status may go next. Final statuses go nowhere. */
export const KYC_TRANSITIONS: Readonly<Record<KycStatus, readonly KycReviewStatus[]>> = {
  PENDING: ['PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED'],
  PROCESSING: ['APPROVED', 'DISAPPROVED', 'REJECTED'],
  APPROVED: [],
  DISAPPROVED: [],
  REJECTED: [],
};

/** What each status means, for the console's state diagram and help texts. */
export const KYC_STATUS_MEANING: Readonly<Record<KycStatus, string>> = {
  PENDING: 'Submitted, awaiting review',
  PROCESSING: 'Under review, or with the verification provider',
  APPROVED: 'Verified',
  DISAPPROVED: 'Details do not match; the merchant submits a new record',
  REJECTED: 'The document is unacceptable or its ID is blacklisted',
};

/** Records in these statuses can no longer change. */
export const isFinalKycStatus = (status: KycStatus): boolean => KYC_TRANSITIONS[status].length === 0;

/** Records still waiting for a decision. */
export const OPEN_KYC_STATUSES = KYC_STATUSES.filter((status) => !isFinalKycStatus(status));

/** Negative outcomes must say why, for the merchant and for the audit trail. */
export const kycStatusNeedsComment = (status: KycStatus): boolean => status === 'DISAPPROVED' || status === 'REJECTED';

export type KycTransitionCheck = { ok: true } | { ok: false; message: string };

/** Whether a record in `from` may move to `to`, and if not, a sentence saying why. */
export function checkKycTransition(from: KycStatus, to: KycStatus): KycTransitionCheck {
  if (KYC_TRANSITIONS[from].includes(to as KycReviewStatus)) return { ok: true };
  if (from === to) return { ok: false, message: `The record is already ${to}` };
  if (isFinalKycStatus(from)) return { ok: false, message: `The record is ${from}, which is final; the merchant must submit a new record` };
  return { ok: false, message: `A ${from} record cannot be moved to ${to}` };
}

/** The verb people read for a move to a status: "approve", "disapprove"… */
export const KYC_STATUS_ACTION: Readonly<Record<KycReviewStatus, string>> = {
  APPROVED: 'Approve',
  DISAPPROVED: 'Disapprove',
  REJECTED: 'Reject',
  PROCESSING: 'Start processing',
};
