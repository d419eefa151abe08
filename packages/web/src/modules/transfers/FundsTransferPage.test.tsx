// @vitest-environment happy-dom
import {
  createFundsTransfer,
  createPayout,
  listTransferBanks,
  listTransfers,
  NIGERIAN_BANKS,
  reviewTransfersBulk,
  transferRow,
  type TransferRow,
} from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import FundsTransferPage from './FundsTransferPage';
import { heldTransferFixture, transferFixture } from './transferFixture';
import { NEW_TRANSFER_PARTS } from './transferFormParts';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();

const ROWS: TransferRow[] = [
  transferRow.parse(heldTransferFixture({ id: 120, reference: 'TRF-120' })),
  transferRow.parse(heldTransferFixture({ id: 119, reference: 'TRF-119', accountName: 'BOLA ADE' })),
  transferRow.parse(transferFixture({ id: 118, status: 'PENDING', responseCode: '09', responseMessage: 'Request in progress' })),
];
const page = (items: readonly TransferRow[]) => Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command, input: { status?: string }) => {
    if (command === listTransferBanks) return Promise.resolve({ items: NIGERIAN_BANKS });
    if (command === listTransfers) return page(ROWS.filter((row) => !input.status || row.status === input.status));
    return Promise.reject(new Error('unexpected command'));
  });
});
afterEach(cleanup);

const EVERYTHING = ['transfers.view', 'transfers.create', 'transfers.review', 'transfers.retry'];
const rowCount = () => screen.getByTestId('row-count').textContent;
const listInputs = () => call.mock.calls.filter(([command]) => command === listTransfers).map(([, input]) => input);

describe('FundsTransferPage', () => {
  it('shows each status in words, filters by them, and counts the held ones on their tab', async () => {
    const user = userEvent.setup();
    renderWithSession(<FundsTransferPage />, { url: '/funds-transfer', permissions: EVERYTHING });
    await waitFor(() => expect(rowCount()).toBe('3 matching'));
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByText('Held for review')).toHaveLength(2);
    expect(within(grid).getByText('Pending at the bank')).toBeTruthy();
    expect(listInputs()).toContainEqual({ status: 'HELD', limit: 1 });
    expect((await screen.findByRole('link', { name: 'Held for review 2' })).getAttribute('href')).toBe('/funds-transfer?status=HELD');

    const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect([...status.options].map((option) => option.text)).toEqual([
      'Any status',
      'Held for review',
      'Blocked',
      'Queued',
      'Sending',
      'Pending at the bank',
      'Successful',
      'Failed (reversed)',
    ]);
    const bank = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Bank' });
    await user.selectOptions(bank, 'Guaranty Trust Bank');
    await waitFor(() => expect(listInputs()).toContainEqual({ bankCode: '058', page: 1 }));
  });

  it('offers New transfer (n) and Pay out (p) to admins who may send, opening their forms with the transfer parts', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<FundsTransferPage />, { url: '/funds-transfer', permissions: EVERYTHING });
    await waitFor(() => expect(rowCount()).toBe('3 matching'));
    await user.keyboard('n');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: createFundsTransfer, parts: NEW_TRANSFER_PARTS });
    store.set(commandRequestAtom, null);
    await user.click(screen.getByRole('button', { name: 'Pay out' }));
    expect(store.get(commandRequestAtom)?.command).toBe(createPayout);
  });

  it('hides sending, releasing and blocking from admins who may only look', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<FundsTransferPage />, { url: '/funds-transfer?status=HELD', permissions: ['transfers.view'] });
    await waitFor(() => expect(rowCount()).toBe('2 matching'));
    expect(screen.queryByRole('button', { name: 'New transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay out' })).toBeNull();
    await user.keyboard('n');
    expect(store.get(commandRequestAtom)).toBeNull();
    await user.keyboard('jx');
    expect(screen.getByTestId('bulk-bar').dataset.count).toBe('1');
    expect(screen.queryByRole('button', { name: /^Release/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Block/ })).toBeNull();
  });

  it('is a review queue on the held tab: the selection is released or blocked with a note, saying whose money moves', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<FundsTransferPage />, { url: '/funds-transfer?status=HELD', permissions: EVERYTHING });
    await waitFor(() => expect(rowCount()).toBe('2 matching'));
    expect(listInputs()).toContainEqual({ status: 'HELD', page: 1 });
    expect(screen.getByRole('link', { name: /^Held for review/ }).getAttribute('aria-current')).toBe('page');
    await user.keyboard('jx');
    await user.click(screen.getByRole('button', { name: /^Release/ }));
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: reviewTransfersBulk,
      fixed: { ids: [120], decision: 'release' },
      subject: 'Release TRF-120 (₦6,000,000.00 to ADA OBI): each is debited now (through every check again) and sent.',
    });
    store.set(commandRequestAtom, null);
    await user.keyboard('2');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: reviewTransfersBulk, fixed: { ids: [120], decision: 'block' } });
  });
});
