import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { approvalBandsField, approvalCommandField, approvalPolicy } from './approval-schemas';

export const listApprovalPolicies = defineCommand({
  id: 'approval-policies.list',
  group: 'approval-policies',
  action: 'list',
  title: 'List approval policies',
  description: 'Which actions wait for a second admin, who may approve them by amount band, and how long a request waits before it expires.',
  keywords: ['four-eyes', 'approval limits', 'authorisation limits', 'maker checker'],
  method: 'GET',
  path: '/api/approval-policies',
  permission: 'approvals.view',
  input: z.object({}),
  output: z.object({ items: z.array(approvalPolicy) }),
  example: 'traction approval-policies list',
});

export const updateApprovalPolicy = defineCommand({
  id: 'approval-policies.update',
  group: 'approval-policies',
  action: 'update',
  title: 'Change an approval policy',
  description:
    'Sets the whole policy: how long requests wait and who may approve them by amount band. Bands are separated by ";", each LIMIT=PERMISSION or LIMIT=PERMISSION@DEPARTMENT with LIMIT in Naira (amounts up to it); the last may leave out LIMIT= to take every larger amount (with a limit, larger amounts cannot be requested). Requests already made follow the new bands; their expiry stays as it was.',
  keywords: ['four-eyes', 'approval limits', 'authorisation limits', 'expiry'],
  method: 'PATCH',
  path: '/api/approval-policies/{command}',
  permission: 'approvals.policies',
  danger: 'confirm',
  audit: { action: (input) => `change the approval policy of ${said(input.command) || 'an action'}` },
  input: z.object({
    command: approvalCommandField,
    expiryHours: z.number().int().min(1).max(720).meta({ label: 'Expires after (hours)' }),
    bands: approvalBandsField,
  }),
  output: z.object({ policy: approvalPolicy, message: z.string() }),
  example:
    'traction approval-policies update --command wallets.credit --expiry-hours 48 --bands "500000=wallets.credit.authorise; wallets.credit.authorise@Finance"',
});
