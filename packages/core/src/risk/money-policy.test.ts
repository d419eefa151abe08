import { describe, expect, it } from 'vitest';
import { moneyMovementPolicy, type MoneyPolicyInput } from './money-policy';

const account = (blacklisted: boolean, status: 'ACTIVE' | 'DEACTIVATED' = 'ACTIVE') => ({ accountNumber: '0123456789', blacklisted, status });

describe('moneyMovementPolicy', () => {
  // [what, input, debit allowed, credit allowed, the rule that decided (debit / credit)]
  it.each<[string, MoneyPolicyInput, boolean, boolean, string, string]>([
    ['active wallet', { isFraud: false, walletStatus: 'ACTIVE' }, true, true, 'ok', 'ok'],
    ['PND: credits only', { isFraud: false, walletStatus: 'PND' }, false, true, 'wallet_pnd', 'ok'],
    ['frozen: neither', { isFraud: false, walletStatus: 'FROZEN' }, false, false, 'wallet_frozen', 'wallet_frozen'],
    ['closed: neither', { isFraud: false, walletStatus: 'CLOSED' }, false, false, 'wallet_closed', 'wallet_closed'],
    ['no wallet: neither', { isFraud: false, walletStatus: null }, false, false, 'no_wallet', 'no_wallet'],
    ['fraud, active wallet: neither', { isFraud: true, walletStatus: 'ACTIVE' }, false, false, 'fraud', 'fraud'],
    ['fraud, PND wallet: neither (fraud outranks PND)', { isFraud: true, walletStatus: 'PND' }, false, false, 'fraud', 'fraud'],
    ['credit through a blacklisted account', { isFraud: false, walletStatus: 'ACTIVE', fixedAccount: account(true) }, true, false, 'ok', 'account_blacklisted'],
    [
      'credit through a deactivated account',
      { isFraud: false, walletStatus: 'ACTIVE', fixedAccount: account(false, 'DEACTIVATED') },
      true,
      false,
      'ok',
      'account_deactivated',
    ],
    ['credit through a good account', { isFraud: false, walletStatus: 'ACTIVE', fixedAccount: account(false) }, true, true, 'ok', 'ok'],
    [
      'PND wallet, blacklisted account: the blacklist stops the credit',
      { isFraud: false, walletStatus: 'PND', fixedAccount: account(true) },
      false,
      false,
      'wallet_pnd',
      'account_blacklisted',
    ],
    [
      'frozen wallet, good account: the wallet decides',
      { isFraud: false, walletStatus: 'FROZEN', fixedAccount: account(false) },
      false,
      false,
      'wallet_frozen',
      'wallet_frozen',
    ],
    ['fraud, blacklisted account: fraud is the reason', { isFraud: true, walletStatus: 'ACTIVE', fixedAccount: account(true) }, false, false, 'fraud', 'fraud'],
  ])('%s', (_what, input, debit, credit, debitRule, creditRule) => {
    const policy = moneyMovementPolicy(input);
    expect(policy.debit.allowed).toBe(debit);
    expect(policy.credit.allowed).toBe(credit);
    expect(policy.debit.rule).toBe(debitRule);
    expect(policy.credit.rule).toBe(creditRule);
    for (const decision of [policy.debit, policy.credit]) expect(decision.reason.length).toBeGreaterThan(10);
  });

  it('names the account in a refusal through it', () => {
    expect(moneyMovementPolicy({ isFraud: false, walletStatus: 'ACTIVE', fixedAccount: account(true) }).credit.reason).toContain('0123456789');
  });
});
