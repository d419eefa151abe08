import { TRANSFER_STATUSES, type BulkRowStatus, type SweepRowStatus, type TransferStatus } from '@traction/core';
import { TransferStatusBadge } from '../transfers/TransferStatusBadge';
import { Badge, type BadgeTone } from '../ui/Badge';

type RowStatus = BulkRowStatus | SweepRowStatus;
type OwnStatus = Exclude<RowStatus, TransferStatus>;

const OWN: Readonly<Record<OwnStatus, { words: string; tone: BadgeTone }>> = {
  INVALID: { words: 'Bad row', tone: 'bad' },
  EXCLUDED: { words: 'Left out', tone: 'neutral' },
  SKIPPED: { words: 'Skipped', tone: 'neutral' },
  WAITING: { words: 'Waiting', tone: 'neutral' },
  REFUSED: { words: 'Refused', tone: 'bad' },
};

const isTransferStatus = (status: string): status is TransferStatus => (TRANSFER_STATUSES as readonly string[]).includes(status);

/** A row of a bulk upload or a source of a sweep: its own state before it has a transfer, then its transfer's. */
export function BatchRowStatusBadge({ status }: { status: RowStatus }) {
  if (isTransferStatus(status)) return <TransferStatusBadge status={status} />;
  const own = OWN[status];
  return <Badge tone={own.tone}>{own.words}</Badge>;
}
