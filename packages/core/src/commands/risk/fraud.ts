import { z } from 'zod';
import { defineCommand } from '../../command';
import { type AuditInput, yesNo } from '../audit/audit-description';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { reasonField, riskBusiness } from '../../schemas/risk';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';

/** The audit log's words for marking or clearing. */
function fraudWords(input: AuditInput): string {
  const marking = yesNo(input.is_fraud);
  return marking === undefined ? 'mark or clear fraud on {subject}' : marking ? 'mark {subject} as fraud' : 'clear the fraud mark on {subject}';
}

/** Marking needs a reason; clearing may give one. */
function reasonWhenMarking(value: { is_fraud?: boolean; reason?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.is_fraud === true && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required when marking a business as fraud' });
  }
}

const fraudColumns = [
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'name', label: 'Business', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'stateName', label: 'State', kind: 'text' },
  { key: 'isFraud', label: 'Fraud', kind: 'boolean' },
  { key: 'fraudReason', label: 'Fraud reason', kind: 'text' },
  { key: 'fraudMarkedAt', label: 'Marked', kind: 'datetime' },
  { key: 'isTrusted', label: 'Trusted', kind: 'boolean' },
  { key: 'kycOverride', label: 'KYC override', kind: 'boolean' },
  { key: 'walletStatus', label: 'Wallet', kind: 'enum' },
  { key: 'createdAt', label: 'Signed up', kind: 'datetime' },
] as const;

export const listFraud = defineCommand({
  id: 'fraud.list',
  group: 'fraud',
  action: 'list',
  title: 'List businesses for fraud review',
  description: 'Businesses with their fraud mark, trust, KYC override and wallet, newest first.',
  keywords: ['mark as fraud', 'fraudulent', 'risk', 'businesses'],
  method: 'GET',
  path: '/v1/businesses/admin/getallbusinessesforfraud',
  permission: 'fraud.view',
  input: z.object({
    ...listPaging,
    /** Only businesses with (true) or without (false) a KYC override. */
    kyc_override: z.boolean().optional().meta({ label: 'KYC override' }),
    /** Only businesses marked (true) or not marked (false) as fraud. */
    is_fraud: z.boolean().optional().meta({ label: 'Fraud' }),
    /** Only businesses with (true) or without (false) a wallet. */
    has_wallet: z.boolean().optional().meta({ label: 'Has wallet' }),
    /** Start of the name or email, or a business id. */
    search: searchField.optional(),
  }),
  output: listOutput(riskBusiness),
  list: {
    route: '/fraud',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/merchants/{id}',
    bulkCommands: ['fraud.update', 'fraud.update-bulk'],
    columns: fraudColumns,
  },
  example: 'traction fraud list --is-fraud --search mama',
});

export const updateFraudStatus = defineCommand({
  id: 'fraud.update',
  group: 'fraud',
  action: 'update',
  title: 'Mark or clear fraud on a business',
  description:
    'Marking stops all money moving in or out of the business and removes its trust; clearing lets money move again as its wallet allows. Needs a reason when marking.',
  keywords: ['mark as fraud', 'clear fraud', 'flag', 'unflag'],
  method: 'POST',
  path: '/v1/businesses/{id}/updatefraudstatus',
  permission: 'fraud.manage',
  danger: 'confirm',
  audit: { action: (input) => fraudWords(input), subject: { kind: 'business', from: 'id' }, note: 'reason' },
  input: z
    .object({
      id: idField,
      /** true marks the business as fraud, false clears the mark. */
      is_fraud: z.boolean().meta({ label: 'Mark as fraud (untick to clear)' }),
      reason: reasonField.optional(),
    })
    .superRefine(reasonWhenMarking),
  output: z.object({ business: riskBusiness, message: z.string() }),
  example: 'traction fraud update --id 42 --is-fraud --reason "Chargebacks from stolen cards"',
});

export const updateFraudStatusBulk = defineCommand({
  id: 'fraud.update-bulk',
  group: 'fraud',
  action: 'update-bulk',
  title: 'Mark or clear fraud on selected businesses',
  description:
    'Marks (or clears) every selected business: by ids, or every business matching the fraud list filters. Businesses already in that state are skipped and reported.',
  keywords: ['bulk', 'selection', 'mark as fraud'],
  method: 'POST',
  path: '/v1/businesses/updatefraudstatus/bulk',
  permission: 'fraud.manage',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: (input) => fraudWords(input), subject: { kind: 'business', from: 'selection' }, note: 'reason' },
  input: z
    .object({
      ...selectionFields(listFraud),
      is_fraud: z.boolean().meta({ label: 'Mark as fraud (untick to clear)' }),
      reason: reasonField.optional(),
    })
    .superRefine(checkSelection)
    .superRefine(reasonWhenMarking),
  output: bulkOutput,
  example: 'traction fraud update-bulk --ids 42,43 --is-fraud --reason "Same device as a known fraudster"',
});
