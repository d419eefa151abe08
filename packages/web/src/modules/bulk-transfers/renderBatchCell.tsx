import type { BulkRowStatus, BulkUploadStatus, ListColumn, SweepRowStatus, SweepStatus } from '@traction/core';
import { BatchRowStatusBadge } from './BatchRowStatusBadge';
import { BatchStatusBadge } from './BatchStatusBadge';

/** Cells of the upload and sweep lists beyond text: their status as a badge in words. */
export function renderBatchCell(column: ListColumn, row: Record<string, unknown>) {
  if (column.key === 'status') return <BatchStatusBadge status={row.status as BulkUploadStatus | SweepStatus} />;
  return undefined;
}

const FAILED_AT_THE_BANK: ReadonlySet<unknown> = new Set(['FAILED', 'BLOCKED']);

/**
 * Cells of an upload's rows: the row's state (a bad row, its transfer's status) in words, and
 * under Problems, for a row the file had right, why it did not pay: the refusal when the run
 * could not start it, or the bank's answer when it failed (those columns are the first a
 * narrow table leaves out).
 */
export function renderBatchRowCell(column: ListColumn, row: Record<string, unknown>) {
  if (column.key === 'status') return <BatchRowStatusBadge status={row.status as BulkRowStatus | SweepRowStatus} />;
  if (column.key === 'problems' && !row.problems) {
    // The table reads the empty Problems as "—" and mutes it: the reason keeps its own colour and shows whole on hover.
    const why =
      typeof row.refusal === 'string' && row.refusal
        ? `Refused: ${row.refusal}`
        : FAILED_AT_THE_BANK.has(row.status) && typeof row.responseMessage === 'string' && row.responseMessage
          ? `Bank: ${row.responseMessage}`
          : null;
    if (why)
      return (
        <span title={why} data-why className="text-red-700 dark:text-red-400">
          {why}
        </span>
      );
  }
  return undefined;
}
