// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyPreviewView } from './MoneyPreviewView';

afterEach(cleanup);

describe('MoneyPreviewView', () => {
  it('says nothing moves when the command posts nothing this time, instead of an empty table', () => {
    render(<MoneyPreviewView preview={{ dryRun: true, token: 't', transfers: [], balances: [], answer: null }} />);
    expect(screen.getByText('Nothing is posted: no money moves.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each transfer and the balances after', () => {
    render(
      <MoneyPreviewView
        preview={{
          dryRun: true,
          token: 't',
          transfers: [{ reference: 'TRF-1', kind: 'transfer_out', from: 'Wallet of Mama Put', to: 'Providus float', amount: 150_000, partOf: null }],
          balances: [{ account: 'wallet:1', name: 'Wallet of Mama Put', before: 500_000, after: 350_000 }],
          answer: null,
        }}
      />,
    );
    expect(screen.getAllByRole('row')[1]?.textContent).toBe('Transfer outWallet of Mama Put → Providus float₦1,500.00');
    expect(screen.getByRole('list', { name: 'Balances after' }).textContent).toBe('Wallet of Mama Put: ₦5,000.00 → ₦3,500.00');
  });
});
