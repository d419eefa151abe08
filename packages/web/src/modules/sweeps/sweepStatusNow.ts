import { formatNaira, type Sweep } from '@traction/core';
import type { ApprovalFacts } from '../bulk-transfers/bulkUploadStatusNow';
import { formatDateTime } from '../ui/formatDateTime';

const count = (n: number, one: string, other = `${one}s`) => `${n.toLocaleString('en-NG')} ${n === 1 ? one : other}`;
/** " 21 Nov 2026, 10:20" after a verb, or nothing while the time is not recorded yet. */
const at = (iso: string | null) => (iso ? ` ${formatDateTime(iso)}` : '');

/** Where a sweep stands, in a sentence: what the draft would move, who must approve, how far the run has got. */
export function sweepStatusNow(sweep: Sweep, approval?: ApprovalFacts): string {
  const { progress } = sweep;
  const request = sweep.approvalRequestId === null ? '' : ` (approval request #${sweep.approvalRequestId})`;
  const skipped = progress.skipped > 0 ? `; ${count(progress.skipped, 'wallet')} skipped, each with why` : '';
  switch (sweep.status) {
    case 'DRAFT':
      return `Draft: ${formatNaira(sweep.total)} from ${count(progress.rows, 'wallet')} to ${sweep.accountName}${skipped}. Nothing moves until it is submitted and another admin approves.`;
    case 'AWAITING_APPROVAL': {
      const who = approval ? ` by ${approval.decidedBy}` : ' by a second admin';
      const until = approval ? `, until ${formatDateTime(approval.request.expiresAt)}` : '';
      return `Waiting for approval${who}${request}${until}. Submitted${at(sweep.submittedAt)}. Nothing has moved.`;
    }
    case 'DECLINED': {
      const by = approval?.request.decidedByName ? ` by ${approval.request.decidedByName}` : '';
      const why = approval?.request.decisionNote ? `: “${approval.request.decisionNote}”` : '';
      return `Declined${by}${why}${request}. Nothing moved: submit it again, or cancel it.`;
    }
    case 'EXPIRED':
      return `Nobody decided before the approval request ran out${request}. Nothing moved: submit it again, or cancel it.`;
    case 'RUNNING': {
      const approved = sweep.approvedByName ? `Approved by ${sweep.approvedByName}${at(sweep.approvedAt)}; ` : 'Approved; ';
      const held = progress.held > 0 ? `, ${count(progress.held, 'wallet')} held for review` : '';
      return `${approved}${progress.done.toLocaleString('en-NG')} of ${count(progress.rows, 'wallet')} final, ${progress.pending.toLocaleString('en-NG')} on the way${held}. ${formatNaira(progress.amountMoved)} swept so far.`;
    }
    case 'DONE': {
      const shortfall = progress.shortfall > 0 ? ` Balances had fallen by ${formatNaira(progress.shortfall)} when the run reached them.` : '';
      return `Finished${at(sweep.finishedAt)}: ${progress.succeeded.toLocaleString('en-NG')} of ${count(progress.rows, 'wallet')} swept, ${formatNaira(progress.amountMoved)} to ${sweep.accountName}; ${progress.failed.toLocaleString('en-NG')} failed.${shortfall}`;
    }
    case 'CANCELLED':
      return `Cancelled${at(sweep.finishedAt ?? sweep.updatedAt)}. Nothing moved.`;
  }
}
