import type { AnyCommand } from '../../command';
import { listApprovalPolicies, updateApprovalPolicy } from './approval-policies';
import { approvalEvidence, approveApproval, declineApproval, getApproval, listApprovals } from './approvals';

export * from './approval-policies';
export * from './approval-schemas';
export * from './approvals';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const approvalCommands = [
  listApprovals,
  getApproval,
  approveApproval,
  declineApproval,
  approvalEvidence,
  listApprovalPolicies,
  updateApprovalPolicy,
] as const satisfies readonly AnyCommand[];
