import { listApprovals } from '@traction/core';
import type { ReviewQueue } from '../review-queue/ReviewQueue';
import { queueFilters } from '../review-queue/queueFilters';

/** Where the approvals queue lives. */
export const APPROVALS_PATH = '/approvals';

/** The approvals queue as the list page shows it for `search` (its URL's filters; none: pending, oldest first). */
export function approvalsQueue(search: string): ReviewQueue {
  return {
    command: listApprovals,
    filters: queueFilters(listApprovals, {}, search),
    listPath: `${APPROVALS_PATH}${search}`,
    title: 'Approvals',
    recordPath: (id) => `${APPROVALS_PATH}/${id}`,
  };
}
