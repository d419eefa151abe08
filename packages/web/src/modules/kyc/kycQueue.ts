import { listKyc } from '@traction/core';
import type { ReviewQueue } from '../review-queue/ReviewQueue';
import { queueFilters } from '../review-queue/queueFilters';
import { recordPath, type VerificationView } from './verificationViews';

/** The review queue of a Verification page showing `search` (its URL's filters). */
export function kycQueue(view: VerificationView, search: string): ReviewQueue {
  return {
    command: listKyc,
    filters: queueFilters(listKyc, view.fixed, search),
    // Bare, a page that opens on a status would show that status, not every record.
    listPath: `${view.path}${search || (view.opensOnStatus ? '?status=ALL' : '')}`,
    title: view.title,
    recordPath: (id) => recordPath(view, id),
  };
}
