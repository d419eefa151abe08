import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField, textField } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';
import { APPROVAL_STATUSES, approvalCommandField, approvalRequest, approvalRequestColumns, decisionRight } from './approval-schemas';

/** The queue's filter on where a request stands; ALL shows every request, newest first. */
const approvalStatusFilter = z.enum(['ALL', ...APPROVAL_STATUSES]);

export const listApprovals = defineCommand({
  id: 'approvals.list',
  group: 'approvals',
  action: 'list',
  title: 'List approval requests',
  description:
    'Requests waiting for a second admin (credits and debits today). Pending requests run oldest first (first come, first decided); any other status newest first.',
  keywords: ['four-eyes', 'authorise', 'queue', 'pending approvals', 'maker checker'],
  method: 'GET',
  path: '/api/approvals',
  permission: 'approvals.view',
  input: z.object({
    ...listPaging,
    status: approvalStatusFilter.default('PENDING'),
    command: approvalCommandField.optional(),
    businessId: idField.optional().meta({ label: 'Business ID' }),
    /** Start of the business name or email, or a request id. */
    search: searchField.optional(),
  }),
  output: listOutput(approvalRequest),
  list: {
    route: '/approvals',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/approvals/{id}',
    rowName: 'businessName',
    columns: approvalRequestColumns,
  },
  example: 'traction approvals list --status PENDING --command wallets.credit',
});

export const getApproval = defineCommand({
  id: 'approvals.get',
  group: 'approvals',
  action: 'get',
  title: 'Show an approval request',
  description: 'The request, the rule that decides who may approve it, and whether you may.',
  method: 'GET',
  path: '/api/approvals/{id}',
  permission: 'approvals.view',
  input: z.object({ id: idField }),
  output: z.object({
    request: approvalRequest,
    /** Who may decide it, in words ("an admin of Finance holding …"). */
    decidedBy: z.string(),
    /** Whether the signed-in admin may approve or decline it now. */
    you: decisionRight,
  }),
  example: 'traction approvals get --id 12',
});

const decisionOutput = z.object({ request: approvalRequest, message: z.string() });

export const approveApproval = defineCommand({
  id: 'approvals.approve',
  group: 'approvals',
  action: 'approve',
  title: 'Approve a request',
  description:
    'Runs what was requested (a credit or debit posts to the ledger) and records the approval, all or nothing. Never your own request; the amount decides which permission and department you need; an expired request cannot be approved.',
  keywords: ['authorise', 'four-eyes', 'approve credit', 'approve debit'],
  method: 'POST',
  path: '/api/approvals/{id}/approve',
  permission: 'approvals.view',
  danger: 'money',
  audit: {
    action: (input) => `approve request #${said(input.id)} for {subject}`,
    subject: { kind: 'business', from: 'output.request.businessId' },
    note: 'note',
  },
  input: z.object({ id: idField, note: textField(500).optional() }),
  output: decisionOutput,
  example: 'traction approvals approve --id 12 --yes',
});

export const declineApproval = defineCommand({
  id: 'approvals.decline',
  group: 'approvals',
  action: 'decline',
  title: 'Decline a request',
  description: 'Closes the request without running it; says why. The same admins who may approve it may decline it.',
  keywords: ['reject', 'four-eyes', 'decline credit', 'decline debit'],
  method: 'POST',
  path: '/api/approvals/{id}/decline',
  permission: 'approvals.view',
  danger: 'confirm',
  audit: {
    action: (input) => `decline request #${said(input.id)} for {subject}`,
    subject: { kind: 'business', from: 'output.request.businessId' },
    note: 'reason',
  },
  input: z.object({ id: idField, reason: reasonField }),
  output: decisionOutput,
  example: 'traction approvals decline --id 12 --reason "No ticket for this adjustment"',
});

export const approvalEvidence = defineCommand({
  id: 'approvals.evidence',
  group: 'approvals',
  action: 'evidence',
  title: "Download a request's evidence",
  description: 'The document uploaded with the request, sent so that a browser can show it but never run it.',
  method: 'GET',
  path: '/api/approvals/{id}/evidence',
  permission: 'approvals.view',
  answers: 'file',
  input: z.object({ id: idField }),
  output: fileAnswer,
  example: 'traction approvals evidence --id 12 --out evidence.pdf',
});
