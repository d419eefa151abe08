// @vitest-environment happy-dom
import { listWallets, listWalletTransactions, walletTransactionByReference, walletTransactionDetail, type WalletTransactionDetail } from '@traction/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MerchantWalletSection } from '../merchants/MerchantWalletSection';
import { renderWithSession } from '../../test/renderWithSession';
import WalletTransactionPage from './WalletTransactionPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const page = (items: Record<string, unknown>[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

const detail: WalletTransactionDetail = {
  transferId: 41,
  reference: 'OUT-41',
  kind: 'transfer_out',
  amount: 120_000,
  fee: 5_000,
  status: 'REVERSED',
  narration: 'Payout to supplier',
  counterparty: 'Zenith 1234567890',
  createdAt: '2026-11-21T09:00:00.000Z',
  postings: [
    {
      transferId: 41,
      reference: 'OUT-41',
      kind: 'transfer_out',
      amount: 120_000,
      debitAccount: 'Wallet of Mama Put',
      debitAccountCode: 'wallet:3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
      creditAccount: 'VFD float',
      creditAccountCode: 'company:float:vfd',
      narration: 'Payout to supplier',
    },
    {
      transferId: 42,
      reference: 'OUT-41-FEE',
      kind: 'fee',
      amount: 5_000,
      debitAccount: 'Wallet of Mama Put',
      debitAccountCode: 'wallet:3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
      creditAccount: 'Fee income',
      creditAccountCode: 'company:fee-income',
      narration: null,
    },
  ],
  wallets: [{ walletUid: '3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a', businessId: 42, businessName: 'Mama Put', balanceBefore: 500_000, balanceAfter: 375_000 }],
  causedBy: { adminId: 3, adminName: 'Ada Obi', adminEmail: 'ada@traction.ng', commandId: 'wallet-credit.authorise', requestId: 'req-1' },
  reversal: {
    transferId: 77,
    reference: 'reversal:OUT-41',
    createdAt: '2026-11-21T10:00:00.000Z',
    narration: 'Beneficiary bank refused it',
    adminName: 'Bola Ade',
  },
  reverses: null,
};

describe('WalletTransactionPage', () => {
  it('is given a real answer of the by-reference command', () => {
    expect(walletTransactionDetail.parse(detail)).toEqual(detail);
  });

  it('shows the postings with both accounts, who caused it, the balances and the reversal linked to its record', async () => {
    call.mockImplementation((command) => (command === walletTransactionByReference ? Promise.resolve(detail) : page([])));
    renderWithSession(<WalletTransactionPage />, {
      url: '/wallet-transaction-logs/OUT-41-FEE',
      path: '/wallet-transaction-logs/:id',
      permissions: ['wallets.view'],
    });
    expect(await screen.findByRole('heading', { name: 'Transfer out ₦1,200.00' })).toBeTruthy();
    expect(call.mock.calls[0]?.[1]).toEqual({ reference: 'OUT-41-FEE' });
    expect(screen.getByRole('status').textContent).toBe('OUT-41-FEE is a leg of this transaction.');
    const postings = screen.getByRole('table', { name: 'Postings' });
    expect(
      within(postings)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ReferenceKindFrom (debit)To (credit)Amount',
      'OUT-41Transfer outWallet of Mama PutVFD float₦1,200.00',
      'OUT-41-FEEFeeWallet of Mama PutFee income₦50.00',
    ]);
    expect(screen.getByText('Ada Obi (ada@traction.ng) through wallet-credit.authorise')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'reversal:OUT-41' }).getAttribute('href')).toBe('/funds-reversal/77');
    const balances = screen.getByRole('table', { name: 'Wallet balances' });
    expect(within(balances).getAllByRole('row')[1]?.textContent).toBe('Mama Put₦5,000.00₦3,750.00All transactions');
  });
});

describe('MerchantWalletSection', () => {
  const wallet = {
    uid: '3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
    status: 'ACTIVE' as const,
    reason: null,
    changedAt: null,
    changedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('shows the balance (zero as ₦0.0) and the newest transactions, linking to the business’s whole log', async () => {
    call.mockImplementation((command) =>
      command === listWallets
        ? page([
            {
              ...wallet,
              businessId: 42,
              businessName: 'Mama Put',
              businessEmail: 'a@b.ng',
              statusReason: null,
              statusChangedAt: null,
              isFraud: false,
              balance: 0,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ])
        : command === listWalletTransactions
          ? page([
              {
                id: 9,
                transferId: 9,
                reference: 'POS-9',
                kind: 'pos_credit',
                direction: 'credit',
                amount: 250_000,
                fee: 0,
                balanceBefore: 0,
                balanceAfter: 250_000,
                status: 'SUCCESSFUL',
                reversedBy: null,
                partOf: null,
                narration: null,
                counterparty: null,
                businessId: 42,
                businessName: 'Mama Put',
                walletUid: wallet.uid,
                createdAt: '2026-11-21T09:00:00.000Z',
              },
            ])
          : page([]),
    );
    renderWithSession(<MerchantWalletSection wallet={wallet} />, { permissions: ['wallets.view'] });
    expect((await screen.findByText('₦0.0')).getAttribute('data-balance')).toBe('0');
    expect(await screen.findByRole('link', { name: 'POS-9' })).toBeTruthy();
    expect(screen.getByText('+₦2,500.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe('/wallet-transaction-logs?businessId=42');
    expect(call.mock.calls.find(([command]) => command === listWalletTransactions)?.[1]).toEqual({ businessId: 42, limit: 10 });
  });

  it('shows no balance and asks for nothing without wallets.view', () => {
    renderWithSession(<MerchantWalletSection wallet={wallet} />, { permissions: ['merchants.view'] });
    expect(screen.queryByText('Balance')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
