import { approvalEvidence, approveApproval, declineApproval, getApproval, listApprovals, notFound, type ApprovalStatus } from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList, type Implementation } from '../../handling/implement';
import { serveUpload } from '../kyc/index';
import { actingOf, approvalView, type ApprovalExecutors, decideApproval } from './approvals';
import { findRequest, requestQuery, requestSearch, statusIs, toApprovalRequest } from './approvals.repository';

/** Filters of a list of requests: the approvals queue's, and wallet-credit's requests list. */
export interface RequestFilters {
  status: ApprovalStatus | 'ALL';
  /** Only these actions. */
  commands?: readonly string[] | undefined;
  businessId?: number | undefined;
  search?: string | undefined;
}

/**
 * Requests as a list: pending ones oldest first (first come, first decided); any other view
 * newest first.
 */
export function requestListSource(ctx: HandlerContext, filters: RequestFilters) {
  let query = requestQuery(ctx.db, ctx.now);
  if (filters.status !== 'ALL') query = query.where(statusIs(filters.status, ctx.now));
  if (filters.commands) query = query.where('r.command_id', 'in', filters.commands.length ? [...filters.commands] : ['']);
  if (filters.businessId !== undefined) query = query.where('r.business_id', '=', filters.businessId);
  if (filters.search) query = query.where(requestSearch(filters.search));
  const pending = filters.status === 'PENDING';
  return {
    query,
    cursor: { column: 'r.id', key: 'id' as const, direction: pending ? ('asc' as const) : ('desc' as const) },
    ...(pending ? { sortFirst: { column: 'r.requested_at', key: 'requested_order' as const } } : {}),
    map: toApprovalRequest,
  };
}

export const listApprovalsHandler = implementList(listApprovals, ({ input, ctx }) =>
  requestListSource(ctx, { status: input.status, commands: input.command ? [input.command] : undefined, businessId: input.businessId, search: input.search }),
);

export const getApprovalHandler = implement(getApproval, async ({ input, ctx }) => approvalView(ctx, input.id));

export const approvalEvidenceHandler = implement(approvalEvidence, async ({ input, ctx }) => {
  const request = await findRequest(ctx.db, input.id, ctx.now);
  if (!request) throw notFound(`Approval request ${input.id} does not exist`);
  if (request.evidenceUploadId === null) throw notFound(`Approval request ${input.id} has no evidence attached`);
  return serveUpload(ctx, request.evidenceUploadId);
});

/** The deciding commands, running the executors the composition root registered. */
export function decisionHandlers(executors: ApprovalExecutors): Implementation[] {
  return [
    implement(approveApproval, async ({ input, ctx }) =>
      decideApproval(actingOf(ctx), { id: input.id, decision: 'approve', note: input.note ?? null, commandId: approveApproval.id, executors }),
    ),
    implement(declineApproval, async ({ input, ctx }) =>
      decideApproval(actingOf(ctx), { id: input.id, decision: 'decline', note: input.reason, commandId: declineApproval.id, executors }),
    ),
  ];
}
