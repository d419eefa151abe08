// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BankAccountsPage from './BankAccountsPage';
import SettlementAccountsPage from './SettlementAccountsPage';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_command: unknown, input: { page?: number }) =>
    Promise.resolve({ items: [], page: input.page ?? 1, pageSize: 100, total: 0, hasMore: false }),
  );
});
afterEach(cleanup);

function renderPage(Page: ComponentType) {
  renderWithSession(<Page />, { url: '/accounts', permissions: ['merchants.view'] });
}

describe.each([
  ['Settlement Accounts', SettlementAccountsPage],
  ['Bank Accounts', BankAccountsPage],
])('%s', (_title, Page) => {
  it('filters by a bank chosen by name, sending its CBN code', async () => {
    const user = userEvent.setup();
    renderPage(Page);
    await waitFor(() => expect(call).toHaveBeenCalled());
    const bank = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Bank code' });
    expect([...bank.options].map((option) => option.textContent)).toContain('Guaranty Trust Bank');
    await user.selectOptions(bank, 'Guaranty Trust Bank');
    await waitFor(() => expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ bankCode: '058' }));
  });
});
