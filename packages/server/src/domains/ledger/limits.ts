import {
  BALANCE_CAPPED_CREDIT_KINDS,
  checkBalanceCap,
  checkDebitLimits,
  conflict,
  koboFromDatabase,
  LIMIT_FREE_KINDS,
  type LimitRefusal,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { walletLimitStates } from '../wallet-settings/index';

/** A wallet account as the posting locked it. */
export interface LockedWallet {
  id: number;
  code: string;
  wallet_uid: string | null;
  balance: bigint | number | string;
}

/** A leg as the limits read it. */
export interface LimitedLeg {
  debit: number;
  credit: number;
  amount: bigint | number;
  kind: string;
}

/**
 * Refuses (409, `details.reason` 'limit') a posting that takes a wallet past its KYC tier's
 * limits (core wallet/kyc-tier.ts): the posting's total debit from a wallet (its fees included)
 * above the single-debit limit, or above what the daily limit leaves of today's debits; or a
 * manual credit (`BALANCE_CAPPED_CREDIT_KINDS`) taking the balance above the tier's cap.
 * Reversals are never stopped nor counted; a POS inflow is never bounced.
 *
 * Called inside `post` after the wallet accounts are locked: today's debits of a wallet cannot
 * change until this posting commits, so two postings cannot both fit under the same remainder.
 * A posting that debits no wallet and makes no manual credit reads nothing.
 */
export async function assertWithinLimits(db: Db, wallets: readonly LockedWallet[], legs: readonly LimitedLeg[]): Promise<void> {
  const moves = wallets.map((wallet) => {
    let limitedDebit = 0n;
    let cappedCredit = 0n;
    let net = 0n;
    for (const leg of legs) {
      const amount = BigInt(leg.amount);
      if (leg.debit === wallet.id) {
        net -= amount;
        if (!LIMIT_FREE_KINDS.includes(leg.kind)) limitedDebit += amount;
      }
      if (leg.credit === wallet.id) {
        net += amount;
        if (BALANCE_CAPPED_CREDIT_KINDS.includes(leg.kind)) cappedCredit += amount;
      }
    }
    return { wallet, limitedDebit, cappedCredit, balanceAfter: BigInt(wallet.balance) + net };
  });
  const checked = moves.filter((move) => move.limitedDebit > 0n || move.cappedCredit > 0n);
  if (checked.length === 0) return;
  const states = await walletLimitStates(
    db,
    checked.flatMap((move) => (move.wallet.wallet_uid ? [move.wallet.wallet_uid] : [])),
  );
  for (const move of checked) {
    const state = states.get(move.wallet.id);
    if (!state) throw new Error(`no limit state for wallet account ${move.wallet.code}`);
    const refusal =
      (move.limitedDebit > 0n
        ? checkDebitLimits({ limits: state.limits, debitKobo: koboFromDatabase(move.limitedDebit), usedTodayKobo: state.usedToday })
        : null) ??
      (move.cappedCredit > 0n
        ? checkBalanceCap({
            limits: state.limits,
            creditKobo: koboFromDatabase(move.cappedCredit),
            balanceKobo: koboFromDatabase(move.balanceAfter - move.cappedCredit),
          })
        : null);
    if (refusal) throw limitRefusal(refusal, move.wallet.code, state.day);
  }
}

function limitRefusal(refusal: LimitRefusal, account: string, day: string) {
  const { message, ...figures } = refusal;
  return conflict(message, { reason: 'limit', account, day, ...figures });
}
