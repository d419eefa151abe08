import { describe, expect, it } from 'vitest';
import type { ListColumn } from './command';
import { listMerchants } from './commands/merchants/merchants';
import { cardParts, columnLayout } from './list';

const column = (key: string, kind: ListColumn['kind'], label = key, hints: Partial<ListColumn> = {}): ListColumn => ({ key, label, kind, ...hints });

describe('columnLayout', () => {
  it('makes names, emails and amounts wide and high, yes/no and statuses narrow and low', () => {
    const name = columnLayout(column('businessName', 'text', 'Business'));
    const email = columnLayout(column('email', 'email'));
    const amount = columnLayout(column('balanceKobo', 'money', 'Balance'));
    const flag = columnLayout(column('isFraud', 'boolean', 'Fraud'));
    const status = columnLayout(column('walletStatus', 'enum', 'Wallet'));
    for (const wide of [name, email, amount]) {
      expect(wide.priority).toBe('high');
      expect(wide.width).toBeGreaterThan(flag.width);
      expect(wide.width).toBeGreaterThan(status.width);
    }
    expect([flag.priority, status.priority]).toEqual(['low', 'low']);
    expect(columnLayout(column('state', 'text', 'State')).priority).toBe('medium');
  });

  it('gives a yes/no column the width of its header’s longest word, which wraps', () => {
    expect(columnLayout(column('kycExempt', 'boolean', 'KYC exempt')).width).toBe(6);
  });

  it('takes a priority, width or card part from the column’s definition over its kind’s', () => {
    const layout = columnLayout(column('status', 'enum', 'Status', { priority: 'high', width: 10, card: 'fact' }));
    expect(layout).toEqual({ width: 10, minWidth: 10, priority: 'high', card: 'fact' });
  });
});

describe('cardParts', () => {
  it('makes a merchant’s card its name, its most important facts and its flags and wallet', () => {
    const parts = cardParts(listMerchants.list!.columns);
    expect(parts.title.map((c) => c.key)).toEqual(['name']);
    expect(parts.facts.map((c) => c.key)).toEqual(['email', 'phone', 'state']);
    expect(parts.states.map((c) => c.key)).toEqual(['isFraud', 'isTrusted', 'kycExempt', 'walletStatus']);
  });

  it('titles a person by first and last name, and a row without a name by its sentence or email', () => {
    const person = [column('id', 'id'), column('firstName', 'text'), column('lastName', 'text'), column('email', 'email')];
    expect(cardParts(person).title.map((c) => c.key)).toEqual(['firstName', 'lastName']);
    expect(cardParts([column('at', 'datetime'), column('summary', 'sentence'), column('adminEmail', 'email')]).title[0]?.key).toBe('summary');
    expect(cardParts([column('id', 'id'), column('adminEmail', 'email')]).title[0]?.key).toBe('adminEmail');
  });

  it('uses the columns marked as the title when there are any', () => {
    const columns = [column('accountNumber', 'text', 'Account number', { card: 'title' }), column('accountName', 'text', 'Account name')];
    expect(cardParts(columns).title.map((c) => c.key)).toEqual(['accountNumber']);
  });
});
