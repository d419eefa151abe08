import type { BulkUploadStatus, SweepStatus } from '@traction/core';
import { Badge, type BadgeTone } from '../ui/Badge';

type BatchStatus = BulkUploadStatus | SweepStatus;

/** A bulk upload's or a sweep's status as people say it. */
export const BATCH_STATUS_WORDS: Readonly<Record<BatchStatus, string>> = {
  DRAFT: 'Draft (not submitted)',
  VALIDATED: 'Checked (not submitted)',
  AWAITING_APPROVAL: 'Awaiting approval',
  DECLINED: 'Declined',
  EXPIRED: 'Approval expired',
  RUNNING: 'Running',
  DONE: 'Done',
  CANCELLED: 'Cancelled',
};

const TONE: Readonly<Record<BatchStatus, BadgeTone>> = {
  DRAFT: 'neutral',
  VALIDATED: 'neutral',
  AWAITING_APPROVAL: 'warn',
  DECLINED: 'bad',
  EXPIRED: 'bad',
  RUNNING: 'warn',
  DONE: 'good',
  CANCELLED: 'neutral',
};

/** Waiting on a person or on the banks reads amber, finished reads green, refused reads red. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return <Badge tone={TONE[status]}>{BATCH_STATUS_WORDS[status]}</Badge>;
}
