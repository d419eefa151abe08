// @vitest-environment happy-dom
import { getTransfer, listTransfers, requeryTransfer, retryTransfer, reviewTransfer, transferRow, type TransferDetail } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { renderWithSession } from '../../test/renderWithSession';
import FundsTransferDetailPage from './FundsTransferDetailPage';
import { heldTransferFixture, transferFixture } from './transferFixture';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

/** What the server holds, by id. */
let transfers: Map<number, TransferDetail>;
beforeEach(() => {
  transfers = new Map();
  call.mockReset();
  call.mockImplementation((command, input: { id?: number; status?: string }) => {
    if (command === getTransfer) {
      const found = transfers.get(input.id!);
      return found ? Promise.resolve(found) : Promise.reject(new Error('no such transfer'));
    }
    if (command === listTransfers) {
      // Newest first, as the server lists them.
      const items = [...transfers.values()]
        .filter((transfer) => !input.status || transfer.status === input.status)
        .sort((a, b) => b.id - a.id)
        .map((transfer) => transferRow.parse(transfer));
      return Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
    }
    return Promise.reject(new Error('unexpected command'));
  });
});
afterEach(cleanup);

const ALL = ['transfers.view', 'transfers.create', 'transfers.review', 'transfers.retry'];

function renderTransfer(transfer: TransferDetail, permissions = ALL) {
  transfers.set(transfer.id, transfer);
  return renderWithSession(<FundsTransferDetailPage />, { url: `/funds-transfer/${transfer.id}`, path: '/funds-transfer/:id', permissions });
}

const now = () => screen.getByTestId('transfer-now').textContent;
const buttons = () =>
  within(screen.queryByRole('group', { name: 'Actions' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('FundsTransferDetailPage', () => {
  it('shows the money, beneficiary, provider and session, the rules, the history and the postings of a bulk row that failed over', async () => {
    renderTransfer(transferFixture({ origin: 'bulk', batchId: 7, failedOverFrom: 'vfd' }));
    expect(await screen.findByRole('heading', { name: '₦15,000.00 to ADA OBI' })).toBeTruthy();
    expect(now()).toContain('Paid: Guaranty Trust Bank confirmed it at');
    expect(document.querySelector('[data-beneficiary]')?.textContent).toBe('ADA OBIGuaranty Trust Bank0123456789');
    expect(document.querySelector('[data-session-id]')?.textContent).toBe('000013261121094200000000118001');
    expect(document.querySelector('[data-failed-over-from]')?.textContent).toBe('failed over from VFD, which was down');
    expect(screen.getByRole('link', { name: 'bulk upload #7' }).getAttribute('href')).toBe('/bulk-status/7');

    const rules = screen.getByRole('table', { name: 'Fraud rule evaluations' });
    expect(within(rules).getAllByRole('row')[1]?.textContent).toBe(
      'Large transfersAmount above a thresholdNoHold for review₦15,000.00 is not above the ₦5,000,000.00 threshold',
    );
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history.map((event) => event.getAttribute('data-event'))).toEqual(['QUEUED', 'SENDING', 'SUCCESSFUL']);
    expect(history[0]?.textContent).toContain('by Ada Obi');
    const postings = screen.getByRole('table', { name: 'Ledger postings' });
    expect(within(postings).getAllByRole('row')[1]?.textContent).toBe(
      'TRF-20261121-118Transfer outWallet of Mama Put Foods → Providus float₦15,000.0021 Nov 2026, 09:40',
    );
    // A paid transfer has nothing left to do, and is not watched.
    expect(buttons()).toEqual([]);
    expect(document.querySelector('[data-watching]')).toBeNull();

    // c copies the session id, for the bank's support desk.
    // After setup: user-event puts a clipboard of its own on the page.
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.keyboard('c');
    expect(writeText).toHaveBeenCalledWith('000013261121094200000000118001');
    await waitFor(() => expect(screen.getByTestId('transfer-notice').textContent).toBe('Session ID 000013261121094200000000118001 copied.'));
  });

  it('releases a held transfer with a note and opens the next held one', async () => {
    const user = userEvent.setup();
    transfers.set(119, heldTransferFixture({ id: 119, reference: 'TRF-119', accountName: 'BOLA ADE' }));
    const { store } = renderTransfer(heldTransferFixture({ id: 120, reference: 'TRF-120' }));
    await screen.findByRole('heading', { name: '₦6,000,000.00 to ADA OBI' });
    expect(now()).toContain('Held for review by “Large transfers”');
    expect(screen.getByText('Nothing has moved: a held or blocked transfer posts nothing.')).toBeTruthy();
    expect(buttons()).toEqual(['Releaser', 'Blockb']);
    await waitFor(() => expect(screen.getByTestId('transfer-queue').textContent).toContain('Transfer 1 of 2 in the transfers held for review'));

    await user.keyboard('r');
    const request = store.get(commandRequestAtom);
    expect(request).toMatchObject({ command: reviewTransfer, fixed: { id: 120, decision: 'release' }, action: 'Release transfer TRF-120' });
    expect(request?.subject).toContain('Held by Large transfers: ₦6,000,000.00 is above the ₦5,000,000.00 threshold.');
    transfers.delete(120);
    request?.onDone?.({ transfer: heldTransferFixture({ id: 120, status: 'QUEUED' }), message: 'Transfer TRF-120 is released: it is being sent.' });

    expect(await screen.findByRole('heading', { name: '₦6,000,000.00 to BOLA ADE' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('transfer-notice').textContent).toBe('Transfer TRF-120 is released: it is being sent.'));
    expect(store.get(commandRequestAtom)).toBeNull();
  });

  it('offers no decision to an admin who may not review', async () => {
    const user = userEvent.setup();
    const { store } = renderTransfer(heldTransferFixture(), ['transfers.view']);
    await screen.findByRole('heading', { name: '₦6,000,000.00 to ADA OBI' });
    expect(buttons()).toEqual([]);
    await user.keyboard('rb');
    expect(store.get(commandRequestAtom)).toBeNull();
  });

  it('re-queries a pending transfer at once, and watches it every 2 s until it is final', async () => {
    const user = userEvent.setup();
    renderTransfer(transferFixture({ status: 'PENDING', responseCode: '09', responseMessage: 'Request in progress', requeryCount: 2 }));
    await screen.findByRole('heading', { name: '₦15,000.00 to ADA OBI' });
    expect(document.querySelector('[data-watching]')?.textContent).toBe('Watching: refreshed every 2 s until final');
    expect(buttons()).toEqual(['Re-query nowq']);

    const fetched = () => call.mock.calls.filter(([command]) => command === getTransfer).length;
    call.mockImplementationOnce((command) =>
      command === requeryTransfer
        ? Promise.resolve({ transfer: transfers.get(118), message: 'Transfer TRF-20261121-118 is successful after the re-query.' })
        : Promise.reject(new Error('unexpected')),
    );
    await user.keyboard('q');
    expect(call.mock.calls.find(([command]) => command === requeryTransfer)?.[1]).toEqual({ id: 118 });
    await waitFor(() => expect(screen.getByTestId('transfer-notice').textContent).toBe('Transfer TRF-20261121-118 is successful after the re-query.'));

    // The bank answers meanwhile: the page shows it on its next look, then stops looking.
    transfers.set(118, transferFixture());
    await waitFor(() => expect(now()).toContain('Paid'), { timeout: 4_000 });
    expect(document.querySelector('[data-watching]')).toBeNull();
    const after = fetched();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(fetched()).toBe(after);
  });

  it('retries a failed, reversed transfer once, opening the new transfer; one already retried links to its retry instead', async () => {
    const user = userEvent.setup();
    const failed = transferFixture({
      status: 'FAILED',
      responseCode: '57',
      responseMessage: 'Transaction not permitted to sender',
      reversal: { reference: 'reversal:TRF-20261121-118', at: '2026-11-21T08:41:00.000Z' },
    });
    transfers.set(130, transferFixture({ id: 130, reference: 'TRF-130', status: 'QUEUED', origin: 'retry', retryOf: 118, accountName: 'ADA OBI' }));
    const { store } = renderTransfer(failed);
    await screen.findByRole('heading', { name: '₦15,000.00 to ADA OBI' });
    expect(document.querySelector('[data-reversal]')?.textContent).toContain('the ₦15,050.00 debited went back to Mama Put Foods');
    expect(buttons()).toEqual(['Retryt']);
    await user.keyboard('t');
    const request = store.get(commandRequestAtom);
    expect(request).toMatchObject({ command: retryTransfer, fixed: { id: 118 }, action: 'Retry transfer TRF-20261121-118' });
    request?.onDone?.({ transfer: transfers.get(130)!, message: 'Transfer TRF-20261121-118 is sent again as TRF-130.' });
    expect(await screen.findByText('Transfer TRF-20261121-118 is sent again as TRF-130.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'transfer #118' }).getAttribute('href')).toBe('/funds-transfer/118');

    cleanup();
    renderTransfer({ ...failed, retriedBy: 130 });
    await screen.findByRole('heading', { name: '₦15,000.00 to ADA OBI' });
    expect(buttons()).toEqual([]);
    expect(screen.getByRole('link', { name: 'transfer #130' }).getAttribute('href')).toBe('/funds-transfer/130');
  });

  it('links a sweep row to its sweep', async () => {
    renderTransfer(transferFixture({ origin: 'sweep', batchId: 9, businessId: null, walletUid: null, source: 'Fee income' }));
    expect((await screen.findByRole('link', { name: 'bulk sweep #9' })).getAttribute('href')).toMatch(/^\/bulk-sweep-history(\/9)?$/);
    expect(screen.queryByRole('link', { name: /Fee income/ })).toBeNull();
  });

  it('says when there is no such transfer', async () => {
    renderWithSession(<FundsTransferDetailPage />, { url: '/funds-transfer/404', path: '/funds-transfer/:id', permissions: ALL });
    expect((await screen.findByRole('alert')).textContent).toContain('This transfer could not be loaded');
  });
});
