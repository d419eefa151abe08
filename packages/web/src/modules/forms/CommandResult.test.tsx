// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandResult } from './CommandResult';

afterEach(cleanup);

function rowsShown(): Record<string, string> {
  const result = screen.getByTestId('command-result');
  const labels = [...result.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const texts = [...result.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return Object.fromEntries(labels.map((label, index) => [label, texts[index]!]));
}

/** A business as the fraud list showed it, before it was marked. */
const before = {
  id: 12,
  name: 'Jubilee Suites',
  email: 'hello@jubilee.ng',
  phone: '+2348030000001',
  category: 'HOSPITALITY',
  stateCode: 'CR',
  stateName: 'Cross River',
  isFraud: false,
  fraudReason: null,
  fraudMarkedAt: null,
  isTrusted: true,
  trustedAt: '2026-02-01T09:00:00.000Z',
  kycOverride: false,
  hasWallet: true,
  walletStatus: 'ACTIVE',
  createdAt: '2026-01-05T09:30:00.000Z',
};
const after = {
  ...before,
  isFraud: true,
  fraudReason: 'Chargebacks from stolen cards',
  fraudMarkedAt: '2026-03-01T09:30:00.000Z',
  isTrusted: false,
  trustedAt: null,
  walletStatus: 'POST_NO_DEBIT',
};
const answer = { message: 'Jubilee Suites is marked as fraud.', business: after };

describe('CommandResult', () => {
  it('headlines the message and shows only what changed, under the labels of the list that shows the record', () => {
    render(
      <CommandResult
        output={answer}
        context={{ input: { id: 12, is_fraud: true, reason: 'Chargebacks from stolen cards' }, previous: { business: before } }}
      />,
    );
    const result = screen.getByTestId('command-result');
    expect(result.querySelector('[data-result-message]')?.textContent).toBe('Jubilee Suites is marked as fraud.');
    expect(result.textContent).not.toMatch(/[{}]/);
    expect(rowsShown()).toEqual({
      Fraud: 'Yes',
      'Fraud reason': 'Chargebacks from stolen cards',
      Marked: '1 Mar 2026, 10:30',
      Trusted: 'No',
      'Trusted at': '—',
      Wallet: 'Post no debit',
    });
  });

  it('names a record the console never showed, and shows what the input set on it', () => {
    render(<CommandResult output={answer} context={{ input: { id: 12, is_fraud: true, reason: 'Chargebacks from stolen cards' } }} />);
    expect(rowsShown()).toEqual({
      ID: '12',
      Business: 'Jubilee Suites',
      Fraud: 'Yes',
      'Fraud reason': 'Chargebacks from stolen cards',
      Marked: '1 Mar 2026, 10:30',
    });
  });

  it('names the rows a bulk command skipped as the list shows them', () => {
    const output = {
      matched: 3,
      changed: 1,
      skipped: [
        { id: 8, reason: 'is already blacklisted' },
        { id: 9, reason: 'is closed' },
      ],
    };
    render(<CommandResult output={output} context={{ rowNames: new Map([[8, '0123456789']]) }} />);
    const skipped = [...screen.getByTestId('command-result').querySelectorAll('[data-skipped-id]')].map((item) => item.textContent);
    expect(skipped).toEqual(['0123456789: is already blacklisted', '#9: is closed']);
    expect(screen.getByTestId('command-result').textContent).toContain('Changed 1 of 3 matched; 2 skipped.');
  });

  it('prefers the readable twin of a code and says Done. when there is no message', () => {
    render(
      <CommandResult
        output={{ record: { stateCode: 'LA', state: 'Lagos', category: 'RETAIL', categoryLabel: 'Retail shop', amountKobo: '250' } }}
        context={{ input: { state: 'LA', category: 'RETAIL', amount: 250 } }}
      />,
    );
    expect(screen.getByTestId('command-result').querySelector('[data-result-message]')?.textContent).toBe('Done.');
    expect(rowsShown()).toEqual({ State: 'Lagos', Category: 'Retail shop', Amount: '₦2.50' });
  });
});
