import { getApproval, type BulkUploadStatus, type SweepStatus } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import type { ApprovalFacts } from './bulkUploadStatusNow';

/** The approval request matters while it is being (or was) decided; once running, the batch says who approved. */
const ASKS_APPROVAL: ReadonlySet<BulkUploadStatus | SweepStatus> = new Set(['AWAITING_APPROVAL', 'DECLINED', 'EXPIRED']);

/**
 * What the approvals page says about a bulk upload's or sweep's request (who may decide it, until
 * when, who declined it and why), for the status sentence; undefined when the admin may not read
 * approvals, so the sentence falls back to "a second admin".
 */
export function useBatchApproval(batch: { status: BulkUploadStatus | SweepStatus; approvalRequestId: number | null } | undefined): ApprovalFacts | undefined {
  const { allowed } = useOpenCommand();
  const approvalId = batch && ASKS_APPROVAL.has(batch.status) ? batch.approvalRequestId : null;
  const approval = useCommandQuery(getApproval, { id: approvalId ?? 0 }, { enabled: approvalId !== null && allowed(getApproval) });
  return approval.data ? { request: approval.data.request, decidedBy: approval.data.decidedBy } : undefined;
}
