import { describe, expect, it } from 'vitest';
import { checkBalanceCap, checkDebitLimits, DEFAULT_TIER_LIMITS, kycTierOf, remainingUnderLimits, type TierLimits, tierOrderProblem } from './kyc-tier';

const none = { kycExempt: false, bvnExempt: false, identityApproved: false, addressApproved: false, corporateApproved: false };
const tier = (n: 1 | 2 | 3): TierLimits => DEFAULT_TIER_LIMITS.find((limits) => limits.tier === n)!;

describe('kycTierOf', () => {
  it.each([
    ['nothing verified', {}, 1, 'no identity document verified'],
    ['an address alone', { addressApproved: true }, 1, 'no identity document verified'],
    ['an identity document', { identityApproved: true }, 2, 'identity verified'],
    ['the BVN check waived', { bvnExempt: true }, 2, 'BVN check waived'],
    ['identity and address', { identityApproved: true, addressApproved: true }, 3, 'identity verified, address verified'],
    ['identity and CAC', { identityApproved: true, corporateApproved: true }, 3, 'identity verified, CAC registration verified'],
    ['a KYC override', { kycExempt: true }, 3, 'KYC override (exempt from KYC)'],
  ])('%s', (_what, evidence, expected, because) => {
    expect(kycTierOf({ ...none, ...evidence })).toEqual({ tier: expected, because });
  });
});

describe('the limits', () => {
  it('refuses a single debit above the limit before the daily one, and a debit over what today leaves', () => {
    expect(checkDebitLimits({ limits: tier(1), debitKobo: 5_000_001, usedTodayKobo: 0 })?.limit).toBe('single_debit');
    expect(checkDebitLimits({ limits: tier(1), debitKobo: 5_000_000, usedTodayKobo: 0 })).toBeNull();
    const daily = checkDebitLimits({ limits: tier(1), debitKobo: 2_000_001, usedTodayKobo: 3_000_000 });
    expect(daily).toMatchObject({ limit: 'daily_debit', tier: 1, usedKobo: 3_000_000, remainingKobo: 2_000_000, attemptedKobo: 2_000_001 });
    expect(daily?.message).toBe(
      'A debit of ₦20,000.01 is over the Tier 1 daily debit limit of ₦50,000.00: ₦30,000.00 used today, ₦20,000.00 remains. Nothing was posted',
    );
    expect(checkDebitLimits({ limits: { ...tier(3), dailyDebitLimit: null }, debitKobo: 10 ** 12, usedTodayKobo: 10 ** 12 })).toBeNull();
  });

  it('caps a credit at the balance limit; no cap on Tier 3', () => {
    expect(checkBalanceCap({ limits: tier(1), creditKobo: 1, balanceKobo: 30_000_000 })).toMatchObject({ limit: 'max_balance', remainingKobo: 0 });
    expect(checkBalanceCap({ limits: tier(1), creditKobo: 1_000_000, balanceKobo: 29_000_000 })).toBeNull();
    expect(checkBalanceCap({ limits: tier(3), creditKobo: 10 ** 12, balanceKobo: 10 ** 12 })).toBeNull();
  });

  it('says what remains: the next debit is bounded by the single limit and by today', () => {
    expect(remainingUnderLimits(tier(1), 1_000_000, 10_000_000)).toEqual({
      nextDebitKobo: 4_000_000,
      dailyRemainingKobo: 4_000_000,
      balanceRemainingKobo: 20_000_000,
    });
    expect(remainingUnderLimits(tier(2), 0, 0)).toEqual({ nextDebitKobo: 20_000_000, dailyRemainingKobo: 20_000_000, balanceRemainingKobo: 50_000_000 });
    expect(remainingUnderLimits({ ...tier(3), dailyDebitLimit: null }, 5, 5)).toEqual({
      nextDebitKobo: null,
      dailyRemainingKobo: null,
      balanceRemainingKobo: null,
    });
  });

  it('keeps higher tiers at least as generous as lower ones; "no limit" is above every figure', () => {
    expect(tierOrderProblem(DEFAULT_TIER_LIMITS)).toBeNull();
    expect(tierOrderProblem([tier(1), { ...tier(2), dailyDebitLimit: 1 }, tier(3)])).toMatchObject({ tier: 2, field: 'dailyDebitLimit' });
    expect(tierOrderProblem([tier(1), { ...tier(2), maxBalance: null }, tier(3)])).toBeNull();
    expect(tierOrderProblem([tier(1), tier(2), { ...tier(3), maxBalance: 1 }])).toMatchObject({ tier: 3, field: 'maxBalance' });
  });
});
