import { listTransfers } from '@traction/core';
import type { ReviewQueue } from '../review-queue/ReviewQueue';
import { queueFilters } from '../review-queue/queueFilters';

/** Where the transfer list lives, and where a transfer opens. */
export const FUNDS_TRANSFER_PATH = '/funds-transfer';
export const RETRY_PORTAL_PATH = '/retry-portal';
/** The Retry Portal's rows: the transfer list's filter it always applies. */
export const RETRY_PORTAL_FIXED = { attention: true } as const;

export const transferPath = (id: number) => `${FUNDS_TRANSFER_PATH}/${id}`;

const HELD = /(^|[?&])status=HELD(&|$)/;

/** The transfers walked from one to the next: the Funds Transfer list (or the Retry Portal) showing `search`. */
export function transferQueue(search: string, portal = false): ReviewQueue {
  return {
    command: listTransfers,
    filters: queueFilters(listTransfers, portal ? RETRY_PORTAL_FIXED : {}, search),
    listPath: `${portal ? RETRY_PORTAL_PATH : FUNDS_TRANSFER_PATH}${search}`,
    title: portal ? 'the Retry Portal' : HELD.test(search) ? 'the transfers held for review' : 'Funds Transfer',
    recordPath: transferPath,
  };
}
