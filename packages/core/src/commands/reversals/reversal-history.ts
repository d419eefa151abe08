import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { koboAmount } from '../../schemas/money';
import { dateTimeParam, idField, timestamp } from '../../schemas/common';

/** A reversal as the Funds Reversal history lists it. */
export const reversalRow = z.object({
  /** The reversal's transfer id (the detail page's key). */
  id: z.number().int(),
  /** The reversal's reference. */
  reference: z.string(),
  originalId: z.number().int(),
  originalReference: z.string(),
  /** The kind of transaction reversed: transfer_out, pos_credit, credit, debit, cashback. */
  originalKind: z.string(),
  originalCreatedAt: timestamp,
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  walletUid: z.string().nullable(),
  /** The original's amount. */
  amount: koboAmount,
  /** Its fee and cashback legs, reversed with it. */
  legsAmount: koboAmount,
  /** Why, as the admin wrote it. */
  reason: z.string().nullable(),
  adminId: z.number().int().nullable(),
  adminEmail: z.string().nullable(),
  adminName: z.string().nullable(),
  createdAt: timestamp,
});
export type ReversalRow = z.infer<typeof reversalRow>;

/** One compensating transfer of a reversal. */
const compensatingTransfer = z.object({
  id: z.number().int(),
  reference: z.string(),
  amount: koboAmount,
  /** The account money left and the one it reached (`wallet:<uid>`, `company:float:vfd`). */
  debitAccount: z.string(),
  creditAccount: z.string(),
  narration: z.string().nullable(),
  /** The transfer it compensates. */
  reverses: z.object({ id: z.number().int(), reference: z.string(), kind: z.string(), amount: koboAmount, createdAt: timestamp }),
});

export const listReversals = defineCommand({
  id: 'reversals.list',
  group: 'reversals',
  action: 'list',
  title: 'List funds reversals',
  description: 'Every reversal of a wallet transaction: what was reversed, for whom, how much, why and by whom. Newest first.',
  keywords: ['funds reversal', 'reversal history', 'refunds', 'chargebacks'],
  method: 'GET',
  path: '/api/EWTraction/reversals',
  permission: 'wallets.view',
  input: z.object({
    ...listPaging,
    /** The reversal's or the original's reference (exact). */
    reference: z.string().trim().max(200).optional().meta({ label: 'Reference' }),
    businessId: idField.optional().meta({ label: 'Business ID' }),
    /** The admin who reversed. */
    adminId: idField.optional().meta({ label: 'Admin ID' }),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(reversalRow),
  list: {
    route: '/funds-reversal',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'reference',
    csv: true,
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/funds-reversal/{id}',
    rowName: 'originalReference',
    columns: [
      { key: 'createdAt', label: 'Reversed', kind: 'datetime' },
      { key: 'originalReference', label: 'Transaction', kind: 'id', priority: 'high', width: 24 },
      { key: 'originalKind', label: 'Kind', kind: 'enum' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
      { key: 'legsAmount', label: 'Fee / cashback', kind: 'money', priority: 'low' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'adminEmail', label: 'Reversed by', kind: 'email' },
      { key: 'reference', label: 'Reversal', kind: 'id', priority: 'low' },
    ],
  },
  example: 'traction reversals list --startdatetime 2026-11-01 --enddatetime 2026-11-30',
});

export const getReversal = defineCommand({
  id: 'reversals.get',
  group: 'reversals',
  action: 'get',
  title: 'Show a funds reversal',
  description: 'One reversal: who reversed what and why, the compensating transfers of the transaction and of its fee and cashback, and the wallet now.',
  keywords: ['funds reversal', 'compensating transfer'],
  method: 'GET',
  path: '/api/EWTraction/reversals/{id}',
  permission: 'wallets.view',
  input: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).meta({ label: 'Reversal id' }) }),
  output: reversalRow.extend({
    requestId: z.string().nullable(),
    /** The compensating transfers: the original's first, then its legs'. */
    transfers: z.array(compensatingTransfer),
    /** The wallet's balance now (null when the reversal moved no wallet). */
    walletBalance: koboAmount.nullable(),
  }),
  example: 'traction reversals get --id 5012',
});
