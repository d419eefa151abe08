import { alreadyInState, conflict, forbidden, formatNaira, lagosDateTime, notFound, type ApprovalRequest } from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp } from '../../db/timestamps';
import { type HandlerContext, requireAdmin, type SignedInAdmin } from '../../handling/handler-context';
import { bandDecider, bandFor, deciderProblem, policyCeiling } from './approval-rules';
import { adminName, departmentsOf, findPolicy, findRequest, insertRequest, lockRequest, recordDecision, type StoredPolicy } from './approvals.repository';

/** A decided request as its executor receives it (approved, or declined for `declined`). */
export interface ApprovedRequest {
  id: number;
  /** The action (`wallets.credit`). */
  commandId: string;
  /** Null when the action pays from a company account. */
  businessId: number | null;
  amount: bigint;
  reason: string;
  /** What the requesting command stored for the executor. */
  input: Record<string, unknown>;
}

/** Who and what runs an approved request: carried onto the ledger transfers it posts. */
export interface ExecutionMeta {
  /** The deciding admin. */
  adminId: number;
  /** The command that decided (`approvals.approve`, `wallet-credit.authorise`). */
  commandId: string;
  /** The HTTP request that decided; null for the demo data's decisions. */
  requestId: string | null;
  /** When it was decided, by the deciding command's clock (the demo data's decisions are in the past). */
  at?: Date;
}

/**
 * Runs the requests of one action once approved. Registered at the composition root
 * (the server's handlers.ts), so this domain never imports the domains it runs.
 */
export interface ApprovalExecutor {
  /** The action it runs (`wallets.credit`). */
  commandId: string;
  /**
   * Does what was asked, inside the deciding transaction; answers the ledger reference it
   * posted. Throws (an ApiError) to refuse: nothing is recorded and the request stays pending.
   */
  execute(db: Db, request: ApprovedRequest, meta: ExecutionMeta): Promise<{ reference: string | null }>;
  /**
   * Optional: what a decline does to the record the request was for (a requested loan becomes
   * declined), inside the deciding transaction; `meta.note` is the decline's reason. Throwing
   * refuses the decline like any refusal. Actions whose records simply wait need none.
   */
  declined?(db: Db, request: ApprovedRequest, meta: ExecutionMeta & { note: string | null }): Promise<void>;
}

export type ApprovalExecutors = ReadonlyMap<string, ApprovalExecutor>;

export function executorsById(executors: readonly ApprovalExecutor[]): ApprovalExecutors {
  const byId = new Map<string, ApprovalExecutor>();
  for (const executor of executors) {
    if (byId.has(executor.commandId)) throw new Error(`two approval executors for ${executor.commandId}`);
    byId.set(executor.commandId, executor);
  }
  return byId;
}

async function policyOf(db: Db, commandId: string): Promise<StoredPolicy> {
  const policy = await findPolicy(db, commandId);
  if (!policy) throw conflict(`There is no approval policy for ${commandId}; nothing can be requested or approved for it`, { reason: 'no_policy' });
  return policy;
}

/** Whether an action of this amount must wait for a second admin under its policy (an amount at or below the policy's threshold runs at once). */
export async function needsApproval(db: Db, commandId: string, amount: bigint): Promise<boolean> {
  const policy = await policyOf(db, commandId);
  return policy.approvalAboveKobo === null || amount > policy.approvalAboveKobo;
}

/**
 * Records a request for a second admin's decision under the action's policy, expiring after the
 * policy's hours. The caller has checked the business and kept any evidence.
 */
export async function createApprovalRequest(
  acting: Acting,
  request: { commandId: string; businessId: number | null; amount: number; reason: string; input: Record<string, unknown>; evidenceUploadId: number | null },
): Promise<{ request: ApprovalRequest; policy: StoredPolicy }> {
  const { admin, db, now } = acting;
  const policy = await policyOf(db, request.commandId);
  if (!bandFor(policy, BigInt(request.amount))) {
    throw conflict(
      `Nobody may approve a ${policy.label.toLowerCase()} above ${formatNaira(policyCeiling(policy) ?? 0n)} under the approval policy; ask for less`,
      {
        reason: 'above_policy',
      },
    );
  }
  const id = await insertRequest(db, {
    ...request,
    requestedBy: admin.id,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + policy.expiryHours * 3_600_000),
  });
  return { request: (await findRequest(db, id, now))!, policy };
}

/** The request, the rule for who decides it, and whether the signed-in admin may. */
export async function approvalView(ctx: HandlerContext, id: number) {
  const admin = requireAdmin(ctx);
  const request = await findRequest(ctx.db, id, ctx.now);
  if (!request) throw notFound(`Approval request ${id} does not exist`);
  const policy = await policyOf(ctx.db, request.commandId);
  const band = bandFor(policy, BigInt(request.amount))?.band;
  let reason: string | null = null;
  if (request.status !== 'PENDING') reason = `It is ${request.status.toLowerCase()}.`;
  else if (request.requestedById === admin.id) reason = 'You asked for it; another admin must decide it (four-eyes).';
  else reason = deciderProblem(admin, await departmentsOf(ctx.db, admin.id), policy, BigInt(request.amount), 'it')?.message ?? null;
  return { request, decidedBy: band ? bandDecider(band) : 'nobody (above the approval policy)', you: { allowed: reason === null, reason } };
}

/** Who acts, and when: a signed-in admin's request (`actingOf`), or the demo data's admins. */
export interface Acting {
  db: Db;
  now: Date;
  admin: SignedInAdmin;
  /** The HTTP request, kept on the transfers an approval posts; null outside one. */
  requestId: string | null;
}

/** The admin a command runs as, acting. */
export const actingOf = (ctx: HandlerContext): Acting => ({ db: ctx.db, now: ctx.now, admin: requireAdmin(ctx), requestId: ctx.request.id });

export interface Decision {
  id: number;
  decision: 'approve' | 'decline';
  note: string | null;
  /** The command deciding, kept on the transfers an approval posts. */
  commandId: string;
  /** Only requests of this action (wallet-credit's authorise takes credits, authorise/debit debits). */
  onlyAction?: string;
  executors: ApprovalExecutors;
}

/**
 * Decides a request under its lock: never the requester's own, only by an admin the policy's band
 * allows, never once expired or decided. Approving runs the action's executor in the same
 * transaction as the decision and its audit row: a refusal of the executor (a 409 from the
 * ledger) leaves the request pending and nothing posted. Declining runs the executor's `declined`
 * hook, when it has one, in the same transaction.
 */
export async function decideApproval(acting: Acting, decision: Decision): Promise<{ request: ApprovalRequest; message: string }> {
  const { admin, db, now } = acting;
  const row = await lockRequest(db, decision.id);
  if (!row) throw notFound(`Approval request ${decision.id} does not exist`);
  const policy = await policyOf(db, row.command_id);
  const name = `${policy.label.toLowerCase()} request #${row.id}`;
  if (decision.onlyAction && row.command_id !== decision.onlyAction) {
    const expected = (await findPolicy(db, decision.onlyAction))?.label.toLowerCase() ?? decision.onlyAction;
    throw conflict(`Request #${row.id} is a ${policy.label.toLowerCase()} request, not a ${expected} request; decide it with its own command`, {
      reason: 'wrong_action',
      action: row.command_id,
    });
  }
  const asked = decision.decision === 'approve' ? 'APPROVED' : 'DECLINED';
  if (row.status === 'APPROVED' || row.status === 'DECLINED') {
    const by = row.decided_by === null ? 'another admin' : await adminName(db, row.decided_by);
    const when = row.decided_at ? ` on ${lagosDateTime(isoTimestamp(row.decided_at))}` : '';
    const sentence = `${capitalise(name)} was already ${row.status.toLowerCase()} by ${by}${when}`;
    if (row.status === asked) throw alreadyInState(sentence, { status: row.status });
    throw conflict(`${sentence}; it cannot be ${asked.toLowerCase()} now`, { reason: 'decided', status: row.status });
  }
  if (row.status === 'EXPIRED' || row.expires_at.getTime() <= now.getTime()) {
    const at = lagosDateTime(isoTimestamp(row.expires_at));
    throw conflict(`${capitalise(name)} expired at ${at} (Lagos time), undecided; ask for a new request`, {
      reason: 'expired',
      expiresAt: isoTimestamp(row.expires_at),
    });
  }
  if (row.requested_by === admin.id) {
    throw conflict(`You asked for ${name}; another admin must decide it (four-eyes)`, { reason: 'own_request' });
  }
  const amount = BigInt(row.amount);
  const problem = deciderProblem(admin, await departmentsOf(db, admin.id), policy, amount, `this ${formatNaira(amount)} request`);
  if (problem) throw forbidden(problem.message, { reason: 'approval_band', missing: problem.missing });

  let reference: string | null = null;
  const executor = decision.executors.get(row.command_id);
  const asRun: ApprovedRequest = { id: row.id, commandId: row.command_id, businessId: row.business_id, amount, reason: row.reason, input: row.input };
  const meta: ExecutionMeta = { adminId: admin.id, commandId: decision.commandId, requestId: acting.requestId, at: now };
  if (decision.decision === 'approve') {
    if (!executor) throw new Error(`no approval executor is registered for ${row.command_id}`);
    reference = (await executor.execute(db, asRun, meta)).reference;
  } else if (executor?.declined) {
    await executor.declined(db, asRun, { ...meta, note: decision.note });
  }
  await recordDecision(db, row.id, { status: asked, adminId: admin.id, at: now, note: decision.note, transferReference: reference });
  const request = (await findRequest(db, row.id, now))!;
  const message =
    decision.decision === 'approve'
      ? `${capitalise(name)} approved: ${formatNaira(amount)} for ${request.businessName}${reference ? `, posted as ${reference}` : ''}.`
      : `${capitalise(name)} declined: nothing was posted.`;
  return { request, message };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
