// @vitest-environment happy-dom
import { type AnyCommand, type BusinessSummary, signupMerchant } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import MerchantsPage from './MerchantsPage';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const merchant: BusinessSummary = {
  id: 42,
  name: 'Mama Put Kitchen',
  email: 'ada@mamaput.ng',
  phone: '+2348031234567',
  category: 'RESTAURANT',
  stateCode: 'LA',
  state: 'Lagos',
  isFraud: false,
  isTrusted: true,
  kycExempt: false,
  bvnExempt: false,
  walletStatus: 'ACTIVE',
  createdAt: '2026-10-01T09:00:00.000Z',
};

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: AnyCommand, input: { page?: number }) =>
    Promise.resolve(
      command.id === 'features.list'
        ? {
            items: [
              { code: 'RETAIL', label: 'Retail shop' },
              { code: 'RESTAURANT', label: 'Restaurant and food' },
            ],
          }
        : { items: [merchant], page: input.page ?? 1, pageSize: 100, total: 1, hasMore: false },
    ),
  );
});
afterEach(cleanup);

function renderPage(permissions: string[], url = '/merchants') {
  return renderWithSession(<MerchantsPage />, { url, permissions }).store;
}

describe('MerchantsPage', () => {
  it('lists merchants with states and business types by name in the filters, sending their codes', async () => {
    renderPage(['merchants.view'], '/merchants?state=KN&category=RESTAURANT');
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('1 matching'));
    const list = call.mock.calls.find(([command]) => (command as AnyCommand).id === 'merchants.list');
    expect(list?.[1]).toEqual({ state: 'KN', category: 'RESTAURANT', page: 1 });
    const state = screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' });
    expect(state.value).toBe('KN');
    expect(state.selectedOptions[0]?.textContent).toBe('Kano');
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' }).selectedOptions[0]?.textContent).toBe('Restaurant and food'),
    );
    expect(screen.queryByTestId('new-merchant')).toBeNull();
  });

  it('opens the signup form from New merchant and from `n`, for admins who may sign merchants up', async () => {
    const user = userEvent.setup();
    const store = renderPage(['merchants.view', 'merchants.create']);
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('1 matching'));
    await user.click(screen.getByTestId('new-merchant'));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: signupMerchant });
    store.set(commandRequestAtom, null);
    await user.keyboard('n');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: signupMerchant });
  });
});
