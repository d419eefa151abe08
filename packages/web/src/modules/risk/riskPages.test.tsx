// @vitest-environment happy-dom
import { listAuditLog, listWallets, providusRepush, renameFixedAccount, toggleTrust, updateFraudStatusBulk, updateWalletStatus } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { CommandForm } from '../forms/CommandForm';
import { BankProblem } from './BankProblem';
import FraudPage from './FraudPage';
import InactiveAccountsPage from './InactiveAccountsPage';
import PndAccountsPage from './PndAccountsPage';
import ProvidusRepushPage from './ProvidusRepushPage';
import { outcomeWords } from './RecentRuns';
import TrustedMerchantsPage from './TrustedMerchantsPage';
import WalletPage from './WalletPage';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();
// Braces: a function returned from beforeEach is run as its teardown (a call that never answers would hang it).
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const ALL = [
  'fraud.view',
  'fraud.manage',
  'merchants.trust',
  'fixed-accounts.view',
  'fixed-accounts.manage',
  'wallets.status',
  'providus.manage',
  'audit.view',
];

function renderAt(url: string, element: ReactNode, path = '*') {
  return renderWithSession(element, { url, path, permissions: ALL }).store;
}

const page = (items: Record<string, unknown>[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
const business = (over: Record<string, unknown>) => ({
  id: 42,
  name: 'Jubilee Suites',
  email: 'owner@jubilee.ng',
  phone: '+2348030000000',
  category: 'HOTEL',
  stateCode: 'GO',
  stateName: 'Gombe',
  isFraud: false,
  fraudReason: null,
  fraudMarkedAt: null,
  isTrusted: false,
  trustedAt: null,
  kycOverride: false,
  hasWallet: true,
  walletStatus: 'ACTIVE',
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});
const select = async (index: number) => {
  await waitFor(() => expect(document.querySelector(`[data-row-index="${index}"]`)).not.toBeNull());
  fireEvent.click(document.querySelector(`[data-row-index="${index}"] [data-row-check]`)!);
  return screen.getByTestId('bulk-bar');
};

describe('Mark as Fraud', () => {
  it('has a Mark as fraud and a Clear fraud button that decide the mark; the form asks only for the reason', async () => {
    call.mockImplementation(() => page([business({})]));
    const store = renderAt('/fraud', <FraudPage />);
    const bar = await select(0);
    // Red for the one that stops money, not for undoing it.
    expect(within(bar).getByRole('button', { name: 'Mark as fraud' }).getAttribute('data-variant')).toBe('danger');
    expect(within(bar).getByRole('button', { name: 'Clear fraud' }).getAttribute('data-variant')).toBe('primary');
    fireEvent.click(within(bar).getByRole('button', { name: 'Mark as fraud' }));
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: updateFraudStatusBulk, fixed: { ids: [42], is_fraud: true } });
    expect(request.subject).toContain('Mark Jubilee Suites (#42) as fraud');
    // the state shows by name
    expect(document.querySelector('[data-row-index="0"]')!.textContent).toContain('Gombe');

    cleanup();
    renderWithSession(<CommandForm command={request.command} request={request} onClose={() => {}} />, { url: false, permissions: ALL });
    const form = screen.getByTestId('command-form');
    expect([...form.querySelectorAll('[name]')].map((el) => el.getAttribute('name'))).toEqual(['reason']);
  });
});

describe('Trusted Merchants', () => {
  it('disables Trust on a business marked as fraud and says why, instead of a 409 after two confirms', async () => {
    call.mockImplementation(() => page([business({ isFraud: true, walletStatus: 'FROZEN' }), business({ id: 43, name: 'Eko Stores' })]));
    const store = renderAt('/trusted-merchants', <TrustedMerchantsPage />);
    const bar = await select(0);
    const trust = within(bar).getByRole<HTMLButtonElement>('button', { name: 'Trust' });
    expect(trust.disabled).toBe(true);
    expect(
      within(bar)
        .getAllByTestId('bulk-unavailable')
        .map((el) => el.textContent)
        .join(' '),
    ).toContain('Jubilee Suites is marked as fraud and cannot be trusted');
    // one row at a time: no "select all matching"
    expect(within(bar).queryByTestId('select-all-matching')).toBeNull();

    fireEvent.click(document.querySelector('[data-row-index="0"] [data-row-check]')!);
    const other = await select(1);
    const trustOther = within(other).getByRole<HTMLButtonElement>('button', { name: 'Trust' });
    expect(trustOther.disabled).toBe(false);
    fireEvent.click(trustOther);
    expect(store.get(commandRequestAtom)).toMatchObject({ command: toggleTrust, fixed: { id: 43, isTrusted: true } });
  });
});

describe('Inactive Accounts', () => {
  const account = {
    id: 7,
    businessId: 42,
    businessName: 'Mama Put Kitchen',
    bank: 'WEMA',
    accountNumber: '0351234567',
    accountName: 'Traction/Mama Put',
    status: 'ACTIVE',
    blacklisted: false,
    blacklistReason: null,
    lastActivityAt: null,
    createdAt: '2025-01-01T09:00:00.000Z',
    idleDays: 400,
  };

  it('labels the period, styles Deactivate as danger and shows old → new name on rename', async () => {
    call.mockImplementation(() => page([account]));
    const store = renderAt('/inactive-accounts', <InactiveAccountsPage />);
    const bar = await select(0);
    expect(screen.getByRole('option', { name: 'Inactive for 30 days' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Deactivate' }).getAttribute('data-variant')).toBe('danger');
    fireEvent.click(within(bar).getByRole('button', { name: 'Rename to business name' }));
    const request = store.get(commandRequestAtom)!;
    expect(request.command).toBe(renameFixedAccount);
    expect(request.fixed).toEqual({ id: 7, accountName: undefined });
    expect(request.subject).toBe('Rename 0351234567 at WEMA: “Traction/Mama Put” → “Traction/Mama Put Kitchen”');
  });
});

describe('PND Accounts', () => {
  it('offers no selection: nothing can be done to one', async () => {
    call.mockImplementation((command) =>
      command === listWallets
        ? page([
            {
              uid: '3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a',
              businessId: 42,
              businessName: 'Jubilee Suites',
              businessEmail: 'a@b.ng',
              status: 'PND',
              statusReason: 'x',
              statusChangedAt: null,
              isFraud: false,
            },
          ])
        : page([]),
    );
    renderAt('/pnd-accounts', <PndAccountsPage />);
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).not.toBeNull());
    expect(document.querySelector('[data-row-check]')).toBeNull();
    expect(screen.queryByTestId('select-loaded')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'x' });
    fireEvent.keyDown(document.body, { key: 'A', shiftKey: true });
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });
});

describe('Wallet', () => {
  it('names the new status in the confirmation', async () => {
    const uid = '3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a';
    // The wallet; its limits and transactions stay loading.
    call.mockImplementation((command) =>
      command === listWallets
        ? page([
            {
              uid,
              businessId: 42,
              businessName: 'Jubilee Suites',
              businessEmail: 'a@b.ng',
              status: 'ACTIVE',
              statusReason: null,
              statusChangedAt: null,
              isFraud: false,
              balance: 1_250_050,
            },
          ])
        : new Promise(() => {}),
    );
    const store = renderAt(`/pnd-accounts/${uid}`, <WalletPage />, '/pnd-accounts/:uid');
    const button = await screen.findByRole('button', { name: 'Set to PND' });
    expect(document.querySelector('[data-balance]')?.textContent).toBe('₦12,500.50');
    expect(screen.queryByRole('button', { name: 'Set to ACTIVE' })).toBeNull();
    fireEvent.click(button);
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: updateWalletStatus, fixed: { uid, status: 'PND' } });
    expect(request.subject).toMatch(/^Set Jubilee Suites' wallet to PND \(now ACTIVE\)\? Money may come in but not go out\.$/);
  });
});

describe('Providus Repush', () => {
  const run = (id: number, outcome: string, message: string | null) => ({
    id,
    at: '2026-11-21T09:00:00.000Z',
    adminId: 1,
    adminEmail: 'ops@traction.ng',
    deviceFingerprint: null,
    commandId: 'providus.repush',
    input: { accountNumber: '1234567890', sessionId: '1000' },
    outcome,
    message,
    requestId: null,
    ip: null,
  });

  it('shows a failed run in Recent runs right away, in words, and a bank refusal once', async () => {
    const runs = [run(1, '409', 'Providus already re-sent the notification of session 1000 at 09:00.')];
    call.mockImplementation((command, input) => {
      if (command === listAuditLog) return page([...runs]);
      if (command === providusRepush) {
        if (String(input.sessionId).endsWith('000')) {
          const message = 'Providus has no transfer with session id 100004999000 into 1234567890';
          runs.unshift(run(2, '400', message));
          return Promise.reject(
            new ClientError('rejected', 400, 'POST', '/x', { code: '400', message, details: { fields: [{ field: 'sessionId', message }] } }),
          );
        }
        runs.unshift(run(3, '504', 'Providus did not answer within 10 s, so it may have re-sent the notification or not.'));
        return Promise.reject(new ClientError('server-error', 504, 'POST', '/x', { code: '504', message: runs[0]!.message! }));
      }
      return page([]);
    });
    const user = userEvent.setup();
    renderAt('/providus-repush', <ProvidusRepushPage />);
    const table = await screen.findByTestId('recent-runs');
    expect(table.textContent).toContain('Refused: already re-pushed');
    expect(table.textContent).not.toContain('(409)');

    await user.type(screen.getByRole('textbox', { name: /account/i }), '1234567890');
    await user.type(screen.getByRole('textbox', { name: /session/i }), '100004999000');
    await user.click(screen.getByRole('button', { name: 'Repush a missed Providus notification…' }));
    await user.click(await screen.findByRole('button', { name: 'Repush a missed Providus notification' }));
    await waitFor(() => expect(screen.getAllByText(/has no transfer with session id 100004999000/)).toHaveLength(2)); // the field, and the run's message
    expect(screen.getByTestId('command-form').textContent!.match(/has no transfer/g)).toHaveLength(1);

    await user.clear(screen.getByRole('textbox', { name: /session/i }));
    await user.type(screen.getByRole('textbox', { name: /session/i }), '100004999123');
    await user.click(screen.getByRole('button', { name: 'Repush a missed Providus notification…' }));
    await user.click(await screen.findByRole('button', { name: 'Repush a missed Providus notification' }));
    await waitFor(() => expect(screen.getByTestId('recent-runs').textContent).toContain('Timed out — may have acted'));
  });

  it('names outcomes in words', () => {
    expect(outcomeWords('ok', null).text).toBe('Done');
    expect(outcomeWords('504', 'x did not answer, so it may have re-sent it or not').text).toBe('Timed out — may have acted');
    expect(outcomeWords('504', 'x did not answer. Nothing was changed').text).toBe('Timed out — nothing changed');
    expect(outcomeWords('409', 'Providus already re-sent the notification').text).toBe('Refused: already re-pushed');
    expect(outcomeWords('403', 'no').text).toBe('Refused: no permission');
  });
});

describe('BankProblem', () => {
  it('says the bank error once', () => {
    const message = 'Wema Bank answered 503 Service Unavailable. Nothing was changed; try again later.';
    render(<BankProblem error={new ClientError('server-error', 502, 'GET', '/x', { code: '502', message })} bankName="Wema Bank" onRetry={() => {}} />);
    expect(screen.getByTestId('bank-problem').textContent!.match(/Nothing was changed/g)).toHaveLength(1);
  });
});
