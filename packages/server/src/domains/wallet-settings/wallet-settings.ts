import { type KycTier, kycTierOf, type TierLimits } from '@traction/core';
import type { Db } from '../../db/connect';
import { cashbackCandidates, readTransferFee, walletLimitInputs } from './wallet-settings.repository';

/** A wallet's tier, its limits and where it stands today. */
export interface WalletLimitState {
  walletUid: string;
  businessId: number;
  accountId: number | null;
  tier: KycTier;
  /** Why this tier, in a few words. */
  tierBecause: string;
  limits: TierLimits;
  /** Kobo, from the ledger's running balance. */
  balance: number;
  /** Debits counted against today's limit, kobo. */
  usedToday: number;
  /** The Lagos day (YYYY-MM-DD). */
  day: string;
}

async function statesOf(db: Db, where: Parameters<typeof walletLimitInputs>[1]): Promise<WalletLimitState[]> {
  const inputs = await walletLimitInputs(db, where);
  if (inputs.length === 0) return [];
  const tiers = new Map(inputs[0]!.tierLimits.map((limits) => [limits.tier, limits]));
  return inputs.map((input) => {
    const { tier, because } = kycTierOf(input.evidence);
    const limits = tiers.get(tier);
    if (!limits) throw new Error(`wallet_tier_limits has no row for tier ${tier}`);
    return {
      walletUid: input.walletUid,
      businessId: input.businessId,
      accountId: input.accountId,
      tier,
      tierBecause: because,
      limits,
      balance: input.balance,
      usedToday: input.usedToday,
      day: input.day,
    };
  });
}

/**
 * The limit state of each wallet ledger account named (keyed by account id). The ledger calls
 * this inside a posting, after locking the accounts: today's debits cannot change under it.
 */
export async function walletLimitStates(db: Db, walletUids: readonly string[]): Promise<Map<number, WalletLimitState>> {
  if (walletUids.length === 0) return new Map();
  const states = await statesOf(db, walletUids);
  return new Map(states.flatMap((state) => (state.accountId === null ? [] : [[state.accountId, state] as const])));
}

/** One wallet's limit state, or undefined when no such wallet exists. */
export async function walletLimitState(db: Db, walletUid: string): Promise<WalletLimitState | undefined> {
  return (await statesOf(db, [walletUid]))[0];
}

/** The fee charged on each transfer out of a wallet, kobo (issue 15 posts it as the transfer's fee leg). */
export async function transferFee(db: Db): Promise<number> {
  return (await readTransferFee(db)).fee;
}

/** Cashback on `amountKobo` under one rule: its share, rounded down to whole kobo, at most its cap. */
export function cashbackUnder(rule: { basisPoints: number; cap: number }, amountKobo: number): number {
  const share = (BigInt(amountKobo) * BigInt(rule.basisPoints)) / 10_000n;
  return Number(share < BigInt(rule.cap) ? share : BigInt(rule.cap));
}

export interface Cashback {
  /** Kobo to pay back; 0 when none is due. */
  amount: number;
  /** The rule that pays it; null when none does. */
  rule: { id: number; name: string } | null;
  /** Why none is due, when none is. */
  reason: string | null;
}

/**
 * The cashback a business earns on a POS credit of `amountKobo` (issue 16 posts it as the
 * credit's cashback leg). Nothing unless the business has cashback activated; then the best
 * active POS rule whose minimum the amount reaches — rules never add up.
 */
export async function cashbackFor(db: Db, businessId: number, amountKobo: number): Promise<Cashback> {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) throw new RangeError(`cashbackFor takes positive whole kobo, got ${amountKobo}`);
  const { activated, rules } = await cashbackCandidates(db, businessId, amountKobo, 'pos_credit');
  if (!activated) return { amount: 0, rule: null, reason: 'cashback is not activated for this business' };
  let best: Cashback = { amount: 0, rule: null, reason: 'no active cashback rule applies to this amount' };
  for (const rule of rules) {
    const amount = cashbackUnder(rule, amountKobo);
    if (amount > best.amount) best = { amount, rule: { id: rule.id, name: rule.name }, reason: null };
  }
  return best;
}
