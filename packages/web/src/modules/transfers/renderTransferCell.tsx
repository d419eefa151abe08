import type { ListColumn, TransferOrigin, TransferStatus } from '@traction/core';
import { TRANSFER_ORIGIN_WORDS } from './transferOriginWords';
import { TransferStatusBadge } from './TransferStatusBadge';

/** The transfer lists' cells beyond text: the status as a badge in words, the origin in words. */
export function renderTransferCell(column: ListColumn, row: Record<string, unknown>) {
  if (column.key === 'status') return <TransferStatusBadge status={row.status as TransferStatus} />;
  if (column.key === 'origin') return TRANSFER_ORIGIN_WORDS[row.origin as TransferOrigin] ?? undefined;
  return undefined;
}
