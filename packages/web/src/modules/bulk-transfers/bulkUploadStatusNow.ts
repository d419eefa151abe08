import { formatNaira, type ApprovalRequest, type BulkUpload } from '@traction/core';
import { formatDateTime } from '../ui/formatDateTime';

/** What the approvals page says about the upload's request, when the admin may read it. */
export interface ApprovalFacts {
  request: ApprovalRequest;
  /** Who may decide it, in words ("an admin of Finance holding …"). */
  decidedBy: string;
}

const count = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;
/** " 21 Nov 2026, 10:20" after a verb, or nothing while the time is not recorded yet (the last row turned final moments ago). */
const at = (iso: string | null) => (iso ? ` ${formatDateTime(iso)}` : '');

/**
 * Where an upload stands, in a sentence an operations person can act on: who it waits for, how
 * far the run has got, or why it stopped. Says plainly when nothing has moved.
 */
export function bulkUploadStatusNow(upload: BulkUpload, approval?: ApprovalFacts): string {
  const { progress } = upload;
  const bad = upload.badRows - upload.excludedRows;
  const request = upload.approvalRequestId === null ? '' : ` (approval request #${upload.approvalRequestId})`;
  switch (upload.status) {
    case 'VALIDATED':
      return bad > 0
        ? `Checked, not submitted: ${count(upload.validRows, 'row')} can be sent (${formatNaira(upload.total)}); ${count(bad, 'bad row')} must be fixed in the file and uploaded again, or left out when submitting. Nothing has moved.`
        : `Checked, not submitted: all ${count(upload.validRows, 'row')} are good (${formatNaira(upload.total)}). Submit it for a second admin's approval; nothing has moved.`;
    case 'AWAITING_APPROVAL': {
      const who = approval ? ` by ${approval.decidedBy}` : ' by a second admin';
      const until = approval ? `, until ${formatDateTime(approval.request.expiresAt)}` : '';
      return `Waiting for approval${who}${request}${until}. Submitted${at(upload.submittedAt)}. Nothing has moved.`;
    }
    case 'DECLINED': {
      const by = approval?.request.decidedByName ? ` by ${approval.request.decidedByName}` : '';
      const why = approval?.request.decisionNote ? `: “${approval.request.decisionNote}”` : '';
      return `Declined${by}${why}${request}. Nothing was sent: submit it again, or cancel it.`;
    }
    case 'EXPIRED':
      return `Nobody decided before the approval request ran out${request}. Nothing was sent: submit it again, or cancel it.`;
    case 'RUNNING': {
      const approved = upload.approvedByName ? `Approved by ${upload.approvedByName}${at(upload.approvedAt)}; ` : 'Approved; ';
      const held = progress.held > 0 ? `, ${count(progress.held, 'row')} held for review` : '';
      return `${approved}${progress.done.toLocaleString('en-NG')} of ${count(progress.rows, 'row')} final, ${progress.pending.toLocaleString('en-NG')} on the way${held}. ${formatNaira(progress.amountMoved)} paid so far.`;
    }
    case 'DONE': {
      const refused = progress.refused > 0 ? ` (${count(progress.refused, 'refused row')}: nothing moved for ${progress.refused === 1 ? 'it' : 'them'})` : '';
      return `Finished${at(upload.finishedAt)}: ${progress.succeeded.toLocaleString('en-NG')} of ${count(progress.rows, 'row')} paid, ${formatNaira(progress.amountMoved)}; ${progress.failed.toLocaleString('en-NG')} failed${refused}.`;
    }
    case 'CANCELLED':
      return `Cancelled${at(upload.finishedAt ?? upload.updatedAt)}. Nothing was sent.`;
  }
}
