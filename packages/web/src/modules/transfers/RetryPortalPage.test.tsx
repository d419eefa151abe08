// @vitest-environment happy-dom
import { listTransferBanks, listTransfers, NIGERIAN_BANKS, requeryTransfer, retryTransfersBulk, transferRow, type TransferRow } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import RetryPortalPage from './RetryPortalPage';
import { transferFixture } from './transferFixture';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();

const reversal = { reference: 'reversal:TRF-121', at: '2026-11-21T08:41:00.000Z' };
const ROWS: TransferRow[] = [
  transferRow.parse(transferFixture({ id: 121, reference: 'TRF-121', status: 'FAILED', responseCode: '57', needsAttention: true, reversal })),
  transferRow.parse(
    transferFixture({ id: 117, reference: 'TRF-117', status: 'PENDING', responseCode: '09', needsAttention: true, origin: 'bulk', batchId: 7 }),
  ),
];

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command, input: { status?: string }) => {
    if (command === listTransferBanks) return Promise.resolve({ items: NIGERIAN_BANKS });
    if (command === listTransfers) {
      const items = ROWS.filter((row) => !input.status || row.status === input.status);
      return Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
    }
    return Promise.reject(new Error('unexpected command'));
  });
});
afterEach(cleanup);

function Where() {
  const { pathname, state } = useLocation();
  return <output data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</output>;
}

const RETRIER = ['transfers.view', 'transfers.retry'];
const rowCount = () => screen.getByTestId('row-count').textContent;
const listInputs = () => call.mock.calls.filter(([command]) => command === listTransfers).map(([, input]) => input);

describe('RetryPortalPage', () => {
  it('lists only transfers that need people, filtered by failed or pending in words, and never drops that filter', async () => {
    const user = userEvent.setup();
    renderWithSession(<RetryPortalPage />, { url: '/retry-portal?attention=false', permissions: RETRIER });
    await waitFor(() => expect(rowCount()).toBe('2 matching'));
    expect(listInputs()[0]).toEqual({ attention: true, page: 1 });
    const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect([...status.options].map((option) => option.text)).toEqual(['Any status', 'Failed (reversed)', 'Pending at the bank']);
    expect(screen.queryByRole('combobox', { name: 'Attention' })).toBeNull();
    await user.selectOptions(status, 'Failed (reversed)');
    await waitFor(() => expect(rowCount()).toBe('1 matching'));
    expect(listInputs().at(-1)).toEqual({ status: 'FAILED', attention: true, page: 1 });
  });

  it('retries a failed row as a new transfer, and says a pending one is re-queried, never sent twice', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<RetryPortalPage />, { url: '/retry-portal', permissions: RETRIER });
    await waitFor(() => expect(rowCount()).toBe('2 matching'));
    await user.keyboard('jx');
    expect((screen.getByRole('button', { name: /^Re-query now/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('1');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: retryTransfersBulk,
      fixed: { ids: [121] },
      subject: 'Retry TRF-121 (₦15,000.00 to ADA OBI): sent again as a new transfer with a new reference, once.',
    });
    store.set(commandRequestAtom, null);

    // Both: the pending one is asked about, not sent.
    await user.keyboard('jx');
    await user.keyboard('1');
    expect(store.get(commandRequestAtom)?.subject).toBe(
      '1 failed transfer is sent again as new transfers, each once. 1 pending transfer is re-queried, never sent twice.',
    );
    store.set(commandRequestAtom, null);

    // Only the pending one: re-queried now, by itself.
    await user.keyboard('{Escape}x');
    await user.click(screen.getByRole('button', { name: /^Re-query now/ }));
    expect(store.get(commandRequestAtom)).toMatchObject({ command: requeryTransfer, fixed: { id: 117 } });
  });

  it('hides retrying from admins who may only look, and opens a row on the transfer page walking this list', async () => {
    const user = userEvent.setup();
    renderWithSession(<RetryPortalPage />, { url: '/retry-portal', permissions: ['transfers.view'], routes: { '/funds-transfer/:id': <Where /> } });
    await waitFor(() => expect(rowCount()).toBe('2 matching'));
    await user.keyboard('jx');
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    await user.keyboard('{Escape}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/funds-transfer/121 {"queue":"retry-portal"}');
  });
});
