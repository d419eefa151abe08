import { formatNaira } from '../format/naira';
import type { KycDocumentType } from '../kyc/identity';

/**
 * Nigerian tiered KYC (CBN): how far a business is verified decides how much its wallet may
 * hold and send. Written once: the ledger enforces it on every posting, the console and the CLI
 * show it. The figures are data (the `wallet_tier_limits` table, edited through the wallet
 * configuration); these are the defaults the migration seeds.
 */

export const KYC_TIERS = [1, 2, 3] as const;
export type KycTier = (typeof KYC_TIERS)[number];

/** What each tier means, for tables and help texts. */
export const KYC_TIER_MEANING: Readonly<Record<KycTier, string>> = {
  1: 'Basic: no identity document verified yet',
  2: 'Identity verified (BVN, NIN or another identity document)',
  3: 'Full KYC: identity and address (or CAC registration) verified, or KYC override',
};

/** Documents that prove who the owner is; a utility bill proves an address, CAC papers a company. */
export const IDENTITY_DOCUMENT_TYPES = ['NIN', 'BVN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD'] as const satisfies readonly KycDocumentType[];

/** What a business's KYC records and override say, as the tier rule reads them. */
export interface KycTierEvidence {
  /** KYC override: exempt from KYC altogether. */
  kycExempt: boolean;
  /** Exempt from the BVN check only. */
  bvnExempt: boolean;
  /** An APPROVED DOCUMENT record of an identity document (IDENTITY_DOCUMENT_TYPES). */
  identityApproved: boolean;
  /** An APPROVED ADDRESS record. */
  addressApproved: boolean;
  /** An APPROVED CORPORATE (CAC) record. */
  corporateApproved: boolean;
}

export interface KycTierDecision {
  tier: KycTier;
  /** Why, in a few words: "identity and address verified". */
  because: string;
}

/**
 * A business's tier. A KYC override (exempt from KYC) counts as Tier 3: the admin who granted it
 * vouched for the business in place of its documents. A BVN exemption stands in for the identity
 * document. Tier 3 needs identity and either an address or a CAC registration (a company's
 * registered address is on its CAC papers). Everyone else is Tier 1.
 */
export function kycTierOf(evidence: KycTierEvidence): KycTierDecision {
  if (evidence.kycExempt) return { tier: 3, because: 'KYC override (exempt from KYC)' };
  const identity = evidence.identityApproved || evidence.bvnExempt;
  const identityWords = evidence.identityApproved ? 'identity verified' : 'BVN check waived';
  if (identity && evidence.addressApproved) return { tier: 3, because: `${identityWords}, address verified` };
  if (identity && evidence.corporateApproved) return { tier: 3, because: `${identityWords}, CAC registration verified` };
  if (identity) return { tier: 2, because: identityWords };
  return { tier: 1, because: 'no identity document verified' };
}

/** One tier's limits in kobo; null: no limit of that kind. */
export interface TierLimits {
  tier: KycTier;
  /** Most one posting may debit from the wallet (fees included); null: only the daily limit applies. */
  singleDebitLimit: number | null;
  /** Most the wallet's debits may add up to in one Lagos day; null: no daily limit. */
  dailyDebitLimit: number | null;
  /** Most a manual credit may take the balance to; null: no cap. */
  maxBalance: number | null;
}

/** The CBN figures the migration seeds: Tier 1 ₦50,000 a debit and a day, ₦300,000 held; Tier 2 ₦200,000 a day, ₦500,000 held; Tier 3 ₦5,000,000 a day. */
export const DEFAULT_TIER_LIMITS: readonly TierLimits[] = [
  { tier: 1, singleDebitLimit: 5_000_000, dailyDebitLimit: 5_000_000, maxBalance: 30_000_000 },
  { tier: 2, singleDebitLimit: null, dailyDebitLimit: 20_000_000, maxBalance: 50_000_000 },
  { tier: 3, singleDebitLimit: null, dailyDebitLimit: 500_000_000, maxBalance: null },
];

/**
 * Debits the limits neither stop nor count: a reversal, or an admin's debit authorised by a
 * second admin, is the company putting the ledger right (a refund of a failed transfer, the
 * clawback of a wrong credit), not the merchant spending — a Tier 1 wallet's ₦50,000 limit must
 * not leave a ₦200,000 mistake in it. A loan repayment is the company collecting what it lent,
 * which no daily spending limit should hold back (nor count against the merchant's own spending).
 */
export const LIMIT_FREE_KINDS: readonly string[] = ['reversal', 'debit', 'loan_repayment'];

/**
 * Credits refused when they would take the balance above the tier's cap: the manual ones (an
 * admin's credit, an adjustment) and a loan paid out (a wallet is not lent more than its tier may
 * hold). Money that has already arrived — a POS inflow, its cashback, a
 * reversal — is never bounced: refusing it would leave it nowhere.
 */
export const BALANCE_CAPPED_CREDIT_KINDS: readonly string[] = ['credit', 'adjustment', 'loan_disbursement'];

export type LimitName = 'single_debit' | 'daily_debit' | 'max_balance';

export const LIMIT_WORDS: Readonly<Record<LimitName, string>> = {
  single_debit: 'single-debit limit',
  daily_debit: 'daily debit limit',
  max_balance: 'balance limit',
};

/** Why a posting is over a limit, with the figures the sentence names. */
export interface LimitRefusal {
  limit: LimitName;
  tier: KycTier;
  /** The limit, kobo. */
  limitKobo: number;
  /** What is already used: today's debits, or the balance held. */
  usedKobo: number;
  /** What the limit still allows. */
  remainingKobo: number;
  /** What this posting asked for. */
  attemptedKobo: number;
  message: string;
}

const naira = (kobo: number) => formatNaira(kobo);

/**
 * Whether a posting may debit `debitKobo` from a wallet that has debited `usedTodayKobo` today.
 * Null when it may; otherwise the first limit it is over, single before daily.
 */
export function checkDebitLimits(args: { limits: TierLimits; debitKobo: number; usedTodayKobo: number }): LimitRefusal | null {
  const { limits, debitKobo, usedTodayKobo } = args;
  const tier = limits.tier;
  const dailyRemaining = limits.dailyDebitLimit === null ? null : Math.max(0, limits.dailyDebitLimit - usedTodayKobo);
  if (limits.singleDebitLimit !== null && debitKobo > limits.singleDebitLimit) {
    const today = dailyRemaining === null ? '' : ` (${naira(usedTodayKobo)} used today, ${naira(dailyRemaining)} remains of the daily limit)`;
    return {
      limit: 'single_debit',
      tier,
      limitKobo: limits.singleDebitLimit,
      usedKobo: usedTodayKobo,
      remainingKobo: Math.min(limits.singleDebitLimit, dailyRemaining ?? limits.singleDebitLimit),
      attemptedKobo: debitKobo,
      message: `A debit of ${naira(debitKobo)} is above the Tier ${tier} single-debit limit of ${naira(limits.singleDebitLimit)}${today}. Nothing was posted`,
    };
  }
  if (limits.dailyDebitLimit !== null && dailyRemaining !== null && debitKobo > dailyRemaining) {
    return {
      limit: 'daily_debit',
      tier,
      limitKobo: limits.dailyDebitLimit,
      usedKobo: usedTodayKobo,
      remainingKobo: dailyRemaining,
      attemptedKobo: debitKobo,
      message: `A debit of ${naira(debitKobo)} is over the Tier ${tier} daily debit limit of ${naira(limits.dailyDebitLimit)}: ${naira(usedTodayKobo)} used today, ${naira(dailyRemaining)} remains. Nothing was posted`,
    };
  }
  return null;
}

/** Whether a manual credit of `creditKobo` may take a balance of `balanceKobo` up; null when it may. */
export function checkBalanceCap(args: { limits: TierLimits; creditKobo: number; balanceKobo: number }): LimitRefusal | null {
  const { limits, creditKobo, balanceKobo } = args;
  if (limits.maxBalance === null || balanceKobo + creditKobo <= limits.maxBalance) return null;
  const remaining = Math.max(0, limits.maxBalance - balanceKobo);
  return {
    limit: 'max_balance',
    tier: limits.tier,
    limitKobo: limits.maxBalance,
    usedKobo: balanceKobo,
    remainingKobo: remaining,
    attemptedKobo: creditKobo,
    message: `A credit of ${naira(creditKobo)} would take the balance above the Tier ${limits.tier} balance limit of ${naira(limits.maxBalance)}: the wallet holds ${naira(balanceKobo)}, ${naira(remaining)} remains. Nothing was posted`,
  };
}

/** Where each limit stands for a wallet: what is left today and before the cap (null: no limit). */
export function remainingUnderLimits(limits: TierLimits, usedTodayKobo: number, balanceKobo: number) {
  const daily = limits.dailyDebitLimit === null ? null : Math.max(0, limits.dailyDebitLimit - usedTodayKobo);
  const single = limits.singleDebitLimit === null ? daily : daily === null ? limits.singleDebitLimit : Math.min(limits.singleDebitLimit, daily);
  return {
    /** Most the next single debit may be (the single limit, bounded by what is left today). */
    nextDebitKobo: single,
    dailyRemainingKobo: daily,
    balanceRemainingKobo: limits.maxBalance === null ? null : Math.max(0, limits.maxBalance - balanceKobo),
  };
}

/**
 * Whether the tiers' limits rise with the tier (a higher tier never allows less): the sentence
 * saying where they do not, or null.
 */
export function tierOrderProblem(tiers: readonly TierLimits[]): { tier: KycTier; field: keyof Omit<TierLimits, 'tier'>; message: string } | null {
  const sorted = [...tiers].sort((a, b) => a.tier - b.tier);
  const fields = ['singleDebitLimit', 'dailyDebitLimit', 'maxBalance'] as const;
  const words = { singleDebitLimit: 'single-debit limit', dailyDebitLimit: 'daily debit limit', maxBalance: 'balance limit' };
  for (let i = 1; i < sorted.length; i += 1) {
    const lower = sorted[i - 1]!;
    const higher = sorted[i]!;
    for (const field of fields) {
      const low = lower[field];
      const high = higher[field];
      // null is "no limit": above every figure.
      if (high !== null && (low === null || high < low)) {
        return {
          tier: higher.tier,
          field,
          message: `Tier ${higher.tier}'s ${words[field]} (${naira(high)}) would be below Tier ${lower.tier}'s (${low === null ? 'no limit' : naira(low)}): a higher tier never allows less`,
        };
      }
    }
  }
  return null;
}
