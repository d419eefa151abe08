import { z } from 'zod';
import { rangeSpanMs } from '../../format/date-range';
import {
  CUMULATION_STATUS_WORDS,
  CUMULATION_STATUSES,
  SETTLEMENT_ACTIONS,
  SETTLEMENT_GROUP_STATUS_WORDS,
  SETTLEMENT_GROUP_STATUSES,
} from '../../payments/settlement-status';
import { dateTimeParam, idField, timestamp } from '../../schemas/common';
import { koboAmount } from '../../schemas/money';

export const cumulationStatusField = z.enum(CUMULATION_STATUSES);
export const settlementGroupStatusField = z.enum(SETTLEMENT_GROUP_STATUSES);
export const settlementActionField = z.enum(SETTLEMENT_ACTIONS);

/** One settlement day of one kind, with its cumulations counted and summed. */
export const settlementGroup = z.object({
  id: z.number().int(),
  /** The Lagos business day whose payments it settles, `YYYY-MM-DD`. */
  settlementDate: z.string(),
  /** Aggregator groups hold transfer and USSD collections; direct groups card payments. */
  aggregator: z.boolean(),
  kind: z.string(),
  closesAt: timestamp,
  status: settlementGroupStatusField,
  merchants: z.number().int(),
  payments: z.number().int(),
  amount: koboAmount,
  charges: koboAmount,
  net: koboAmount,
  /** Cumulations ready to settle (their day over, not waiting for approval, not settled). */
  pending: z.number().int(),
  awaitingApproval: z.number().int(),
  settled: z.number().int(),
  settledManually: z.number().int(),
});
export type SettlementGroup = z.infer<typeof settlementGroup>;

export const settlementGroupColumns = [
  { key: 'settlementDate', label: 'Day', kind: 'date' },
  { key: 'kind', label: 'Kind', kind: 'text', width: 15 },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high', width: 16, words: SETTLEMENT_GROUP_STATUS_WORDS },
  { key: 'merchants', label: 'Merchants', kind: 'number' },
  { key: 'payments', label: 'Payments', kind: 'number', priority: 'low' },
  { key: 'amount', label: 'Gross', kind: 'money', priority: 'medium' },
  { key: 'charges', label: 'Charges', kind: 'money', priority: 'low' },
  { key: 'net', label: 'Net', kind: 'money', priority: 'high' },
  { key: 'pending', label: 'Ready', kind: 'number' },
  { key: 'awaitingApproval', label: 'Awaiting approval', kind: 'number', priority: 'low' },
  { key: 'settled', label: 'Settled', kind: 'number', priority: 'low' },
  { key: 'settledManually', label: 'Settled manually', kind: 'number', priority: 'low' },
] as const;

/** A range of settlement days: start and end as dates or date-times (their Lagos day counts). */
export const settlementGroupFilters = {
  group_id: idField.optional().meta({ label: 'Group ID' }),
  startdatetime: dateTimeParam.optional(),
  enddatetime: dateTimeParam.optional(),
  status: settlementGroupStatusField.optional(),
  /** true: aggregator groups only (transfer and USSD collections); false: direct (card) groups only. */
  aggregator: z.boolean().optional(),
};

/** The end not before the start, and at most a year, each a 400 naming enddatetime. */
export function checkSettlementRange(value: { startdatetime?: string | undefined; enddatetime?: string | undefined }, ctx: z.RefinementCtx): void {
  const span = rangeSpanMs(value.startdatetime, value.enddatetime);
  if (span === undefined) return;
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: 'must not be before startdatetime' });
  else if (span > 366 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: 'must be at most 366 days after startdatetime' });
}

/** One merchant's successful payments of a group, and how they were settled. */
export const settlementCumulation = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  paymentCount: z.number().int(),
  amount: koboAmount,
  charges: koboAmount,
  net: koboAmount,
  status: cumulationStatusField,
  settledAction: settlementActionField.nullable(),
  settledReference: z.string().nullable(),
  /** The ledger's reference of an actual settlement (`STL-12`). */
  ledgerReference: z.string().nullable(),
  settledNote: z.string().nullable(),
  settledBy: z.string().nullable(),
  settledAt: timestamp.nullable(),
  approvalRequestId: z.number().int().nullable(),
});
export type SettlementCumulation = z.infer<typeof settlementCumulation>;

export const settlementCumulationColumns = [
  { key: 'businessName', label: 'Merchant', kind: 'text' },
  { key: 'paymentCount', label: 'Payments', kind: 'number', priority: 'low' },
  { key: 'amount', label: 'Gross', kind: 'money', priority: 'medium' },
  { key: 'charges', label: 'Charges', kind: 'money', priority: 'low' },
  { key: 'net', label: 'Net', kind: 'money', priority: 'high' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high', width: 18, words: CUMULATION_STATUS_WORDS },
  { key: 'ledgerReference', label: 'Ledger reference', kind: 'text', priority: 'low' },
  { key: 'settledReference', label: 'Reference', kind: 'text', priority: 'low' },
  { key: 'settledBy', label: 'Settled by', kind: 'text', priority: 'low' },
  { key: 'settledAt', label: 'Settled at', kind: 'datetime', priority: 'low' },
] as const;

export const settlementCumulationFilters = {
  cumulation_id: idField.optional().meta({ label: 'Cumulation ID' }),
  status: cumulationStatusField.optional(),
  /** The merchant: its id, or the start of its name. */
  merchant: z.string().trim().min(1).max(120).optional(),
};

/** What a settlement did, or asked a second admin for. */
export const settlementOutcome = z.object({
  groupId: z.number().int(),
  action: settlementActionField,
  /** SETTLED: done now; AWAITING_APPROVAL: above the policy's amount, a second admin decides. */
  outcome: z.enum(['SETTLED', 'AWAITING_APPROVAL']),
  approvalRequestId: z.number().int().nullable(),
  cumulations: z.array(
    z.object({
      id: z.number().int(),
      businessName: z.string(),
      net: koboAmount,
      charges: koboAmount,
      status: cumulationStatusField,
      reference: z.string().nullable(),
    }),
  ),
  net: koboAmount,
  charges: koboAmount,
  message: z.string(),
});
export type SettlementOutcome = z.infer<typeof settlementOutcome>;
