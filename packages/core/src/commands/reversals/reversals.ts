import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { koboAmount } from '../../schemas/money';
import { timestamp } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';

/** A transfer's unique reference, as the wallet transaction log shows it. */
const transactionReferenceField = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

/** A row of the wallet transaction log (its id). */
const walletEntryIdField = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A transfer as a reversal names it. */
const reversedTransfer = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** pos_credit, transfer_out, fee, cashback, credit, debit. */
  kind: z.string(),
  amount: koboAmount,
  createdAt: timestamp,
});

/** What a reversal did. */
export const reversalOutcome = z.object({
  /** The compensating transfer of the original: its reference is the reversal's. */
  reversal: z.object({ id: z.number().int(), reference: z.string() }),
  original: reversedTransfer,
  /** The fee and cashback legs of the original, reversed with it, each with its own reversal's reference. */
  legs: z.array(reversedTransfer.extend({ reversal: z.string() })),
  /** The original's amount plus its legs'. */
  amountReversed: koboAmount,
  /** The merchant wallet the reversal moved. */
  wallet: z.object({
    uid: z.string(),
    businessId: z.number().int(),
    businessName: z.string(),
    /** What the reversal did to the wallet: positive when money came back to it, negative when it left. */
    change: koboAmount,
    balanceBefore: koboAmount,
    balanceAfter: koboAmount,
  }),
  reason: z.string(),
  message: z.string(),
});
export type ReversalOutcome = z.infer<typeof reversalOutcome>;

export const reverseWalletTransaction = defineCommand({
  id: 'wallets.reverse',
  group: 'wallets',
  action: 'reverse',
  title: 'Reverse a wallet transaction',
  description:
    'Takes back a transaction by its reference, with its fee and cashback: a failed bank transfer returns to the wallet, a POS credit (chargeback) leaves it, a manual credit or debit is undone. Within 90 days, once per transaction, only while the wallet holds what the reversal takes. Needs a reason.',
  keywords: ['reversal', 'refund', 'chargeback', 'failed transfer', 'transaction reversal', 'undo'],
  method: 'POST',
  path: '/api/EWTraction/wallettransactions/reversal',
  permission: 'wallets.reverse',
  danger: 'money',
  audit: { action: (input) => `reverse wallet transaction ${said(input.TransactionReference) || '(no reference)'}`, note: 'reason' },
  input: z.object({
    /** The reference of the transaction to reverse (spec: TransactionReference). */
    TransactionReference: transactionReferenceField.meta({ label: 'Transaction reference' }),
    reason: reasonField,
  }),
  output: reversalOutcome,
  example: 'traction wallets reverse --transaction-reference TRX-20261121-0042 --reason "Transfer failed at the beneficiary bank"',
});

export const reverseWalletTransactionById = defineCommand({
  id: 'wallets.reverse-by-id',
  group: 'wallets',
  action: 'reverse-by-id',
  title: 'Reverse a wallet transaction by its log id',
  description: 'The same reversal as by reference, naming the transaction by its id in the wallet transaction log (a row of /wallet-transaction-logs).',
  keywords: ['reversal', 'refund', 'chargeback'],
  coveredBy: 'wallets.reverse',
  method: 'POST',
  path: '/api/ewallet/transaction/reverse/{id}',
  permission: 'wallets.reverse',
  danger: 'money',
  audit: { action: (input) => `reverse wallet transaction #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({
    /** The wallet transaction log row's id. */
    id: walletEntryIdField.meta({ label: 'Wallet transaction id' }),
    reason: reasonField,
  }),
  output: reversalOutcome,
  example: 'traction wallets reverse-by-id --id 1042 --reason "Chargeback from the card scheme"',
});
