import type { Implementation } from '../../handling/implement';
import { listApprovalPoliciesHandler, updateApprovalPolicyHandler } from './approval-policies.handlers';
import { type ApprovalExecutor, executorsById } from './approvals';
import { approvalEvidenceHandler, decisionHandlers, getApprovalHandler, listApprovalsHandler } from './approvals.handlers';

/**
 * Approvals (four-eyes): policies as data, requests, and decisions that run what was requested.
 * Generic over actions: a domain that needs a second admin records a request here and registers
 * an executor for its action at the composition root (the server's handlers.ts).
 */
export {
  type Acting,
  actingOf,
  type ApprovalExecutor,
  type ApprovalExecutors,
  type ApprovedRequest,
  createApprovalRequest,
  type Decision,
  decideApproval,
  type ExecutionMeta,
  executorsById,
  needsApproval,
} from './approvals';
export { type RequestFilters, requestListSource } from './approvals.handlers';

/** Implementations of this domain's commands, deciding with the executors given. */
export function approvalImplementations(executors: readonly ApprovalExecutor[]): Implementation[] {
  return [
    listApprovalsHandler,
    getApprovalHandler,
    ...decisionHandlers(executorsById(executors)),
    approvalEvidenceHandler,
    listApprovalPoliciesHandler,
    updateApprovalPolicyHandler,
  ];
}
