import type { TransferOrigin } from '@traction/core';

/** How a transfer came to be, in words, for filters, cells and the detail page. */
export const TRANSFER_ORIGIN_WORDS: Readonly<Record<TransferOrigin, string>> = {
  single: 'Sent by an admin',
  payout: 'Payout to settlement account',
  bulk: 'Bulk upload row',
  sweep: 'Bulk sweep',
  retry: 'Retry of a failed transfer',
};
