// @vitest-environment happy-dom
import { type MerchantDetail, merchantDetail, merchantPasswordLink, overrideKyc, toggleTrust, updateFraudStatus, updateWalletStatus } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { activeShortcutsAtom } from '../keyboard/shortcuts';
import MerchantPage from './MerchantPage';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const boss = { id: 1, name: 'Bola Ahmed', email: 'bola@traction.ng' };

/** What GET /v1/businesses/42 answers, checked against the contract below. */
const detail: MerchantDetail = {
  business: {
    id: 42,
    name: 'Mama Put Kitchen',
    email: 'ada@mamaput.ng',
    phone: '+2348031234567',
    category: 'RESTAURANT',
    categoryLabel: 'Restaurant and food',
    stateCode: 'LA',
    state: 'Lagos',
    address: '12 Allen Avenue, Ikeja',
    rcNumber: 'RC1234567',
    bvnLast4: '5678',
    salesAgentEmail: 'tunde@traction.ng',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  },
  flags: {
    fraud: { isFraud: false, reason: null, at: null, by: null },
    trusted: { isTrusted: true, at: '2026-11-02T10:00:00.000Z', by: boss },
    kycOverride: { kycExempt: false, bvnExempt: true, at: '2026-11-03T10:00:00.000Z', by: boss },
  },
  users: [
    {
      id: 7,
      businessId: 42,
      businessName: 'Mama Put Kitchen',
      email: 'ada@mamaput.ng',
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '+2348031234567',
      role: 'owner',
      status: 'active',
      lastLoginAt: null,
      createdAt: '2026-10-01T09:00:00.000Z',
    },
    {
      id: 8,
      businessId: 42,
      businessName: 'Mama Put Kitchen',
      email: 'musa@mamaput.ng',
      firstName: 'Musa',
      lastName: 'Bello',
      phone: '+2348039999999',
      role: 'cashier',
      status: 'invited',
      lastLoginAt: null,
      createdAt: '2026-10-02T09:00:00.000Z',
    },
  ],
  bankAccounts: [
    {
      id: 3,
      businessId: 42,
      businessName: 'Mama Put Kitchen',
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      accountName: 'MAMA PUT KITCHEN',
      isSettlement: true,
      verifiedAt: null,
      createdAt: '2026-10-01T09:00:00.000Z',
    },
  ],
  wallet: {
    uid: '5b0f8a5e-3c1d-4d7e-9a51-6f1e2d3c4b5a',
    status: 'PND',
    reason: 'Court order 12/2026',
    changedAt: '2026-11-20T08:00:00.000Z',
    changedBy: boss,
    createdAt: '2026-10-01T09:00:00.000Z',
  },
  fixedAccounts: [
    {
      id: 5,
      bank: 'WEMA',
      accountNumber: '7000000011',
      accountName: 'Traction/Mama Put',
      status: 'ACTIVE',
      blacklisted: true,
      blacklistReason: 'Mule account',
      lastActivityAt: null,
      createdAt: '2026-10-01T09:00:00.000Z',
    },
  ],
  stores: [{ id: 9, name: 'Ikeja outlet', address: '12 Allen Avenue', stateCode: 'LA', createdAt: '2026-10-01T09:00:00.000Z' }],
  kyc: [
    {
      id: 12,
      verificationType: 'DOCUMENT',
      documentType: 'NIN',
      status: 'PROCESSING',
      comment: null,
      submittedAt: '2026-11-01T09:00:00.000Z',
      updatedAt: '2026-11-01T09:00:00.000Z',
    },
    {
      id: 11,
      verificationType: 'EMAIL',
      documentType: null,
      status: 'APPROVED',
      comment: 'Clicked the link',
      submittedAt: '2026-10-01T09:00:00.000Z',
      updatedAt: '2026-10-01T10:00:00.000Z',
    },
  ],
  openSupportIssues: 2,
  events: [
    {
      id: 100,
      businessId: 42,
      businessName: 'Mama Put Kitchen',
      at: '2026-11-20T08:00:00.000Z',
      kind: 'wallet.status',
      message: 'Wallet put on PND: court order',
      adminId: 1,
      adminName: 'Bola Ahmed',
      adminEmail: 'bola@traction.ng',
      details: {},
    },
    {
      id: 99,
      businessId: 42,
      businessName: 'Mama Put Kitchen',
      at: '2026-10-01T09:00:00.000Z',
      kind: 'business.signed-up',
      message: 'Signed up',
      adminId: null,
      adminName: null,
      adminEmail: null,
      details: {},
    },
  ],
};

const EVERY_ACTION = ['merchants.view', 'fraud.manage', 'merchants.trust', 'wallets.status', 'kyc.override', 'merchants.support'];

// Braces: a function returned from beforeEach is run as its teardown, and mockReset returns the mock.
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

function renderPage(permissions: string[] = EVERY_ACTION, path = '/merchants/42') {
  return renderWithSession(<MerchantPage />, { url: path, path: '/merchants/:id', permissions }).store;
}

const section = (name: string) => document.querySelector<HTMLElement>(`[data-section="${name}"]`)!;

describe('MerchantPage', () => {
  it('is given a real answer of merchants.get', () => {
    expect(merchantDetail.parse(detail)).toEqual(detail);
  });

  it('gathers the flags, what they allow, people, accounts, wallet, stores, KYC and history', async () => {
    call.mockResolvedValue(detail);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mama Put Kitchen' })).toBeTruthy();
    expect(call.mock.calls[0]?.[0]).toMatchObject({ id: 'merchants.get' });
    expect(call.mock.calls[0]?.[1]).toEqual({ id: 42 });

    const flags = screen.getByTestId('merchant-flags');
    expect(flags.querySelector('[data-flag="fraud"]')?.getAttribute('data-on')).toBe('false');
    expect(flags.querySelector('[data-flag="trusted"]')?.textContent).toContain('Trusted');
    expect(flags.querySelector('[data-flag="kyc-override"]')?.textContent).toContain('BVN exempt');
    // PND: money may come in but not go out (core's moneyMovementPolicy).
    expect(flags.querySelector('[data-money="send"]')?.getAttribute('data-allowed')).toBe('false');
    expect(flags.querySelector('[data-money="send"]')?.textContent).toContain('post-no-debit');
    expect(flags.querySelector('[data-money="receive"]')?.getAttribute('data-allowed')).toBe('true');

    const kyc = within(section('kyc'));
    expect(kyc.getByRole('link', { name: /Document · NIN/ }).getAttribute('href')).toBe('/all-verification/12');
    expect(kyc.getByText('Processing')).toBeTruthy();
    expect(within(section('fixed-accounts')).getByRole('link', { name: '7000000011' }).getAttribute('href')).toBe('/fixed-accounts?search=7000000011');
    expect(within(section('fixed-accounts')).getByText('Blacklisted')).toBeTruthy();
    expect(within(section('bank-accounts')).getByText('Settlement')).toBeTruthy();
    expect(within(section('users')).getAllByRole('row')).toHaveLength(3);
    expect(within(section('wallet')).getByText('Court order 12/2026')).toBeTruthy();
    expect(within(section('stores')).getByText('Ikeja outlet')).toBeTruthy();
    expect(within(section('business')).getByText('•••••••5678')).toBeTruthy();
    const history = within(section('history'));
    expect(history.getByText('Wallet put on PND: court order')).toBeTruthy();
    expect(history.getByText('System')).toBeTruthy();
    expect(history.getByRole('link', { name: 'All history' }).getAttribute('href')).toBe('/business-logs?businessId=42');
  });

  it('shows only the actions the admin may take', async () => {
    call.mockResolvedValue(detail);
    renderPage(['merchants.view', 'fraud.manage']);
    await screen.findByRole('heading', { name: 'Mama Put Kitchen' });
    expect([...document.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'))).toEqual(['fraud.update']);
    cleanup();
    call.mockResolvedValue(detail);
    renderPage(['merchants.view']);
    await screen.findByRole('heading', { name: 'Mama Put Kitchen' });
    expect(document.querySelectorAll('[data-action]')).toHaveLength(0);
  });

  it('opens each action form with the merchant fixed, by button and by key, and lists the keys in the help', async () => {
    call.mockResolvedValue(detail);
    const user = userEvent.setup();
    const store = renderPage();
    await screen.findByRole('heading', { name: 'Mama Put Kitchen' });
    const help = [...store.get(activeShortcutsAtom).values()].map((s) => `${s.keys} ${s.description}`);
    expect(help).toEqual(expect.arrayContaining(['f Mark as fraud', 't Withdraw trust', 'w Wallet status', 'o KYC override', 'p Password link']));

    await user.keyboard('f');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: updateFraudStatus,
      fixed: { id: 42, is_fraud: true },
      subject: 'Mark Mama Put Kitchen as fraud',
    });
    await user.keyboard('t');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: toggleTrust,
      fixed: { id: 42, isTrusted: false },
      subject: 'Withdraw trust from Mama Put Kitchen',
    });
    await user.click(screen.getByRole('button', { name: /Wallet status/ }));
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: updateWalletStatus,
      fixed: { uid: detail.wallet!.uid },
      subject: 'Change the wallet status of Mama Put Kitchen — now on PND',
    });
    await user.keyboard('o');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: overrideKyc, fixed: { businessId: 42 }, subject: 'Override KYC for Mama Put Kitchen' });
    await user.keyboard('p');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: merchantPasswordLink,
      fixed: { email: 'ada@mamaput.ng' },
      subject: 'Send ada@mamaput.ng a new password link for Mama Put Kitchen',
    });
  });

  it('does not offer trust to a merchant marked as fraud, and says why when t is pressed', async () => {
    call.mockResolvedValue({
      ...detail,
      flags: {
        ...detail.flags,
        fraud: { isFraud: true, reason: 'Chargebacks', at: '2026-11-20T08:00:00.000Z', by: null },
        trusted: { ...detail.flags.trusted, isTrusted: false },
      },
    });
    const user = userEvent.setup();
    const store = renderPage();
    await screen.findByRole('heading', { name: 'Mama Put Kitchen' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Trust/ }).disabled).toBe(true);
    await user.keyboard('t');
    expect(store.get(commandRequestAtom)).toBeNull();
    expect(screen.getByTestId('action-notice').textContent).toContain('is marked as fraud and cannot be trusted');
  });

  it('says when the merchant does not exist', async () => {
    call.mockImplementation(() =>
      Promise.reject(new ClientError('not-found', 404, 'GET', '/v1/businesses/404', { code: '404', message: 'Business 404 does not exist' })),
    );
    renderPage(EVERY_ACTION, '/merchants/404');
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-state')).toBe('not-found');
    expect(within(alert).getByRole('link', { name: 'All merchants' }).getAttribute('href')).toBe('/merchants');
  });

  it('offers a retry when loading failed', async () => {
    let calls = 0;
    call.mockImplementation(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new ClientError('server-error', 503, 'GET', '/v1/businesses/42', { code: '503', message: 'The database is busy' }))
        : Promise.resolve(detail);
    });
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-state')).toBe('error');
    expect(alert.textContent).toContain('The database is busy');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Mama Put Kitchen' })).toBeTruthy();
  });

  it('shows an empty merchant plainly: no wallet means no money moves', async () => {
    call.mockResolvedValue({ ...detail, wallet: null, users: [], bankAccounts: [], fixedAccounts: [], stores: [], kyc: [], events: [] });
    renderPage();
    await screen.findByRole('heading', { name: 'Mama Put Kitchen' });
    expect(within(section('kyc')).getByText('No KYC submitted yet.')).toBeTruthy();
    expect(within(section('wallet')).getByText(/no wallet/)).toBeTruthy();
    expect(screen.getByTestId('merchant-flags').querySelector('[data-money="receive"]')?.getAttribute('data-allowed')).toBe('false');
    // Without a wallet or a user there is nothing to change the status of or send a link to.
    expect(document.querySelector('[data-action="wallets.status.update"]')).toBeNull();
    expect(document.querySelector('[data-action="merchants.password-link"]')).toBeNull();
  });
});
