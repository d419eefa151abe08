import { z } from 'zod';
import { koboAmount } from './money';

/** One transfer a money command would post. */
export const previewTransfer = z.object({
  /** The transfer's unique reference. */
  reference: z.string(),
  /** pos_credit, transfer_out, fee, cashback, reversal, credit, debit, adjustment. */
  kind: z.string(),
  /** The account money leaves, as people name it ("Wallet of Mama Put", "Fee income"). */
  from: z.string(),
  /** The account money reaches. */
  to: z.string(),
  amount: koboAmount,
  /** The reference of the transfer this leg belongs to (a fee with its principal), or null. */
  partOf: z.string().nullable(),
});

/** A wallet whose balance the command would move. */
export const previewBalance = z.object({
  /** The ledger account's code, `wallet:<uid>`. */
  account: z.string(),
  /** "Wallet of Mama Put". */
  name: z.string(),
  before: koboAmount,
  after: koboAmount,
});

/**
 * What a money command would do, answered to `Prefer: dry-run` instead of doing it: the same
 * validation and checks, the exact transfers and resulting balances, nothing committed. Sending
 * the same command with `If-Match: <token>` applies it only if it would still post exactly
 * this on accounts that have not moved since (409 otherwise).
 */
export const moneyPreview = z.object({
  dryRun: z.literal(true),
  /** Names the accounts' state and the transfers; send it back as If-Match to apply exactly this. */
  token: z.string(),
  transfers: z.array(previewTransfer),
  balances: z.array(previewBalance),
  /** What the command would have answered. */
  answer: z.unknown(),
});

export type MoneyPreview = z.infer<typeof moneyPreview>;

/** Kobo a preview would move: the sum of its transfers (a reversal's total, a bulk file's line). */
export const previewAmount = (preview: MoneyPreview): number => preview.transfers.reduce((sum, transfer) => sum + transfer.amount, 0);
