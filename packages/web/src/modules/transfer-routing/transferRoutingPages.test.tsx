// @vitest-environment happy-dom
import {
  clearBankRoute,
  getSwitchingMiddleware,
  listTransferProviders,
  markTransferProvider,
  routeTransfers,
  setSandboxTransferOutage,
  setSwitchingMiddleware,
  switchingMiddlewareHistory,
  transferRoutingHistory,
} from '@traction/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import FundsTransferProviderPortalPage from './FundsTransferProviderPortalPage';
import MiddlewareSwitchingPortalPage from './MiddlewareSwitchingPortalPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const KEEPER = ['transfers.view', 'transfers.providers'];
const never = { reason: null, changedAt: null, changedBy: null };
const page = (items: Record<string, unknown>[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

const overview = {
  providers: [
    { provider: 'providus', name: 'Providus Bank', mode: 'sandbox', down: false, sandboxOutage: false, ...never },
    {
      provider: 'vfd',
      name: 'VFD Microfinance Bank',
      mode: 'sandbox',
      down: true,
      sandboxOutage: true,
      reason: 'Timing out since 10:40',
      changedAt: '2026-11-21T09:40:00.000Z',
      changedBy: 'ada@traction.ng',
    },
    { provider: 'wema', name: 'Wema Bank', mode: 'http', down: false, sandboxOutage: null, ...never },
  ],
  routeForAll: { bankCode: null, bankName: 'All banks', provider: 'providus', sendsThrough: 'providus', ...never },
  bankRoutes: [
    {
      bankCode: '058',
      bankName: 'GTBank (058)',
      provider: 'vfd',
      sendsThrough: 'wema',
      reason: 'Providus slow to GTBank',
      changedAt: '2026-11-21T09:00:00.000Z',
      changedBy: 'ada@traction.ng',
    },
  ],
};
const history = [
  {
    id: 2,
    subject: 'VFD Microfinance Bank',
    from: 'up',
    to: 'down',
    reason: 'Timing out since 10:40',
    changedBy: 'ada@traction.ng',
    changedAt: '2026-11-21T09:40:00.000Z',
  },
  {
    id: 1,
    subject: 'Route of GTBank (058)',
    from: null,
    to: 'VFD Microfinance Bank',
    reason: 'Providus slow to GTBank',
    changedBy: 'ada@traction.ng',
    changedAt: '2026-11-21T09:00:00.000Z',
  },
];

function answerPortal() {
  call.mockImplementation((command) =>
    command === listTransferProviders
      ? Promise.resolve(overview)
      : command === transferRoutingHistory
        ? page(history)
        : Promise.reject(new Error('unexpected')),
  );
}

const row = (selector: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`no ${selector} yet`);
    return found;
  });

describe('Funds Transfer Provider Portal', () => {
  it('shows each provider up or down, the sandbox outages, and routes that fail over', async () => {
    answerPortal();
    renderWithSession(<FundsTransferProviderPortalPage />, { url: '/funds-transfer-provider-portal', permissions: KEEPER });
    const vfd = await row('[data-provider="vfd"]');
    expect(vfd.getAttribute('data-down')).toBe('true');
    expect(vfd.textContent).toContain('Down');
    expect(vfd.textContent).toContain('Timing out since 10:40');
    expect(vfd.textContent).toContain('Not answering');
    expect(document.querySelector('[data-provider="wema"]')!.textContent).toContain('Real provider');
    const gtbank = document.querySelector<HTMLElement>('[data-route="058"]')!;
    expect(gtbank.textContent).toContain('VFD Microfinance Bank');
    expect(gtbank.textContent).toContain('Wema Bank (failover)');
    expect(document.querySelector('[data-route="all"]')!.textContent).toContain('The default');
    await waitFor(() => expect(document.querySelector('[data-change="1"]')!.textContent).toContain('Route of GTBank (058)'));
    // A real provider has no outage switch.
    expect(document.querySelector('[data-outage="wema"]')).toBeNull();
  });

  it('opens each change with its provider, state or bank fixed, the reason left to the admin', async () => {
    answerPortal();
    const { store } = renderWithSession(<FundsTransferProviderPortalPage />, { url: '/funds-transfer-provider-portal', permissions: KEEPER });
    const vfd = await row('[data-provider="vfd"]');

    fireEvent.click(within(vfd).getByRole('button', { name: 'Mark up' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: markTransferProvider, fixed: { provider: 'vfd', state: 'up' } });
    fireEvent.click(within(vfd).getByRole('button', { name: 'End outage' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: setSandboxTransferOutage, fixed: { provider: 'vfd', down: false } });
    fireEvent.click(within(document.querySelector<HTMLElement>('[data-provider="providus"]')!).getByRole('button', { name: 'Mark down' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: markTransferProvider, fixed: { provider: 'providus', state: 'down' } });

    fireEvent.click(within(document.querySelector<HTMLElement>('[data-route="all"]')!).getByRole('button', { name: 'Change' }));
    const forAll = store.get(commandRequestAtom)!;
    expect(forAll).toMatchObject({ command: routeTransfers, initial: { provider: 'providus' }, about: 'all banks' });
    expect('bankCode' in (forAll.fixed ?? {})).toBe(true);
    fireEvent.click(within(document.querySelector<HTMLElement>('[data-route="058"]')!).getByRole('button', { name: 'Remove' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: clearBankRoute, fixed: { bankCode: '058' } });
    fireEvent.click(screen.getByRole('button', { name: 'Route a bank' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: routeTransfers });
    expect(store.get(commandRequestAtom)!.fixed).toBeUndefined();
  });

  it('offers no change to an admin who may only view', async () => {
    answerPortal();
    renderWithSession(<FundsTransferProviderPortalPage />, { url: '/funds-transfer-provider-portal', permissions: ['transfers.view'] });
    await row('[data-provider="vfd"]');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('Middleware Switching Portal', () => {
  const state = {
    middleware: 'INTERSWITCH',
    name: 'Interswitch',
    options: [
      { middleware: 'NIBSS_PTSP', name: 'NIBSS PTSP' },
      { middleware: 'INTERSWITCH', name: 'Interswitch' },
      { middleware: 'UPSL', name: 'Unified Payments (UPSL)' },
    ],
    reason: 'NIBSS PTSP maintenance window',
    changedAt: '2026-11-21T08:00:00.000Z',
    changedBy: 'ada@traction.ng',
  };

  it('shows the active switch with why, switches to another with it fixed, and lists the history', async () => {
    call.mockImplementation((command) =>
      command === getSwitchingMiddleware
        ? Promise.resolve(state)
        : command === switchingMiddlewareHistory
          ? page([
              {
                id: 3,
                subject: 'Switching middleware',
                from: 'NIBSS PTSP',
                to: 'Interswitch',
                reason: 'NIBSS PTSP maintenance window',
                changedBy: 'ada@traction.ng',
                changedAt: '2026-11-21T08:00:00.000Z',
              },
            ])
          : Promise.reject(new Error('unexpected')),
    );
    const { store } = renderWithSession(<MiddlewareSwitchingPortalPage />, { url: '/middleware-switching-portal', permissions: KEEPER });
    const active = await row('[data-middleware="INTERSWITCH"]');
    expect(active.getAttribute('data-active')).toBe('true');
    expect(active.textContent).toContain('NIBSS PTSP maintenance window');
    expect(within(active).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Unified Payments (UPSL)' }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: setSwitchingMiddleware, fixed: { middleware: 'UPSL' } });
    await waitFor(() => expect(document.querySelector('[data-change="3"]')!.textContent).toContain('NIBSS PTSP → Interswitch'));
  });

  it('offers no switch to an admin who may only view', async () => {
    call.mockImplementation((command) => (command === getSwitchingMiddleware ? Promise.resolve(state) : page([])));
    renderWithSession(<MiddlewareSwitchingPortalPage />, { url: '/middleware-switching-portal', permissions: ['transfers.view'] });
    await row('[data-middleware="INTERSWITCH"]');
    expect(screen.queryAllByRole('button')).toEqual([]);
    await waitFor(() => expect(screen.getByText('Nothing has been changed yet.')).toBeTruthy());
  });
});
