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

describe('CommandResult', () => {
  it('headlines the message and shows the record as a person reads it, never as JSON', () => {
    render(
      <CommandResult
        output={{
          message: 'Jubilee Suites is marked as fraud.',
          business: {
            id: 12,
            name: 'Jubilee Suites',
            category: 'HOSPITALITY',
            stateCode: 'CR',
            isFraud: true,
            isTrusted: false,
            walletStatus: 'POST_NO_DEBIT',
            balanceKobo: 71360130,
            createdAt: '2026-03-01T09:30:00.000Z',
            reviewedBy: { id: 1, name: 'Super Admin', email: 'super@traction.ng' },
            flags: { fraud: { by: { id: 1, name: 'Super Admin', email: 'super@traction.ng' } } },
          },
          bankReference: 'ABCD',
        }}
      />,
    );
    const result = screen.getByTestId('command-result');
    expect(result.querySelector('[data-result-message]')?.textContent).toBe('Jubilee Suites is marked as fraud.');
    expect(result.textContent).not.toMatch(/[{}]/);
    expect(rowsShown()).toEqual({
      'Business · ID': '12',
      'Business · Name': 'Jubilee Suites',
      'Business · Category': 'Hospitality',
      'Business · State': 'Cross River',
      'Business · Is fraud': 'Yes',
      'Business · Is trusted': 'No',
      'Business · Wallet status': 'Post no debit',
      'Business · Balance': '₦713,601.30',
      'Business · Created at': '1 Mar 2026, 10:30',
      'Business · Reviewed by': 'Super Admin',
      'Business · Flags · Fraud': '1 field',
      'Bank reference': 'ABCD',
    });
  });

  it('prefers the readable twin of a code and says Done. when there is no message', () => {
    render(<CommandResult output={{ record: { stateCode: 'LA', state: 'Lagos', category: 'RETAIL', categoryLabel: 'Retail shop', amountKobo: '250' } }} />);
    expect(screen.getByTestId('command-result').querySelector('[data-result-message]')?.textContent).toBe('Done.');
    expect(rowsShown()).toEqual({ 'Record · State': 'Lagos', 'Record · Category': 'Retail shop', 'Record · Amount': '₦2.50' });
  });
});
