/**
 * What may be reversed, and for how long (docs/decisions.md "Reversals"). Written once here so the
 * server refuses by these rules and the console and CLI can explain them.
 */

/** A transaction older than this many days is not reversed: correct it with a credit or debit request. */
export const REVERSAL_WINDOW_DAYS = 90;

/**
 * Kinds of transfer a reversal command takes back, each with what its reversal means. A fee or
 * cashback charged on a transfer goes back with it (never alone); a reversal is never reversed.
 */
export const REVERSIBLE_KINDS = {
  /** A bank transfer that failed or was returned: the amount and its fee go back to the wallet. */
  transfer_out: 'a failed or returned bank transfer: the amount and its fee go back to the wallet',
  /** A chargeback: the money leaves the wallet again (with the cashback it earned). */
  pos_credit: 'a chargeback: the money (and any cashback it earned) leaves the wallet',
  /** Manual corrections, undone. */
  credit: 'a manual credit, undone: the money leaves the wallet',
  debit: 'a manual debit, undone: the money goes back to the wallet',
  /** Cashback paid on its own. */
  cashback: 'cashback paid in error: it leaves the wallet',
} as const;

export type ReversibleKind = keyof typeof REVERSIBLE_KINDS;

/** Whether a transfer of this kind may be reversed by the reversal commands. */
export const isReversibleKind = (kind: string): kind is ReversibleKind => Object.hasOwn(REVERSIBLE_KINDS, kind);

/** Why a kind is not reversible, as the refusal says it. */
export function notReversibleReason(kind: string): string {
  if (kind === 'reversal') return 'it is itself a reversal: post the original again instead';
  if (kind === 'fee') return 'a fee is reversed with the transfer it was charged on, never alone';
  if (kind === 'adjustment') return "an adjustment moves money between the company's own accounts: post an opposite adjustment instead";
  return `transactions of kind ${kind} are not reversed`;
}
