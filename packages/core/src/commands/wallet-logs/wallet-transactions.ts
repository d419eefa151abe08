import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField } from '../../schemas/common';
import {
  checkWalletTransactionRanges,
  walletLogReferenceField,
  walletTransaction,
  walletTransactionColumns,
  walletTransactionDetail,
  walletTransactionFilters,
} from './wallet-transaction-schemas';

const WALLET_LOG_LIST = {
  pageSize: PAGE_SIZE,
  rowKey: 'id',
  searchField: 'reference',
  dateRange: { from: 'startdatetime', to: 'enddatetime' },
  csv: true,
  detailRoute: '/wallet-transaction-logs/{reference}',
  columns: walletTransactionColumns,
} as const;

export const listWalletTransactions = defineCommand({
  id: 'wallet-transactions.list',
  group: 'wallet-transactions',
  action: 'list',
  title: 'List wallet transactions',
  description:
    'Every movement of every wallet, newest first: reference, kind, amount, fee, balance before and after, status (REVERSED once reversed), narration and counterparty. Filters by date range, kind, status, direction, business, reference and amount (kobo).',
  keywords: ['wallet transaction logs', 'wallet history', 'statement', 'ledger entries', 'pos credit', 'transfer out'],
  // The spec's call is a POST with its filters in the body; it only reads.
  method: 'POST',
  mutates: false,
  path: '/api/EWTraction/wallettransactions',
  permission: 'wallets.view',
  input: z.object({ ...listPaging, ...walletTransactionFilters }).superRefine(checkWalletTransactionRanges),
  output: listOutput(walletTransaction),
  list: { ...WALLET_LOG_LIST, route: '/wallet-transaction-logs' },
  example: 'traction wallet-transactions list --kind transfer_out --from 7d --to today',
});

export const listWalletTransactionsByBusiness = defineCommand({
  id: 'wallet-transactions.by-business',
  group: 'wallet-transactions',
  action: 'by-business',
  title: "List one business's wallet transactions",
  description: 'The wallet transaction log of one business, newest first, with the same filters as the whole log.',
  keywords: ['merchant wallet history', 'business statement'],
  method: 'GET',
  path: '/api/EWTraction/transactionsbybusinessid/{id}',
  permission: 'wallets.view',
  input: z
    .object({ ...listPaging, id: idField.meta({ label: 'Business ID' }), ...walletTransactionFilters })
    .omit({ businessId: true })
    .superRefine(checkWalletTransactionRanges),
  output: listOutput(walletTransaction),
  list: WALLET_LOG_LIST,
  example: 'traction wallet-transactions by-business --id 42 --from 2026-11-01 --to 2026-11-30',
});

export const listAllWalletTransactions = defineCommand({
  id: 'wallet-transactions.all',
  group: 'wallet-transactions',
  action: 'all',
  title: 'List all wallets’ transactions',
  description: 'The wallet transaction log across all wallets (the spec’s GET call), with the same rows and filters as the list.',
  keywords: ['all wallets transactions logs'],
  method: 'GET',
  path: '/api/EWTraction/allwallettransactions',
  permission: 'wallets.view',
  input: z.object({ ...listPaging, ...walletTransactionFilters }).superRefine(checkWalletTransactionRanges),
  output: listOutput(walletTransaction),
  list: { ...WALLET_LOG_LIST, route: '/all-wallets-transactions-logs' },
  example: 'traction wallet-transactions all --status REVERSED',
});

export const walletTransactionByReference = defineCommand({
  id: 'wallet-transactions.by-reference',
  group: 'wallet-transactions',
  action: 'by-reference',
  title: 'Show a wallet transaction by reference',
  description:
    'One transaction in full: every posting (the principal and its fee and cashback legs) with both accounts named, who caused it, its reversal if any, and each wallet’s balance before and after. A leg’s reference shows the transaction it belongs to.',
  keywords: ['transaction detail', 'find transaction', 'reference lookup'],
  method: 'GET',
  path: '/api/EWTraction/transactionbyreference/{reference}',
  permission: 'wallets.view',
  input: z.object({ reference: walletLogReferenceField }),
  output: walletTransactionDetail,
  example: 'traction wallet-transactions by-reference --reference POS-20261121-0001',
});
