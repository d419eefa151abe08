import { z } from 'zod';
import type { ListColumn } from '../../command';
import { walletStatusField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import type { FieldMeta } from '../../schemas/fields';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';
import { fixedAccountBankField } from '../../schemas/risk';
import { TRANSFER_STATUSES } from '../../transfers/transfer-status';
import { approvedBatchFields, batchProgressFields } from '../transfers/transfer-schemas';

/**
 * Sources one sweep may take. A filter matching more is refused with a sentence asking to narrow
 * it: every source is one transfer, and the preview lists each.
 */
export const MAX_SWEEP_SOURCES = 5_000;

/**
 * Where a sweep stands. DRAFT: previewed and saved, not yet submitted. AWAITING_APPROVAL:
 * submitted, waiting for a second admin. DECLINED and EXPIRED: the approval request was declined
 * or ran out of time (nothing moved; it may be submitted again). RUNNING: approved, its sources
 * being swept by the server's job or their transfers waiting for final answers. DONE: every
 * source's transfer is final. CANCELLED: withdrawn before it ran.
 */
export const SWEEP_STATUSES = ['DRAFT', 'AWAITING_APPROVAL', 'DECLINED', 'EXPIRED', 'RUNNING', 'DONE', 'CANCELLED'] as const;
export type SweepStatus = (typeof SWEEP_STATUSES)[number];
export const sweepStatusField = z.enum(SWEEP_STATUSES);

/**
 * Where one source of a sweep stands. SKIPPED: the preview found it may not or need not be swept
 * (its reason says why); it is never swept. WAITING: to be swept when the sweep runs. REFUSED:
 * the run could not start its transfer (nothing left to sweep by then, a limit, the money policy):
 * nothing moved. Otherwise the status of its transfer.
 */
export const SWEEP_ROW_STATUSES = ['SKIPPED', 'WAITING', 'REFUSED', ...TRANSFER_STATUSES] as const;
export type SweepRowStatus = (typeof SWEEP_ROW_STATUSES)[number];
export const sweepRowStatusField = z.enum(SWEEP_ROW_STATUSES);

/** Kobo to leave in each source wallet: zero or more, typed in Naira like any amount. */
export const leaveBehindField = z
  .number()
  .int('must be whole kobo')
  .min(0, 'must not be negative')
  .max(1_000_000_000_000, 'must be at most ₦10,000,000,000.00')
  .meta({ format: 'kobo', label: 'Leave behind' } satisfies FieldMeta);

/** A wallet a sweep may take from: the business, its fixed (virtual) account and its balance. */
export const sweepSource = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  businessEmail: z.string(),
  walletUid: z.string(),
  walletStatus: walletStatusField,
  /** The wallet's ledger balance now. */
  balance: koboAmount,
  /** The business's fixed account people know the wallet by (the one at `bank` when the list is filtered by it); null when it has none. */
  fixedAccountBank: fixedAccountBankField.nullable(),
  fixedAccountNumber: z.string().nullable(),
  fixedAccountName: z.string().nullable(),
  /** Why money may not leave the wallet now (PND, frozen, fraud); null when it may. */
  refusal: z.string().nullable(),
});
export type SweepSource = z.infer<typeof sweepSource>;

export const sweepSourceColumns: readonly ListColumn[] = [
  { key: 'businessId', label: 'Business ID', kind: 'id' },
  { key: 'businessName', label: 'Business', kind: 'text', card: 'title' },
  { key: 'fixedAccountBank', label: 'Bank', kind: 'enum', priority: 'medium' },
  { key: 'fixedAccountNumber', label: 'Account number', kind: 'id' },
  { key: 'fixedAccountName', label: 'Account name', kind: 'text', priority: 'medium' },
  { key: 'walletStatus', label: 'Wallet', kind: 'enum', priority: 'medium' },
  { key: 'balance', label: 'Balance', kind: 'money', priority: 'high' },
  { key: 'refusal', label: 'Cannot be swept because', kind: 'sentence', priority: 'low' },
];

/** The filters of the sources list: what "every wallet matching a filter" means for a sweep. */
export const sweepSourceFilters = {
  /** Wallets holding at least this much. */
  minBalance: koboField.optional().meta({ label: 'Min balance' }),
  /** Wallets of businesses with a fixed account at this bank. */
  bank: fixedAccountBankField.optional().meta({ label: 'Fixed account bank' }),
  walletStatus: walletStatusField.optional().meta({ label: 'Wallet status' }),
  /** Start of the business's name or email, its id, or a fixed account number. */
  search: searchField.optional(),
};

/** How far a sweep has got, counted over its sources from their transfers. */
export const sweepProgress = z.object({
  ...batchProgressFields,
  /** Skipped by the preview (not among `rows`). */
  skipped: z.number().int(),
  /** Sources by status (SKIPPED, WAITING, REFUSED and each transfer status), zeros left out. */
  byStatus: z.record(z.string(), z.number().int()),
  /** What the run found short of the preview: balances that had fallen by the time their source was swept. */
  shortfall: koboAmount,
});
export type SweepProgress = z.infer<typeof sweepProgress>;

/** A sweep: its destination, how it was chosen, its preview's totals and its progress. */
export const sweep = z.object({
  id: z.number().int(),
  status: sweepStatusField,
  /** The destination account, confirmed by name enquiry when the sweep was made. */
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  narration: z.string(),
  /** Kobo left in each source. */
  leaveBehind: koboAmount,
  /** The transfer fee each source pays, as it was when previewed. */
  fee: koboAmount,
  /** How the sources were chosen, in words ("3 selected wallets", "every wallet with at least ₦1,000.00 at WEMA"). */
  selection: z.string(),
  /** Sources listed (to sweep and skipped). */
  sources: z.number().int(),
  /** Wallets the filter matched that held nothing to sweep: left out, not listed. */
  ignored: z.number().int(),
  /** What the preview found to sweep: the sum of the sources' amounts. */
  total: koboAmount,
  /** The fees of the sources to sweep. */
  fees: koboAmount,
  progress: sweepProgress,
  ...approvedBatchFields,
});
export type Sweep = z.infer<typeof sweep>;

/** One source of a sweep: what the preview found, and what the run did. */
export const sweepRow = z.object({
  /** 1-based, in the preview's order. */
  row: z.number().int(),
  status: sweepRowStatusField,
  businessId: z.number().int(),
  businessName: z.string(),
  walletUid: z.string().nullable(),
  fixedAccountBank: fixedAccountBankField.nullable(),
  fixedAccountNumber: z.string().nullable(),
  fixedAccountName: z.string().nullable(),
  /** The wallet's balance when previewed. */
  balance: koboAmount,
  /** What the preview found to sweep (balance less fee and leave-behind); 0 when skipped. */
  amount: koboAmount,
  /** Why the preview skipped it (PND, frozen, nothing to sweep …); null when it is swept. */
  skipReason: z.string().nullable(),
  /** The wallet's balance when the run reached it. */
  balanceAtRun: koboAmount.nullable(),
  /** What its transfer moved: never more than the preview's amount nor than the wallet held then. */
  swept: koboAmount.nullable(),
  /** The preview's amount less what was swept, when the run found less. */
  shortfall: koboAmount.nullable(),
  /** Why the run could not start its transfer (REFUSED). */
  refusal: z.string().nullable(),
  /** Its transfer (`/funds-transfer/{id}`). */
  transferId: z.number().int().nullable(),
  reference: z.string().nullable(),
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  updatedAt: timestamp.nullable(),
});
export type SweepRow = z.infer<typeof sweepRow>;

export const sweepRowColumns: readonly ListColumn[] = [
  { key: 'row', label: 'Row', kind: 'number' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'businessName', label: 'Business', kind: 'text', card: 'title' },
  { key: 'fixedAccountBank', label: 'Bank', kind: 'enum', priority: 'low' },
  { key: 'fixedAccountNumber', label: 'Account number', kind: 'id', priority: 'medium' },
  { key: 'balance', label: 'Balance', kind: 'money', priority: 'medium' },
  { key: 'amount', label: 'To sweep', kind: 'money', priority: 'high' },
  { key: 'swept', label: 'Swept', kind: 'money' },
  { key: 'skipReason', label: 'Skipped because', kind: 'sentence' },
  { key: 'refusal', label: 'Refused because', kind: 'sentence', priority: 'low' },
  { key: 'transferId', label: 'Transfer', kind: 'id', priority: 'low' },
  { key: 'responseCode', label: 'Code', kind: 'text', priority: 'low' },
  { key: 'responseMessage', label: 'Bank answer', kind: 'text', priority: 'low' },
];

/** A row of the sweep history (flat, for its CSV). */
export const sweepHistoryRow = z.object({
  id: z.number().int(),
  createdAt: timestamp,
  status: sweepStatusField,
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  sources: z.number().int(),
  skipped: z.number().int(),
  total: koboAmount,
  succeeded: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  amountMoved: koboAmount,
  createdByName: z.string(),
});
export type SweepHistoryRow = z.infer<typeof sweepHistoryRow>;

export const sweepHistoryColumns: readonly ListColumn[] = [
  { key: 'id', label: 'Sweep', kind: 'id' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
  { key: 'accountName', label: 'To', kind: 'text', card: 'title' },
  { key: 'bankName', label: 'Bank', kind: 'text', priority: 'medium' },
  { key: 'accountNumber', label: 'Account number', kind: 'id', priority: 'medium' },
  { key: 'sources', label: 'Sources', kind: 'number' },
  { key: 'skipped', label: 'Skipped', kind: 'number', priority: 'low' },
  { key: 'total', label: 'Total', kind: 'money', priority: 'high' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'succeeded', label: 'Succeeded', kind: 'number' },
  { key: 'failed', label: 'Failed', kind: 'number' },
  { key: 'pending', label: 'Pending', kind: 'number', priority: 'low' },
  { key: 'amountMoved', label: 'Amount moved', kind: 'money' },
  { key: 'createdByName', label: 'Made by', kind: 'text', priority: 'low' },
];

/** The filters of the sweep history. */
export const sweepHistoryFilters = {
  status: sweepStatusField.optional(),
  /** Sweeps that took from this business. */
  businessId: idField.optional().meta({ label: 'Business ID' }),
  /** Destination account number or name, or the sweep's id. */
  search: searchField.optional(),
  startdatetime: dateTimeParam.optional(),
  enddatetime: dateTimeParam.optional(),
};

/** A sweep with every source: what `sweeps.new` and `sweeps.status` answer. */
export const sweepDetail = z.object({
  sweep,
  rows: z.array(sweepRow),
});
export type SweepDetail = z.infer<typeof sweepDetail>;

/** What a command that makes or changes a sweep answers. */
export const sweepOutcome = sweepDetail.extend({
  /** What happened and what comes next, in a sentence. */
  message: z.string(),
});
export type SweepOutcome = z.infer<typeof sweepOutcome>;
