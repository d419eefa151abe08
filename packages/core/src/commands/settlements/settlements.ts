import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField } from '../../schemas/common';
import { paymentLog, paymentLogColumns } from '../payments/payment-schemas';
import {
  checkSettlementRange,
  settlementActionField,
  settlementCumulation,
  settlementCumulationColumns,
  settlementCumulationFilters,
  settlementGroup,
  settlementGroupColumns,
  settlementGroupFilters,
  settlementOutcome,
} from './settlement-schemas';

/** Cumulations one settlement may name (a day's direct group of the busiest month fits). */
export const MAX_SETTLEMENT_CUMULATIONS = 5_000;

export const listSettlementGroups = defineCommand({
  id: 'settlements.groups',
  group: 'settlements',
  action: 'groups',
  title: 'List settlement groups',
  description:
    'Settlement days, newest first: each day’s direct (card) and aggregator (transfer and USSD) group with its merchants, payments, gross, charges and net, and how many cumulations are ready, awaiting approval or settled.',
  keywords: ['settlements', 'settlement groups', 'payouts to merchants', 't+1'],
  method: 'GET',
  mutates: false,
  path: '/v2/settlements/groups',
  permission: 'settlements.view',
  input: z.object({ ...listPaging, ...settlementGroupFilters }).superRefine(checkSettlementRange),
  output: listOutput(settlementGroup),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    csv: true,
    route: '/settlements',
    detailRoute: '/settlements/{id}',
    rowName: 'settlementDate',
    columns: settlementGroupColumns,
  },
  example: 'traction settlements groups --status PENDING --from 7d',
});

export const getSettlementGroup = defineCommand({
  id: 'settlements.group',
  group: 'settlements',
  action: 'group',
  title: 'Show a settlement group',
  description: 'One settlement group with its totals and counts by status.',
  keywords: ['settlement group detail'],
  method: 'GET',
  mutates: false,
  path: '/v2/settlements/groups/{id}',
  permission: 'settlements.view',
  input: z.object({ id: idField.meta({ label: 'Group ID' }) }),
  output: settlementGroup,
  example: 'traction settlements group --id 12',
});

export const listSettlementCumulations = defineCommand({
  id: 'settlements.cumulations',
  group: 'settlements',
  action: 'cumulations',
  title: 'List a group’s cumulations',
  description: 'Each merchant’s successful payments in a settlement group: payments, gross, charges, net, status, and how, when and by whom it was settled.',
  keywords: ['cumulations', 'merchant settlement'],
  method: 'GET',
  mutates: false,
  path: '/v2/settlements/groups/{id}/cumulations',
  permission: 'settlements.view',
  input: z.object({ ...listPaging, id: idField.meta({ label: 'Group ID' }), ...settlementCumulationFilters }),
  output: listOutput(settlementCumulation),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'merchant',
    csv: true,
    rowName: 'businessName',
    columns: settlementCumulationColumns,
    bulkCommands: ['settlements.settle'],
  },
  example: 'traction settlements cumulations --id 12 --status PENDING',
});

export const listCumulationTransactions = defineCommand({
  id: 'settlements.transactions',
  group: 'settlements',
  action: 'transactions',
  title: 'List a cumulation’s payments',
  description: 'The successful payments a cumulation settles, newest first, as the payment logs show them.',
  keywords: ['cumulation payments', 'settlement transactions'],
  method: 'GET',
  mutates: false,
  path: '/v2/settlements/cumulations/{id}/transactions',
  permission: 'settlements.view',
  input: z.object({ ...listPaging, id: idField.meta({ label: 'Cumulation ID' }) }),
  output: listOutput(paymentLog),
  list: { pageSize: PAGE_SIZE, rowKey: 'id', csv: true, detailRoute: '/payments-logs/{id}', rowName: 'reference', columns: paymentLogColumns },
  example: 'traction settlements transactions --id 345',
});

export const settleCumulations = defineCommand({
  id: 'settlements.settle',
  group: 'settlements',
  action: 'settle',
  title: 'Settle cumulations',
  description:
    'Settles cumulations of a group, each at most once. actual-settle posts each merchant’s net to its wallet and the charges to fee income through the ledger; manual-settle records a settlement made outside the system (reference required) and moves no money. Name cumulation_ids, or settle_alls for every ready cumulation of the group. Above the approval policy’s amount a second admin approves it first.',
  keywords: ['settle', 'bulk settlement', 'manual settle', 'actual settle', 'pay merchants'],
  method: 'POST',
  path: '/v2/settlements/groups/{group}/bulk-settlement',
  permission: 'settlements.settle',
  danger: 'money',
  input: z.object({
    group: idField.meta({ label: 'Group ID' }),
    action: settlementActionField,
    cumulation_ids: z.array(idField).max(MAX_SETTLEMENT_CUMULATIONS).default([]).meta({ label: 'Cumulations', selectionIds: true }),
    settle_alls: z.boolean().default(false).meta({ label: 'Every ready cumulation', selectAll: true }),
    /** manual-settle: the reference of the payment made outside the system. */
    reference: z.string().trim().min(1).max(120).optional().meta({ label: 'Reference of the payment made outside (manual-settle)' }),
    note: z.string().trim().max(500).optional(),
  }),
  output: settlementOutcome,
  example: 'traction settlements settle --group 12 --action actual-settle --settle-alls --dry-run',
});
