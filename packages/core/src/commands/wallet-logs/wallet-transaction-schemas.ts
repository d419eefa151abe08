import { z } from 'zod';
import { checkRangeOrder, dateTimeParam, idField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';

/** What moved a wallet: a POS payment in, a bank transfer out, its fee, cashback, a reversal, a credit or debit by an admin, an adjustment, a settlement, a loan paid out or a repayment taken. */
export const WALLET_TRANSACTION_KINDS = [
  'pos_credit',
  'transfer_out',
  'fee',
  'cashback',
  'reversal',
  'credit',
  'debit',
  'adjustment',
  'settlement',
  'loan_disbursement',
  'loan_charge',
  'loan_repayment',
  'loan_write_off',
] as const;
export const walletTransactionKindField = z.enum(WALLET_TRANSACTION_KINDS);
export type WalletTransactionKind = z.infer<typeof walletTransactionKindField>;

/** REVERSED once a compensating transfer points back at the transaction; SUCCESSFUL otherwise (a transfer is posted whole or not at all). */
export const walletTransactionStatusField = z.enum(['SUCCESSFUL', 'REVERSED']);
export type WalletTransactionStatus = z.infer<typeof walletTransactionStatusField>;

/** Money into the wallet (credit) or out of it (debit). */
export const walletDirectionField = z.enum(['credit', 'debit']);

/** A transfer's unique reference, as people paste it: letters and digits, with - _ . : / between (`POS-20261121-0001`, `reversal:OUT-7`). */
export const walletLogReferenceField = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:/-]*$/, 'must be a transaction reference (letters, digits and - _ . : /)');

/** One movement of one wallet: a row of the wallet transaction log. */
export const walletTransaction = z.object({
  /** The log entry's id: the list's cursor. */
  id: z.number().int(),
  /** The ledger transfer that moved the wallet. */
  transferId: z.number().int(),
  reference: z.string(),
  kind: walletTransactionKindField,
  direction: walletDirectionField,
  /** Kobo that moved, always positive; `direction` says which way. */
  amount: koboAmount,
  /** Fee legs of this transfer charged to this wallet, in kobo (0 when none). */
  fee: koboAmount,
  balanceBefore: koboAmount,
  balanceAfter: koboAmount,
  status: walletTransactionStatusField,
  /** The reversal's reference when status is REVERSED. */
  reversedBy: z.string().nullable(),
  /** The principal's reference when this is a fee or cashback leg of another transfer. */
  partOf: z.string().nullable(),
  narration: z.string().nullable(),
  counterparty: z.string().nullable(),
  businessId: z.number().int(),
  businessName: z.string(),
  walletUid: z.string(),
  createdAt: timestamp,
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** The columns every wallet transaction list shows and writes to CSV. */
export const walletTransactionColumns = [
  { key: 'createdAt', label: 'Time', kind: 'datetime' },
  { key: 'reference', label: 'Reference', kind: 'text', priority: 'high', width: 22 },
  { key: 'businessName', label: 'Business', kind: 'text' },
  { key: 'kind', label: 'Kind', kind: 'enum' },
  { key: 'direction', label: 'Direction', kind: 'enum', priority: 'low' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'fee', label: 'Fee', kind: 'money', priority: 'medium' },
  { key: 'balanceBefore', label: 'Balance before', kind: 'money', priority: 'medium' },
  { key: 'balanceAfter', label: 'Balance after', kind: 'money', priority: 'medium' },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high' },
  { key: 'narration', label: 'Narration', kind: 'text' },
  { key: 'counterparty', label: 'Counterparty', kind: 'text' },
  { key: 'partOf', label: 'Part of', kind: 'text', priority: 'low' },
] as const;

/** The filters every wallet transaction list takes (besides paging), spec §7 "Wallet" and issue 14. */
export const walletTransactionFilters = {
  /** At or after (a bare date is its first millisecond, `:00.000`); Lagos time without an offset. */
  startdatetime: dateTimeParam.optional(),
  /** At or before (a bare date is its last millisecond, `:59.999`). */
  enddatetime: dateTimeParam.optional(),
  /** Exactly this reference (the transfer's, or a fee leg's). */
  reference: walletLogReferenceField.optional(),
  kind: walletTransactionKindField.optional(),
  status: walletTransactionStatusField.optional(),
  direction: walletDirectionField.optional(),
  businessId: idField.optional().meta({ label: 'Business ID' }),
  /** At least this many kobo moved. */
  minAmount: koboField.optional().meta({ label: 'Min amount' }),
  /** At most this many kobo moved. */
  maxAmount: koboField.optional().meta({ label: 'Max amount' }),
};

/** A range filter's bounds in order: the end not before the start, the maximum not below the minimum; each a 400 naming the later field. */
export function checkWalletTransactionRanges(
  value: { startdatetime?: string | undefined; enddatetime?: string | undefined; minAmount?: number | undefined; maxAmount?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.minAmount !== undefined && value.maxAmount !== undefined && value.minAmount > value.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'must not be less than minAmount' });
  }
  checkRangeOrder(value, ctx);
}

/** One leg of a transaction as the ledger holds it, with both accounts named. */
export const walletTransactionPosting = z.object({
  transferId: z.number().int(),
  reference: z.string(),
  kind: walletTransactionKindField,
  amount: koboAmount,
  /** The account money left ("Wallet of Mama Put", "Fee income"). */
  debitAccount: z.string(),
  debitAccountCode: z.string(),
  /** The account money reached. */
  creditAccount: z.string(),
  creditAccountCode: z.string(),
  narration: z.string().nullable(),
});

/** A wallet the transaction moved, with its balance before its first leg and after its last. */
export const walletTransactionBalance = z.object({
  walletUid: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  balanceBefore: koboAmount,
  balanceAfter: koboAmount,
});

/** Who and what caused a transfer. */
export const transactionCause = z.object({
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  /** The command that posted it (`wallet-credit.authorise`); null for postings no command made (demo data, imports). */
  commandId: z.string().nullable(),
  requestId: z.string().nullable(),
});

/** A transfer that reverses another, or is reversed by one. */
export const transactionLink = z.object({
  transferId: z.number().int(),
  reference: z.string(),
  createdAt: timestamp,
  narration: z.string().nullable(),
  adminName: z.string().nullable(),
});

/** One transaction in full: its principal transfer, every leg, who caused it, its reversal, the wallets' balances. */
export const walletTransactionDetail = z.object({
  transferId: z.number().int(),
  reference: z.string(),
  kind: walletTransactionKindField,
  amount: koboAmount,
  /** Fee legs, in kobo. */
  fee: koboAmount,
  status: walletTransactionStatusField,
  narration: z.string().nullable(),
  counterparty: z.string().nullable(),
  createdAt: timestamp,
  /** The principal and its fee and cashback legs, in posting order. */
  postings: z.array(walletTransactionPosting),
  wallets: z.array(walletTransactionBalance),
  causedBy: transactionCause,
  /** The transfer that reverses this one, if any. */
  reversal: transactionLink.nullable(),
  /** When this is itself a reversal: the transfer it reverses. */
  reverses: transactionLink.nullable(),
});
export type WalletTransactionDetail = z.infer<typeof walletTransactionDetail>;
