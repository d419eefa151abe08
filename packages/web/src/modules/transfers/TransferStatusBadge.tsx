import { TRANSFER_STATUS_WORDS, type TransferStatus } from '@traction/core';
import { Badge, type BadgeTone } from '../ui/Badge';

/** Paid reads good; waiting on a person or the bank reads amber; refused or failed reads red; on its way is plain. */
const TONE: Readonly<Record<TransferStatus, BadgeTone>> = {
  HELD: 'warn',
  BLOCKED: 'bad',
  QUEUED: 'neutral',
  SENDING: 'neutral',
  PENDING: 'warn',
  SUCCESSFUL: 'good',
  FAILED: 'bad',
};

/** A transfer's status in people's words ("Pending at the bank"), coloured by what it asks of them. */
export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <Badge tone={TONE[status]}>{TRANSFER_STATUS_WORDS[status]}</Badge>;
}
