// @vitest-environment happy-dom
import type { AuditEntry, SessionUser } from '@traction/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUserAtom } from '../auth/sessionAtoms';
import AuditLogPage from './AuditLogPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const entry: AuditEntry = {
  id: 31,
  at: '2026-11-20T08:00:00.000Z',
  adminId: 1,
  adminEmail: 'bola@traction.ng',
  deviceFingerprint: '3f9a0c1e',
  commandId: 'fraud.update',
  input: { id: 42, is_fraud: true, reason: 'Chargebacks', password: '[redacted]' },
  outcome: '409',
  message: 'Mama Put Kitchen is already marked as fraud.',
  requestId: 'req-9',
  ip: '10.0.0.1',
};

const sizes = { clientHeight: 600, clientWidth: 900 };
const saved = Object.fromEntries(Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]));
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(saved)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_command: unknown, input: { page?: number }) => Promise.resolve({ items: [entry], page: input.page ?? 1, pageSize: 100, total: 1, hasMore: false }));
});
afterEach(cleanup);

function renderPage(url = '/audit-log') {
  const store = createStore();
  store.set(sessionUserAtom, { id: 1, permissions: ['audit.view'] } as unknown as SessionUser);
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>
          <AuditLogPage />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

describe('AuditLogPage', () => {
  it('filters by command title, sending the command id', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).toBeTruthy());
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Command' });
    const labels = [...select.options].map((option) => option.textContent);
    expect(labels).toContain('Mark or clear fraud on a business');
    expect(labels).not.toContain('Read the audit log');
    await user.selectOptions(select, 'fraud.update');
    await waitFor(() => expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ command: 'fraud.update' }));
  });

  it('opens an entry with Enter or a double click: who, when, what, outcome, message and input', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-row-index="0"]');
      if (!found) throw new Error('no row yet');
      return found;
    });
    await user.dblClick(row);
    const dialog = await screen.findByRole('dialog', { name: 'Mark or clear fraud on a business' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('bola@traction.ng');
    expect(text).toContain('20 Nov 2026, 09:00');
    expect(text).toContain('Refused (409)');
    expect(text).toContain('Mama Put Kitchen is already marked as fraud.');
    // The device by its short fingerprint: the device id itself is a credential and never reaches the console.
    expect(within(dialog).getByText('3f9a0c1e')).toBeTruthy();
    const input = within(dialog).getByText(/Chargebacks/);
    expect(input.textContent).toBe(JSON.stringify(entry.input, null, 2));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('j');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('audit-entry')).toBeTruthy();
  });
});
