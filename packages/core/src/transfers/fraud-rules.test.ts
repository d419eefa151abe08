import { describe, expect, it } from 'vitest';
import { type FraudRuleDefinition, fraudRuleDefinition, matchRule, moreSevere, ruleChangeWords, ruleConditionWords, type TransferFacts } from './fraud-rules';

const NAIRA = 100n;
const facts = (over: Partial<TransferFacts> = {}): TransferFacts => ({
  fromMerchant: true,
  amountKobo: 10_000n * NAIRA,
  beneficiary: { bankCode: '058', accountNumber: '0123456789' },
  transfersLastHour: 0,
  amountLastHourKobo: 0n,
  beneficiaryPaidBefore: true,
  blockedBeneficiary: null,
  ...over,
});

const amountAbove: FraudRuleDefinition = { kind: 'amount_above', thresholdKobo: 5_000_000_00 };
const velocity: FraudRuleDefinition = { kind: 'velocity', maxTransfers: 20, maxAmountKobo: 10_000_000_00 };
const newBeneficiary: FraudRuleDefinition = { kind: 'new_beneficiary_amount', thresholdKobo: 1_000_000_00 };
const blocked: FraudRuleDefinition = { kind: 'blocked_beneficiary' };

describe('matchRule', () => {
  it.each([
    ['an amount above the threshold', amountAbove, facts({ amountKobo: 6_000_000n * NAIRA }), true, '₦6,000,000.00 is above the ₦5,000,000.00 threshold'],
    ['an amount at the threshold', amountAbove, facts({ amountKobo: 5_000_000n * NAIRA }), false, '₦5,000,000.00 is not above the ₦5,000,000.00 threshold'],
    [
      'a company transfer above the threshold',
      amountAbove,
      facts({ fromMerchant: false, amountKobo: 6_000_000n * NAIRA }),
      true,
      '₦6,000,000.00 is above the ₦5,000,000.00 threshold',
    ],
    [
      'the 21st transfer in an hour',
      velocity,
      facts({ transfersLastHour: 20, amountLastHourKobo: 200_000n * NAIRA }),
      true,
      '21 transfers (₦210,000.00) in the last hour with this one: more than 20 transfers an hour',
    ],
    [
      'the 20th transfer in an hour',
      velocity,
      facts({ transfersLastHour: 19, amountLastHourKobo: 190_000n * NAIRA }),
      false,
      '20 transfers (₦200,000.00) in the last hour with this one: within 20 transfers and ₦10,000,000.00 an hour',
    ],
    [
      'an hour whose total passes the amount',
      velocity,
      facts({ transfersLastHour: 2, amountLastHourKobo: 9_995_000n * NAIRA }),
      true,
      '3 transfers (₦10,005,000.00) in the last hour with this one: more than ₦10,000,000.00 an hour',
    ],
    [
      'a company account, however busy',
      velocity,
      facts({ fromMerchant: false, transfersLastHour: 500 }),
      false,
      'paid from a company account: merchant velocity does not apply',
    ],
    [
      'a large amount to a new beneficiary',
      newBeneficiary,
      facts({ beneficiaryPaidBefore: false, amountKobo: 1_500_000n * NAIRA }),
      true,
      '₦1,500,000.00 to GTBank 0123456789, never paid by this merchant, is above the ₦1,000,000.00 threshold',
    ],
    [
      'a small amount to a new beneficiary',
      newBeneficiary,
      facts({ beneficiaryPaidBefore: false, amountKobo: 50_000n * NAIRA }),
      false,
      '₦50,000.00 to GTBank 0123456789, never paid by this merchant, is not above the ₦1,000,000.00 threshold',
    ],
    [
      'a large amount to a known beneficiary',
      newBeneficiary,
      facts({ amountKobo: 1_500_000n * NAIRA }),
      false,
      'the merchant has paid GTBank 0123456789 before',
    ],
    [
      'a blocked beneficiary',
      blocked,
      facts({ blockedBeneficiary: { reason: 'Mule account reported by GTBank.' } }),
      true,
      'GTBank 0123456789 is on the blocked beneficiaries list (Mule account reported by GTBank)',
    ],
    ['a beneficiary not on the list', blocked, facts(), false, 'GTBank 0123456789 is not on the blocked beneficiaries list'],
  ])('%s', (_what, rule, transfer, matched, reason) => {
    expect(matchRule(rule, transfer)).toEqual({ matched, reason });
  });
});

describe('rule definitions', () => {
  it.each([
    [{ kind: 'amount_above', thresholdKobo: -5 }, 'thresholdKobo'],
    [{ kind: 'amount_above' }, 'thresholdKobo'],
    [{ kind: 'velocity', maxTransfers: 0 }, 'maxTransfers'],
    [{ kind: 'velocity', maxTransfers: 5, thresholdKobo: 100 }, ''],
    [{ kind: 'blocked_beneficiary', thresholdKobo: 100 }, ''],
    [{ kind: 'sometimes' }, 'kind'],
  ])('refuses %j, naming %s', (definition, field) => {
    const parsed = fraudRuleDefinition.safeParse(definition);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path.join('.') ?? '').toBe(field);
  });

  it('says what each kind matches and how a change changed it', () => {
    expect(ruleConditionWords(amountAbove)).toBe('above ₦5,000,000.00');
    expect(ruleConditionWords(velocity)).toBe('more than 20 transfers or ₦10,000,000.00 per merchant per hour');
    expect(ruleConditionWords({ kind: 'velocity', maxTransfers: 1 })).toBe('more than 1 transfer per merchant per hour');
    const before = { name: 'Large transfers', definition: amountAbove, action: 'hold' as const, enabled: true };
    expect(ruleChangeWords(null, before)).toBe('created: above ₦5,000,000.00, hold for review');
    expect(ruleChangeWords(before, { ...before, definition: { kind: 'amount_above', thresholdKobo: 6_000_000_00 }, action: 'block', enabled: false })).toBe(
      'condition above ₦5,000,000.00 → above ₦6,000,000.00; action hold for review → block; disabled',
    );
    expect(ruleChangeWords(before, null)).toBe('deleted');
  });

  it('ranks block over hold over allow', () => {
    expect(moreSevere('allow', 'hold')).toBe('hold');
    expect(moreSevere('block', 'hold')).toBe('block');
    expect(moreSevere('hold', 'allow')).toBe('hold');
  });
});
