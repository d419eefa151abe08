import { OPEN_KYC_STATUSES, type KycRecord } from '@traction/core';
import { queueMemory } from '../review-queue/queueMemory';
import { useReviewQueue } from '../review-queue/useReviewQueue';
import { kycQueue } from './kycQueue';
import type { VerificationView } from './verificationViews';

/**
 * The KYC records a reviewer walks from this one: the Verification list they came from, with its
 * filters; or, opened by a link, the records of its page waiting in the same status (a pending
 * record: the pending queue, oldest first), or every record of its page for a decided one.
 */
export function useKycQueue(kycId: number, view: VerificationView, record: KycRecord | undefined) {
  const remembered = queueMemory.recall(view.path);
  const waiting = record !== undefined && OPEN_KYC_STATUSES.includes(record.status);
  return useReviewQueue(kycId, {
    from: remembered === null ? null : kycQueue(view, remembered),
    own: record ? kycQueue(view, waiting ? `?status=${record.status}` : '') : null,
  });
}
