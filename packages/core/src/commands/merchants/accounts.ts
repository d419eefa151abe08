import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { bankAccount } from '../../schemas/business';
import { dateTimeParam, idField, searchField } from '../../schemas/common';

/** A CBN bank code: 3 digits for banks, 5 or 6 for microfinance banks. */
const bankCodeField = z
  .string()
  .trim()
  .max(6)
  .regex(/^\d{3,6}$/, 'must be a CBN bank code (3 to 6 digits)')
  .meta({ label: 'Bank code', examples: ['058'] });

const accountColumns = [
  { key: 'businessName', label: 'Business', kind: 'text' },
  { key: 'accountName', label: 'Account name', kind: 'text' },
  { key: 'accountNumber', label: 'Account number', kind: 'text', width: 13 },
  { key: 'bankName', label: 'Bank', kind: 'text' },
  { key: 'bankCode', label: 'Bank code', kind: 'text' },
  { key: 'isSettlement', label: 'Settlement', kind: 'boolean' },
  { key: 'verifiedAt', label: 'Verified', kind: 'datetime' },
  { key: 'createdAt', label: 'Added', kind: 'datetime' },
] as const;

export const merchantAccounts = defineCommand({
  id: 'merchants.accounts',
  group: 'merchants',
  action: 'accounts',
  title: "List a business's bank accounts",
  method: 'GET',
  path: '/v1/payments/accounts/businesses/{id}',
  permission: 'merchants.view',
  input: z.object({ id: idField }),
  output: z.object({ businessId: z.number().int(), items: z.array(bankAccount) }),
  example: 'traction merchants accounts --id 42',
});

export const listSettlementAccounts = defineCommand({
  id: 'settlement-accounts.list',
  group: 'settlement-accounts',
  action: 'list',
  title: 'List settlement accounts',
  description: 'The bank account each merchant is paid into. Search matches the start of the business name or of the account number.',
  keywords: ['payout account', 'settlement'],
  // The spec's call is a POST with its filters in the body; it only reads.
  method: 'POST',
  mutates: false,
  path: '/v1/payments/settlementaccount/business',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    bankCode: bankCodeField.optional(),
    businessId: idField.optional(),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(bankAccount),
  list: {
    route: '/settlement-accounts',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/merchants/{businessId}',
    csv: true,
    columns: accountColumns,
  },
  example: 'traction settlement-accounts list --bank-code 058 --search mama',
});

export const listBankAccounts = defineCommand({
  id: 'bank-accounts.list',
  group: 'bank-accounts',
  action: 'list',
  title: 'List bank accounts',
  description: "Every merchant's bank accounts. Search matches the start of the business name or of the account number.",
  method: 'GET',
  path: '/v1/payments/accounts',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    bankCode: bankCodeField.optional(),
    isSettlement: z.boolean().optional().meta({ label: 'Settlement account' }),
    businessId: idField.optional(),
  }),
  output: listOutput(bankAccount),
  list: {
    route: '/bank-accounts',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{businessId}',
    csv: true,
    columns: accountColumns,
  },
  example: 'traction bank-accounts list --no-is-settlement',
});
