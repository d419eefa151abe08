import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { type AuditInput, said, yesNo } from '../audit/audit-description';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, idField, searchField, textField } from '../../schemas/common';
import { accountNumberField, fixedAccount, fixedAccountBankField, fixedAccountStatusField, inactiveFixedAccount, reasonField } from '../../schemas/risk';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';

/** Blacklisting needs a reason; whitelisting may give one. */
function reasonWhenBlacklisting(value: { blacklist?: boolean; reason?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.blacklist === true && !value.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required when blacklisting an account' });
  }
}

/** The audit log's words for blacklisting or whitelisting. */
function blacklistWords(input: AuditInput): string {
  const blacklisting = yesNo(input.blacklist);
  return blacklisting === undefined ? 'blacklist or whitelist {subject}' : blacklisting ? 'blacklist {subject}' : 'whitelist {subject}';
}

const accountColumns: readonly ListColumn[] = [
  { key: 'accountNumber', label: 'Account number', kind: 'text', width: 13 },
  { key: 'accountName', label: 'Account name', kind: 'text' },
  { key: 'bank', label: 'Bank', kind: 'enum' },
  { key: 'businessName', label: 'Business', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'enum' },
  { key: 'blacklisted', label: 'Blacklisted', kind: 'boolean' },
  { key: 'blacklistReason', label: 'Blacklist reason', kind: 'text' },
  { key: 'lastActivityAt', label: 'Last activity', kind: 'datetime' },
  { key: 'createdAt', label: 'Opened', kind: 'datetime' },
  { key: 'id', label: 'ID', kind: 'id' },
  { key: 'businessId', label: 'Business ID', kind: 'id' },
];

export const listFixedAccounts = defineCommand({
  id: 'fixed-accounts.list',
  group: 'fixed-accounts',
  action: 'list',
  title: 'List fixed accounts',
  description: 'Virtual (fixed) accounts the banks issued to businesses, newest first.',
  keywords: ['virtual accounts', 'blacklisted accounts', 'wema', 'providus', 'vfd'],
  method: 'GET',
  path: '/v1/payments/admin/fixedaccounts/businesses',
  permission: 'fixed-accounts.view',
  input: z.object({
    ...listPaging,
    /** Only blacklisted (true) or not blacklisted (false) accounts. */
    blacklist: z.boolean().optional().meta({ label: 'Blacklisted' }),
    bank: fixedAccountBankField.optional(),
    status: fixedAccountStatusField.optional(),
    businessId: idField.optional().meta({ label: 'Business ID' }),
    /** Start of the account number, the account name or the business name. */
    search: searchField.optional(),
    /** Opened at or after. */
    startdatetime: dateTimeParam.optional(),
    /** Opened at or before. */
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(fixedAccount),
  list: {
    route: '/fixed-accounts',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    csv: true,
    detailRoute: '/merchants/{businessId}',
    bulkCommands: ['fixed-accounts.blacklist.bulk'],
    columns: accountColumns,
  },
  example: 'traction fixed-accounts list --blacklist --bank WEMA',
});

export const downloadFixedAccounts = defineCommand({
  id: 'fixed-accounts.download',
  group: 'fixed-accounts',
  action: 'download',
  title: 'Download fixed accounts opened in a period',
  description: 'Every fixed account opened between two dates, as CSV with download=csv (or a page of JSON).',
  keywords: ['export', 'csv', 'virtual accounts'],
  method: 'GET',
  path: '/v1/payments/admin/download_fixedaccounts',
  permission: 'fixed-accounts.view',
  input: z.object({
    ...listPaging,
    start_date: dateTimeParam.optional(),
    end_date: dateTimeParam.optional(),
    blacklist: z.boolean().optional().meta({ label: 'Blacklisted' }),
    bank: fixedAccountBankField.optional(),
  }),
  output: listOutput(fixedAccount),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'start_date', to: 'end_date' },
    csv: true,
    columns: accountColumns,
  },
  example: 'traction fixed-accounts download --start-date 2026-11-01 --end-date 2026-11-30 --csv',
});

export const toggleFixedAccountBlacklist = defineCommand({
  id: 'fixed-accounts.blacklist.toggle',
  group: 'fixed-accounts',
  action: 'blacklist',
  title: 'Blacklist or whitelist a fixed account',
  description: "A blacklisted account refuses payments into it (the business's other accounts are not affected). Needs a reason when blacklisting.",
  keywords: ['whitelist', 'block account', 'unblock account'],
  method: 'POST',
  path: '/v1/payments/fixedaccounts/toggleblacklist',
  permission: 'fixed-accounts.blacklist',
  danger: 'confirm',
  audit: { action: (input) => blacklistWords(input), subject: { kind: 'account', from: 'accountNumber', by: 'number' }, note: 'reason' },
  input: z
    .object({
      accountNumber: accountNumberField,
      /** true blacklists the account, false whitelists it again. */
      blacklist: z.boolean().meta({ label: 'Blacklist (untick to whitelist)' }),
      reason: reasonField.optional(),
    })
    .superRefine(reasonWhenBlacklisting),
  output: z.object({ account: fixedAccount, message: z.string() }),
  example: 'traction fixed-accounts blacklist --account-number 0123456789 --blacklist --reason "Inflows from a reported scam"',
});

export const blacklistFixedAccountsBulk = defineCommand({
  id: 'fixed-accounts.blacklist.bulk',
  group: 'fixed-accounts',
  action: 'blacklist-bulk',
  title: 'Blacklist or whitelist selected fixed accounts',
  description:
    'Blacklists (or whitelists) every selected account: by ids, or every account matching the list filters. Accounts already in that state are skipped and reported.',
  keywords: ['bulk', 'selection', 'whitelist'],
  method: 'POST',
  path: '/v1/payments/fixedaccounts/bulkblacklist',
  permission: 'fixed-accounts.blacklist',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: (input) => blacklistWords(input), subject: { kind: 'account', from: 'selection' }, note: 'reason' },
  input: z
    .object({
      ...selectionFields(listFixedAccounts),
      blacklist: z.boolean().meta({ label: 'Blacklist (untick to whitelist)' }),
      reason: reasonField.optional(),
    })
    .superRefine(checkSelection)
    .superRefine(reasonWhenBlacklisting),
  output: bulkOutput,
  example: 'traction fixed-accounts blacklist-bulk --ids 7,8,9 --blacklist --reason "Mule accounts"',
});

/** Periods the Inactive Accounts page offers, in days. */
export const INACTIVE_PERIODS = ['30', '60', '90', '180', '365'] as const;

export const listInactiveFixedAccounts = defineCommand({
  id: 'fixed-accounts.inactive.list',
  group: 'fixed-accounts',
  action: 'inactive',
  title: 'List inactive fixed accounts',
  description:
    'Active fixed accounts that saw no money for the period (days): their last activity, or their opening when they never saw any, is older than that.',
  keywords: ['inactive accounts', 'dormant', 'idle'],
  method: 'GET',
  path: '/v1/payments/admin/fixedaccounts/inactive-records',
  permission: 'fixed-accounts.view',
  input: z.object({
    ...listPaging,
    /** Days without activity. */
    inactive_period: z.enum(INACTIVE_PERIODS).default('30').meta({ label: 'Inactive for (days)' }),
    bank: fixedAccountBankField.optional(),
    /** Start of the account number, the account name or the business name. */
    search: searchField.optional(),
  }),
  output: listOutput(inactiveFixedAccount),
  list: {
    route: '/inactive-accounts',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/merchants/{businessId}',
    bulkCommands: ['fixed-accounts.deactivate', 'fixed-accounts.repush', 'fixed-accounts.rename'],
    columns: [
      { key: 'accountNumber', label: 'Account number', kind: 'text', width: 13 },
      { key: 'accountName', label: 'Account name', kind: 'text' },
      { key: 'bank', label: 'Bank', kind: 'enum' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'idleDays', label: 'Idle (days)', kind: 'number' },
      { key: 'lastActivityAt', label: 'Last activity', kind: 'datetime' },
      { key: 'blacklisted', label: 'Blacklisted', kind: 'boolean' },
      { key: 'createdAt', label: 'Opened', kind: 'datetime' },
      { key: 'id', label: 'ID', kind: 'id' },
    ],
  },
  example: 'traction fixed-accounts inactive --inactive-period 90 --csv',
});

export const deactivateFixedAccount = defineCommand({
  id: 'fixed-accounts.deactivate',
  group: 'fixed-accounts',
  action: 'deactivate',
  title: 'Deactivate a fixed account',
  description: 'Closes the account at its bank; payments into it are refused from then on. Needs a reason.',
  keywords: ['inactive accounts', 'close account'],
  method: 'POST',
  path: '/v1/payments/fixedaccounts/deactivate-account',
  permission: 'fixed-accounts.manage',
  danger: 'confirm',
  audit: { action: 'deactivate {subject}', subject: { kind: 'account', from: 'id' }, note: 'reason' },
  input: z.object({ id: idField, reason: reasonField }),
  output: z.object({ account: fixedAccount, bankReference: z.string(), message: z.string() }),
  example: 'traction fixed-accounts deactivate --id 7 --reason "Idle for a year"',
});

export const repushFixedAccount = defineCommand({
  id: 'fixed-accounts.repush',
  group: 'fixed-accounts',
  action: 're-push',
  title: 'Re-push a fixed account to its bank',
  description:
    'Registers the account with its bank again, so payments into it reach the business. Refused while the money policy refuses payments into it (fraud, wallet state, blacklist, deactivated).',
  keywords: ['repush', 're-register', 'inactive accounts'],
  method: 'POST',
  path: '/v1/payments/fixedaccounts/re-push',
  permission: 'fixed-accounts.manage',
  danger: 'confirm',
  audit: { action: 're-push {subject} to its bank', subject: { kind: 'account', from: 'id' } },
  input: z.object({ id: idField }),
  output: z.object({ account: fixedAccount, bankReference: z.string(), message: z.string() }),
  example: 'traction fixed-accounts re-push --id 7',
});

export const renameFixedAccount = defineCommand({
  id: 'fixed-accounts.rename',
  group: 'fixed-accounts',
  action: 'rename',
  title: 'Rename a fixed account at its bank',
  description: 'Renames the account at its bank: to the name given, or to "Traction/" and the business\'s current name.',
  keywords: ['re-name', 'account name', 'inactive accounts'],
  method: 'POST',
  path: '/v1/payments/fixedaccounts/re-name',
  permission: 'fixed-accounts.manage',
  danger: 'confirm',
  audit: {
    action: (input) => (said(input.accountName) ? `rename {subject} to “${said(input.accountName)}”` : 'rename {subject} after its business'),
    subject: { kind: 'account', from: 'id' },
  },
  input: z.object({
    id: idField,
    /** The new name; leave out to use the business's current name. */
    accountName: textField(60).optional(),
  }),
  output: z.object({ account: fixedAccount, bankReference: z.string(), message: z.string() }),
  example: 'traction fixed-accounts rename --id 7 --account-name "Traction/Mama Put Kitchen"',
});
