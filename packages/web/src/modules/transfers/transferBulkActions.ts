import { formatNaira, requeryTransfer, retryTransfersBulk, reviewTransfersBulk } from '@traction/core';
import { bulkAction } from '../list/bulkAction';
import type { ListBulkAction } from '../list/ListBulkAction';

type Row = Readonly<Record<string, unknown>>;

/** "TRF-118 (₦15,000.00 to ADA OBI)" for one transfer row. */
export const transferWords = (row: Row) => `${String(row.reference)} (${formatNaira(Number(row.amount))} to ${String(row.accountName)})`;
const count = (rows: readonly Row[], status: string) => rows.filter((row) => row.status === status).length;
const plural = (n: number, one: string, other: string) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;

/** Said when none of the selected rows is held: the server would skip every one. */
const noneHeld = (rows: readonly Row[]) => (count(rows, 'HELD') === 0 ? 'None of the selected transfers is held for review.' : undefined);

function reviewSubject(verb: 'Release' | 'Block', outcome: string) {
  return (rows: readonly Row[]) => {
    const held = rows.filter((row) => row.status === 'HELD');
    const skipped = rows.length - held.length;
    const what = held.length === 1 ? transferWords(held[0]!) : `${plural(held.length, 'held transfer', 'held transfers')}`;
    return `${verb} ${what}: ${outcome}${skipped > 0 ? ` ${plural(skipped, 'selected transfer is', 'selected transfers are')} not held and will be skipped.` : ''}`;
  };
}

/** The held transfers' selection bar: release or block, with a note, each selected held transfer. */
export const REVIEW_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: reviewTransfersBulk,
    label: 'Release',
    fixed: { decision: 'release' },
    unavailable: noneHeld,
    subject: reviewSubject('Release', 'each is debited now (through every check again) and sent.'),
  }),
  bulkAction({
    command: reviewTransfersBulk,
    label: 'Block',
    fixed: { decision: 'block' },
    tone: 'danger',
    unavailable: noneHeld,
    subject: reviewSubject('Block', 'refused for good; nothing moves.'),
  }),
];

/**
 * The Retry Portal's selection bar: retry (failed ones are sent again as new transfers, once;
 * pending ones are re-queried, never sent twice), and re-query one pending transfer now.
 */
export const RETRY_ACTIONS: readonly ListBulkAction[] = [
  bulkAction({
    command: retryTransfersBulk,
    label: 'Retry',
    subject: (rows) => {
      const failed = count(rows, 'FAILED');
      const pending = count(rows, 'PENDING');
      const only = rows.length === 1 ? rows[0] : undefined;
      if (only?.status === 'FAILED') return `Retry ${transferWords(only)}: sent again as a new transfer with a new reference, once.`;
      if (only?.status === 'PENDING')
        return `Re-query ${transferWords(only)}: it is pending at the bank and may have been paid, so it is asked about again, never sent twice.`;
      return [
        failed > 0 ? `${plural(failed, 'failed transfer is', 'failed transfers are')} sent again as new transfers, each once.` : '',
        pending > 0 ? `${plural(pending, 'pending transfer is', 'pending transfers are')} re-queried, never sent twice.` : '',
      ]
        .filter(Boolean)
        .join(' ');
    },
  }),
  bulkAction({
    command: requeryTransfer,
    label: 'Re-query now',
    unavailable: (rows) => {
      const only = rows.length === 1 ? rows[0] : undefined;
      return only && only.status !== 'PENDING' ? `${String(only.reference)} is not pending: only pending transfers are re-queried.` : undefined;
    },
    subject: (rows) =>
      rows.length === 1 ? `Ask the bank about ${transferWords(rows[0]!)} now instead of waiting for the schedule.` : 'Re-query the selected transfer',
  }),
];
