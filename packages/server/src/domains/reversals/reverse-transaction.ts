import {
  ApiError,
  alreadyInState,
  conflict,
  formatNaira,
  isReversibleKind,
  koboFromDatabase,
  notFound,
  notReversibleReason,
  REVERSAL_WINDOW_DAYS,
  type ReversalOutcome,
  transferKindWords,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { reversalOf, reverse, transferById, transferByReference } from '../ledger/index';
import { legsOf, transferIdOfWalletEntry, walletAccountsOf, walletBalance, walletEntriesOf } from './reversals.repository';

/** How a reversal names what it reverses: by its reference, or by its row in the wallet transaction log. */
export type ReversalTarget = { reference: string } | { walletEntryId: number };

export interface ReversalRequest {
  reason: string;
  /** The request's time (the app's clock): the reversal window is counted to it. */
  now: Date;
  commandId: string;
  adminId: number;
  requestId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Mama Put's wallet", "Jubilee Suites' wallet". */
const walletOf = (name: string) => `${name}${name.endsWith('s') ? "'" : "'s"} wallet`;

interface Movement {
  debit_account_id: number;
  credit_account_id: number;
  amount: bigint;
}

/** What reversing these transfers (in this order) does to a wallet: its net change, and the most it needs to hold at the start so no step overdraws it. */
function effectOn(accountId: number, transfers: readonly Movement[]): { change: bigint; needs: bigint } {
  let running = 0n;
  let lowest = 0n;
  for (const transfer of transfers) {
    // The reversal swaps the accounts: what the original credited, the reversal debits.
    if (transfer.credit_account_id === accountId) running -= BigInt(transfer.amount);
    if (transfer.debit_account_id === accountId) running += BigInt(transfer.amount);
    if (running < lowest) lowest = running;
  }
  return { change: running, needs: -lowest };
}

/**
 * Reverses a wallet transaction with its fee and cashback legs, by the rules in
 * docs/decisions.md "Reversals": reversible kinds only, within REVERSAL_WINDOW_DAYS, once, and
 * only while the wallet holds what the reversal takes (else 409 saying how much it holds and
 * needs, nothing posted). The compensating transfers are posted by the ledger's `reverse`, in
 * the caller's transaction, with the reason in their narration.
 */
export async function reverseWalletTransaction(db: Db, target: ReversalTarget, request: ReversalRequest): Promise<ReversalOutcome> {
  const original = await findTarget(db, target);
  const first = await reversalOf(db, original.id);
  if (first) {
    // A fee or cashback leg is reversed with its transaction: say which.
    const principal = original.parent_transfer_id === null ? null : await transferById(db, original.parent_transfer_id);
    throw alreadyReversed(original.reference, first.reference, principal?.reference);
  }
  if (original.kind === 'reversal') {
    const reversed = original.reverses_transfer_id === null ? null : await transferById(db, original.reverses_transfer_id);
    throw conflict(
      `${original.reference} is itself a reversal${reversed ? ` (of ${reversed.reference})` : ''} and cannot be reversed: post the original again instead`,
      {
        reason: 'reversal_of_reversal',
        reference: original.reference,
      },
    );
  }
  if (original.parent_transfer_id !== null) {
    const principal = await transferById(db, original.parent_transfer_id);
    throw conflict(
      `${original.reference} is the ${transferKindWords(original.kind)} of ${principal?.reference ?? 'another transaction'}: reverse that, and this is reversed with it`,
      { reason: 'part_of_transfer', reference: original.reference, principal: principal?.reference ?? null },
    );
  }
  if (!isReversibleKind(original.kind)) {
    throw conflict(`${original.reference} cannot be reversed: ${notReversibleReason(original.kind)}`, { reason: 'not_reversible', kind: original.kind });
  }
  const ageDays = Math.floor((request.now.getTime() - original.created_at.getTime()) / DAY_MS);
  if (ageDays > REVERSAL_WINDOW_DAYS) {
    throw conflict(
      `${original.reference} is ${ageDays} days old: transactions are reversed within ${REVERSAL_WINDOW_DAYS} days. Nothing was reversed; correct it with a wallet credit or debit request instead`,
      { reason: 'too_old', reference: original.reference, ageDays, windowDays: REVERSAL_WINDOW_DAYS },
    );
  }

  const legs = await legsOf(db, original.id);
  const wallets = await walletAccountsOf(db, [original.debit_account_id, original.credit_account_id]);
  // The merchant's side of the transaction (a wallet-to-wallet transfer: the one it reached).
  const wallet = wallets.find((account) => account.id === original.credit_account_id) ?? wallets[0];
  if (!wallet || wallet.wallet_uid === null || wallet.business_id === null) {
    throw conflict(`${original.reference} moved no merchant wallet: it is not a wallet transaction`, { reason: 'not_reversible', kind: original.kind });
  }
  const { change, needs } = effectOn(wallet.id, [original, ...legs]);
  const shortOf = async (holds: bigint) =>
    conflict(
      `${walletOf(wallet.business_name)} holds ${formatNaira(holds)}; reversing ${original.reference} needs ${formatNaira(needs)}. Nothing was reversed: raise a wallet debit request for what can be recovered, or reverse it once the wallet holds enough`,
      { reason: 'insufficient_balance', reference: original.reference, holds: koboFromDatabase(holds), needs: koboFromDatabase(needs) },
    );
  const holds = BigInt(wallet.balance);
  if (holds < needs) throw await shortOf(holds);

  let reversal: Awaited<ReturnType<typeof reverse>>;
  try {
    reversal = await reverse(db, original.id, {
      commandId: request.commandId,
      adminId: request.adminId,
      requestId: request.requestId,
      narration: `Reversal of ${original.reference}: ${request.reason}`,
    });
  } catch (error) {
    // Another reversal or a debit committed between the reads above and the ledger's locks.
    if (error instanceof ApiError && error.status === 409 && error.details?.reason === 'already_reversed') {
      const winner = await reversalOf(db, original.id);
      throw alreadyReversed(original.reference, winner?.reference ?? String(error.details.reversal ?? 'another reversal'));
    }
    if (error instanceof ApiError && error.status === 409 && error.details?.reason === 'insufficient_balance')
      throw await shortOf(await walletBalance(db, wallet.id));
    throw error;
  }

  const entries = await walletEntriesOf(db, wallet.id, [reversal.id, ...reversal.legs.map((leg) => leg.id)]);
  const before = entries[0]?.balance_before ?? holds;
  const after = entries.at(-1)?.balance_after ?? holds + change;
  const amountReversed = [original, ...legs].reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
  const legWords = legs.length ? ` and its ${legs.map((leg) => `${transferKindWords(leg.kind)} ${formatNaira(leg.amount)}`).join(', ')}` : '';
  const moved =
    change === 0n
      ? `${walletOf(wallet.business_name)} is unchanged`
      : change > 0n
        ? `${formatNaira(change)} back to ${walletOf(wallet.business_name)}`
        : `${formatNaira(-change)} taken from ${walletOf(wallet.business_name)}`;
  return {
    reversal: { id: Number(reversal.id), reference: reversal.reference },
    original: transferShape(original),
    legs: legs.map((leg, index) => ({ ...transferShape(leg), reversal: reversal.legs[index]?.reference ?? `reversal:${leg.reference}` })),
    amountReversed: koboFromDatabase(amountReversed),
    wallet: {
      uid: wallet.wallet_uid,
      businessId: wallet.business_id,
      businessName: wallet.business_name,
      change: koboFromDatabase(change),
      balanceBefore: koboFromDatabase(before),
      balanceAfter: koboFromDatabase(after),
    },
    reason: request.reason,
    message: `Reversed ${original.reference} (${transferKindWords(original.kind)} ${formatNaira(original.amount)}${legWords}) as ${reversal.reference}: ${moved}, which now holds ${formatNaira(after)}.`,
  };
}

async function findTarget(db: Db, target: ReversalTarget) {
  if ('reference' in target) {
    const transfer = await transferByReference(db, target.reference);
    if (!transfer) throw notFound(`No wallet transaction has the reference ${target.reference}`);
    return transfer;
  }
  const transferId = await transferIdOfWalletEntry(db, target.walletEntryId);
  const transfer = transferId === null ? undefined : await transferById(db, transferId);
  if (!transfer) throw notFound(`No wallet transaction has the id ${target.walletEntryId}`);
  return transfer;
}

function alreadyReversed(reference: string, reversal: string, with_?: string) {
  return alreadyInState(`${reference} is already reversed by ${reversal}${with_ ? ` (with ${with_})` : ''}`, { reversal, reference });
}

function transferShape(transfer: { id: bigint; reference: string; kind: string; amount: bigint; created_at: Date }) {
  return {
    id: Number(transfer.id),
    reference: transfer.reference,
    kind: transfer.kind,
    amount: koboFromDatabase(transfer.amount),
    createdAt: transfer.created_at.toISOString(),
  };
}
