// @vitest-environment happy-dom
import {
  getWalletConfig,
  listCashbackActivations,
  setCashbackActivationBulk,
  updateCashbackRule,
  updateTransferFee,
  updateWalletConfig,
  walletLimits,
} from '@traction/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import CashbackActivationPage from './CashbackActivationPage';
import CashbackRulesPage from './CashbackRulesPage';
import TransferFeePage from './TransferFeePage';
import { WalletLimitsSection } from './WalletLimitsSection';
import WalletSettingsPage from './WalletSettingsPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();
// Braces: a function returned from beforeEach runs as its teardown, and mockReset returns the mock.
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const KEEPER = ['wallets.view', 'wallets.settings'];
const page = (items: Record<string, unknown>[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

const config = {
  tiers: [
    { tier: 1, meaning: 'Basic', singleDebitLimit: 5_000_000, dailyDebitLimit: 5_000_000, maxBalance: 30_000_000, updatedAt: null, updatedBy: null },
    { tier: 2, meaning: 'Identity', singleDebitLimit: null, dailyDebitLimit: 20_000_000, maxBalance: 50_000_000, updatedAt: null, updatedBy: null },
    {
      tier: 3,
      meaning: 'Full KYC',
      singleDebitLimit: null,
      dailyDebitLimit: 500_000_000,
      maxBalance: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
      updatedBy: 'ada@traction.ng',
    },
  ],
  transferFee: { fee: 2_500, updatedAt: null, updatedBy: null },
  limitFreeKinds: ['reversal', 'debit'],
  balanceCappedCreditKinds: ['credit', 'adjustment'],
};

describe('Wallet (settings)', () => {
  it("shows each tier's limits in Naira, no limit where there is none, and Edit opens the tier's form", async () => {
    call.mockImplementation((command) => (command === getWalletConfig ? Promise.resolve(config) : Promise.reject(new Error('unexpected'))));
    const { store } = renderWithSession(<WalletSettingsPage />, { url: '/wallet', permissions: KEEPER });
    const tier1 = await waitFor(() => {
      const row = document.querySelector<HTMLElement>('[data-tier="1"]');
      if (!row) throw new Error('not yet');
      return row;
    });
    expect(tier1.textContent).toContain('₦50,000.00');
    expect(tier1.textContent).toContain('₦300,000.00');
    expect(document.querySelector('[data-tier="3"]')!.textContent).toContain('No limit');
    expect(document.querySelector('[data-fee]')!.textContent).toContain('₦25.00');
    expect(screen.getByRole('link', { name: 'Cashback Activation Portal' }).getAttribute('href')).toBe('/cashback-activation-portal');

    fireEvent.click(within(document.querySelector('[data-tier="2"]') as HTMLElement).getByRole('button', { name: 'Edit' }));
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: updateWalletConfig, fixed: { tier: 2 } });
    expect(request.subject).toBe('Tier 2 now: single debit No limit, daily debits ₦200,000.00, balance ₦500,000.00. Leave a field empty to keep it.');
  });

  it('offers no Edit to an admin who may only view', async () => {
    call.mockResolvedValue(config);
    renderWithSession(<WalletSettingsPage />, { url: '/wallet', permissions: ['wallets.view'] });
    await waitFor(() => expect(document.querySelector('[data-tier="1"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('Transfer Fee', () => {
  it('shows the fee and opens its change with the fee filled in', async () => {
    call.mockResolvedValue({ fee: 5_000, updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: 'ada@traction.ng' });
    const { store } = renderWithSession(<TransferFeePage />, { url: '/wallet/transfer-fee', permissions: KEEPER });
    await waitFor(() => expect(document.querySelector('[data-fee="5000"]')?.textContent).toBe('₦50.00'));
    expect(screen.getByText(/by ada@traction.ng/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change fee' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: updateTransferFee, initial: { value: 5_000 } });
  });
});

describe('Cashback', () => {
  it('opens a rule for change on Enter, with its values filled in', async () => {
    const rule = {
      id: 3,
      name: 'POS 1%',
      percentageBasisPoints: 100,
      cap: 30_000,
      minimumTransaction: 0,
      appliesTo: 'pos_credit',
      active: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      updatedBy: 'ada@traction.ng',
    };
    call.mockImplementation(() => page([rule]));
    const { store } = renderWithSession(<CashbackRulesPage />, { url: '/wallet/cashback', permissions: KEEPER });
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-row-index="0"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(row.textContent).toContain('₦300.00');
    fireEvent.doubleClick(row);
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: updateCashbackRule,
      fixed: { id: 3 },
      initial: { name: 'POS 1%', percentageBasisPoints: 100, cap: 30_000, active: true },
    });
    expect(screen.getByRole('button', { name: 'New rule' })).toBeTruthy();
  });

  it('activates or deactivates the selected businesses from the Cashback Activation Portal', async () => {
    call.mockImplementation((command) =>
      command === listCashbackActivations
        ? page([{ id: 42, name: 'Jubilee Suites', email: 'owner@jubilee.ng', walletStatus: 'ACTIVE', cashbackActive: false, changedAt: null, changedBy: null }])
        : Promise.reject(new Error('unexpected')),
    );
    const { store } = renderWithSession(<CashbackActivationPage />, { url: '/cashback-activation-portal', permissions: KEEPER });
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).not.toBeNull());
    fireEvent.click(document.querySelector('[data-row-index="0"] [data-row-check]')!);
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByRole('button', { name: 'Deactivate cashback' }).getAttribute('data-variant')).toBe('danger');
    fireEvent.click(within(bar).getByRole('button', { name: 'Activate cashback' }));
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: setCashbackActivationBulk, fixed: { ids: [42], active: true } });
    expect(request.subject).toContain('Activate cashback for Jubilee Suites (#42)');
  });
});

describe('WalletLimitsSection', () => {
  it("shows the wallet's tier, limits, what it used today and what remains", async () => {
    call.mockImplementation((command, input) => {
      expect(command).toBe(walletLimits);
      expect(input).toEqual({ uid: 'u-1' });
      return Promise.resolve({
        uid: 'u-1',
        businessId: 42,
        tier: 1,
        tierBecause: 'no identity document verified',
        singleDebitLimit: 5_000_000,
        dailyDebitLimit: 5_000_000,
        maxBalance: 30_000_000,
        balance: 10_000_000,
        usedToday: 3_000_000,
        day: '2026-11-21',
        nextDebitRemaining: 2_000_000,
        dailyRemaining: 2_000_000,
        balanceRemaining: 20_000_000,
      });
    });
    renderWithSession(<WalletLimitsSection uid="u-1" />, { url: false, permissions: ['wallets.view'] });
    await waitFor(() => expect(document.querySelector('[data-tier="1"]')).not.toBeNull());
    expect(screen.getByRole('heading', { name: 'Limits · KYC Tier 1' })).toBeTruthy();
    expect(document.querySelector('[data-limit="used"]')!.textContent).toBe('₦30,000.00');
    expect(document.querySelector('[data-limit="remaining"]')!.textContent).toBe('₦20,000.00');
    expect(document.querySelector('[data-limit="balance"]')!.textContent).toBe('₦300,000.00 (₦200,000.00 left for manual credits)');
  });
});
