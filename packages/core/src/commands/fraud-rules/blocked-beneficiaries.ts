import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { searchField } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';
import { beneficiaryWords } from '../../transfers/fraud-rules';
import { type AuditInput, said } from '../audit/audit-description';
import { bankCodeField, beneficiaryFields } from '../transfers/transfer-schemas';
import { blockedBeneficiary } from './fraud-rule-schemas';

const beneficiaryOf = (input: AuditInput) => beneficiaryWords({ bankCode: said(input.bankCode) || '?', accountNumber: said(input.accountNumber) || '?' });

export const listBlockedBeneficiaries = defineCommand({
  id: 'fraud-rules.blocked.list',
  group: 'fraud-rules',
  action: 'blocked',
  title: 'List blocked beneficiaries',
  description:
    'Bank accounts transfers may not be paid to: a transfer to one matches the blocked-beneficiary rule (which blocks it, unless the rule is disabled or set otherwise).',
  keywords: ['fraud rules manager', 'blocked accounts', 'beneficiary blacklist', 'mule accounts'],
  method: 'GET',
  path: '/api/fraud-rules/blocked-beneficiaries',
  permission: 'fraud-rules.view',
  input: z.object({
    ...listPaging,
    bankCode: bankCodeField.optional().meta({ label: 'Bank code' }),
    /** Start of the account number or of the account's name. */
    search: searchField.optional(),
  }),
  output: listOutput(blockedBeneficiary),
  list: {
    route: '/rules-manager/blocked-beneficiaries',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'accountNumber',
    csv: true,
    columns: [
      { key: 'bankName', label: 'Bank', kind: 'text', width: 14 },
      { key: 'accountNumber', label: 'Account number', kind: 'text', card: 'title' },
      { key: 'accountName', label: 'Account name', kind: 'text' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'addedBy', label: 'Added by', kind: 'text', priority: 'low' },
      { key: 'addedAt', label: 'Added', kind: 'datetime' },
      { key: 'bankCode', label: 'Bank code', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction fraud-rules blocked --search 0123',
});

export const addBlockedBeneficiary = defineCommand({
  id: 'fraud-rules.blocked.add',
  group: 'fraud-rules',
  action: 'block-beneficiary',
  title: 'Block a beneficiary account',
  description:
    'Adds a bank account to the blocked beneficiaries list: from the next transfer, one to it matches the blocked-beneficiary rule. The account number must be a valid NUBAN of the bank. Needs a reason.',
  keywords: ['fraud rules manager', 'block account', 'blacklist beneficiary', 'mule account'],
  method: 'POST',
  path: '/api/fraud-rules/blocked-beneficiaries',
  permission: 'fraud-rules.manage',
  danger: 'confirm',
  audit: { action: (input) => `block transfers to ${beneficiaryOf(input)}`, note: 'reason' },
  input: z.object({
    ...beneficiaryFields,
    /** The name the bank holds for it, if known: shown beside the number. */
    accountName: z.string().trim().max(200).optional().meta({ label: 'Account name (if known)' }),
    reason: reasonField,
  }),
  output: z.object({ beneficiary: blockedBeneficiary, message: z.string() }),
  example: 'traction fraud-rules block-beneficiary --bank-code 058 --account-number 0123456789 --reason "Mule account reported by GTBank"',
});

export const removeBlockedBeneficiary = defineCommand({
  id: 'fraud-rules.blocked.remove',
  group: 'fraud-rules',
  action: 'unblock-beneficiary',
  title: 'Unblock a beneficiary account',
  description: 'Takes a bank account off the blocked beneficiaries list: transfers to it are judged by the other rules again. Needs a reason.',
  keywords: ['fraud rules manager', 'unblock account', 'whitelist beneficiary'],
  method: 'DELETE',
  path: '/api/fraud-rules/blocked-beneficiaries/{bankCode}/{accountNumber}',
  permission: 'fraud-rules.manage',
  danger: 'confirm',
  audit: { action: (input) => `unblock transfers to ${beneficiaryOf(input)}`, note: 'reason' },
  input: z.object({ ...beneficiaryFields, reason: reasonField }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
  example: 'traction fraud-rules unblock-beneficiary --bank-code 058 --account-number 0123456789 --reason "Cleared by GTBank"',
});
