// @vitest-environment happy-dom
import {
  cancelSweep,
  getSweepStatus,
  listSweepSources,
  listSweeps,
  listTransferBanks,
  NIGERIAN_BANKS,
  newSweep,
  nuban,
  processSweep,
  sweepAccountEnquiry,
  sweepBalanceEnquiry,
  type SweepBalance,
  type SweepSource,
} from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import NewSweepPage from './NewSweepPage';
import { sweepDetailFixture } from './sweepFixture';
import SweepPage from './SweepPage';
import SweepRequestPage from './SweepRequestPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();

const DESTINATION = nuban('058', '012345678');
const sources: SweepSource[] = [
  {
    businessId: 42,
    businessName: 'Mama Put Foods',
    businessEmail: 'ops@mamaput.ng',
    walletUid: 'w-42',
    walletStatus: 'ACTIVE',
    balance: 20_000_000,
    fixedAccountBank: 'WEMA',
    fixedAccountNumber: '7000000042',
    fixedAccountName: 'MAMA PUT FOODS',
    refusal: null,
  },
  {
    businessId: 44,
    businessName: 'Sunrise Petroleum',
    businessEmail: 'fin@sunrise.ng',
    walletUid: 'w-44',
    walletStatus: 'PND',
    balance: 50_000_000,
    fixedAccountBank: null,
    fixedAccountNumber: null,
    fixedAccountName: null,
    refusal: 'The wallet is on PND (pending no debit): money may not leave it',
  },
];
const balance = (over: Partial<SweepBalance> = {}): SweepBalance => ({
  businessId: 42,
  businessName: 'Mama Put Foods',
  walletUid: 'w-42',
  walletStatus: 'ACTIVE',
  balance: 20_000_000,
  fixedAccountBank: 'WEMA',
  fixedAccountNumber: '7000000042',
  fixedAccountName: 'MAMA PUT FOODS',
  provider: 'wema',
  providerBalance: 20_050_000,
  providerError: null,
  fee: 5_000,
  sweepable: 19_995_000,
  refusal: null,
  ...over,
});

let detail = sweepDetailFixture();
let enquiry = balance();
beforeEach(() => {
  detail = sweepDetailFixture();
  enquiry = balance();
  call.mockReset();
  call.mockImplementation((command, input: Record<string, unknown>) => {
    if (command === getSweepStatus) return Promise.resolve(detail);
    if (command === listSweepSources) return Promise.resolve({ items: sources, page: 1, pageSize: 100, total: sources.length, hasMore: false });
    if (command === listTransferBanks) return Promise.resolve({ items: NIGERIAN_BANKS });
    if (command === sweepAccountEnquiry) {
      return Promise.resolve({
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: input.accountNumber,
        accountName: 'TRACTION SETTLEMENT',
        provider: 'providus',
      });
    }
    if (command === sweepBalanceEnquiry) return Promise.resolve(enquiry);
    if (command === newSweep) return Promise.resolve({ ...sweepDetailFixture(), message: 'Sweep #9 saved as a draft.' });
    if (command === listSweeps) return Promise.resolve({ items: [], page: 1, pageSize: 5, total: 0, hasMore: false });
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

const MAKER = ['transfers.view', 'transfers.bulk'];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

const buttons = () =>
  within(screen.queryByRole('group', { name: 'Actions' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('data-action'));

describe('a sweep', () => {
  it("previews each source's amount, or why it is skipped, with the total, and submits the draft for approval", async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<SweepPage />, { url: '/bulk-sweep-history/9', path: '/bulk-sweep-history/:id', permissions: MAKER });
    expect(await screen.findByRole('heading', { name: 'Sweep #9 to TRACTION SETTLEMENT' })).toBeTruthy();
    expect(screen.getByTestId('sweep-status-words').textContent).toBe(
      'Draft: ₦299,900.00 from 2 wallets to TRACTION SETTLEMENT; 2 wallets skipped, each with why. Nothing moves until it is submitted and another admin approves.',
    );
    expect(document.querySelector('[data-figure="total"]')?.textContent).toBe('Total to sweep₦299,900.00');
    expect(document.querySelector('[data-figure="skipped"]')?.textContent).toBe('Skipped2');

    const rows = () =>
      within(screen.getByRole('table', { name: 'Sources' }))
        .getAllByRole('row')
        .slice(1);
    expect(
      rows().map((row) => [
        row.getAttribute('data-business-id'),
        row.querySelector('[data-amount]')?.textContent,
        row.querySelector('[data-why]')?.textContent,
      ]),
    ).toEqual([
      ['42', '₦199,950.00', ''],
      ['43', '₦99,950.00', ''],
      ['44', '—', 'The wallet is on PND (pending no debit): money may not leave it'],
      ['45', '—', 'It holds ₦30.00: nothing is left after the ₦50.00 fee'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Skipped 2' }));
    expect(rows().map((row) => row.getAttribute('data-status'))).toEqual(['SKIPPED', 'SKIPPED']);
    expect(rows()[0]?.textContent).toContain('Skipped');

    expect(buttons()).toEqual(['s', 'c']);
    await user.keyboard('s');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: processSweep, fixed: { id: 9 }, action: 'Submit sweep #9 for approval' });
    store.set(commandRequestAtom, null);
    await user.keyboard('c');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: cancelSweep, fixed: { id: 9 } });
  });

  it('follows a running sweep with its job, and offers nothing to an admin who may only look', async () => {
    detail = sweepDetailFixture({
      status: 'RUNNING',
      approvalRequestId: 5,
      jobId: 3,
      approvedByName: 'Bola Ade',
      approvedAt: '2026-11-21T09:30:00.000Z',
      progress: { done: 1, succeeded: 1, pending: 1, amountMoved: 19_995_000 },
    });
    renderWithSession(<SweepPage />, { url: '/bulk-sweep-history/9', path: '/bulk-sweep-history/:id', permissions: ['transfers.view'] });
    await screen.findByRole('heading', { name: 'Sweep #9 to TRACTION SETTLEMENT' });
    expect(screen.getByTestId('sweep-status-words').textContent).toBe(
      'Approved by Bola Ade 21 Nov 2026, 10:30; 1 of 2 wallets final, 1 on the way. ₦199,950.00 swept so far.',
    );
    expect(document.querySelector('[data-watching]')?.textContent).toBe('Live: refreshed every 2 s until every source is final');
    // No jobs.view: the job is not asked about; no transfers.bulk: no submit or cancel.
    expect(document.querySelector('[data-job]')).toBeNull();
    expect(buttons()).toEqual(['t']);
  });
});

describe('New Bulk Sweep', () => {
  it('sweeps the selected wallets to an account whose holder shows as soon as its ten digits are in, then opens the draft', async () => {
    const user = userEvent.setup();
    renderWithSession(
      <>
        <NewSweepPage />
        <CommandDialogHost />
      </>,
      { url: '/bulk-sweep-new-transfer', path: '/bulk-sweep-new-transfer', routes: { '/bulk-sweep-history/:id': <Where /> }, permissions: MAKER },
    );
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(2));
    await user.keyboard('jx');
    await user.keyboard('1');
    const dialog = await screen.findByTestId('command-dialog');
    expect(dialog.getAttribute('data-command')).toBe('sweeps.new');
    expect(dialog.querySelector('[data-command-subject]')?.textContent).toBe(
      'Sweep Mama Put Foods: ₦200,000.00 held now, before the fee and what is left behind. The next page previews each wallet.',
    );
    expect(within(dialog).queryByLabelText(/Preview only/)).toBeNull();
    expect(within(dialog).queryByLabelText(/Expected account name/)).toBeNull();

    await user.type(within(dialog).getByRole('combobox', { name: /^Destination bank/ }), 'guaranty');
    await user.keyboard('{Enter}');
    const number = within(dialog).getByLabelText(/^Destination account number/);
    await user.type(number, DESTINATION.slice(0, 9));
    expect(document.querySelector('[data-account-enquiry]')?.getAttribute('data-account-enquiry')).toBe('waiting');
    await user.type(number, DESTINATION.slice(9));
    await waitFor(() =>
      expect(document.querySelector('[data-account-enquiry]')?.textContent).toBe(
        '✓ TRACTION SETTLEMENT · Guaranty Trust Bank, by account enquiry: the swept money goes here',
      ),
    );
    const leave = within(dialog).getByLabelText(/^Leave in each wallet/) as HTMLInputElement;
    expect(leave.value).toBe('0.0');
    await user.clear(leave);
    await user.type(leave, '1,000');

    await user.click(within(dialog).getByRole('button', { name: /^Make a bulk sweep|^Sweep/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bulk-sweep-history/9 Sweep #9 saved as a draft.'));
    const sent = call.mock.calls.find(([command]) => command === newSweep)![1];
    expect(sent).toEqual({ ids: [42], bankCode: '058', accountNumber: DESTINATION, leaveBehind: 100_000, narration: 'Wallet sweep' });
  });
});

describe('Sweep Request', () => {
  it("shows the account, our balance and the bank's, and starts a sweep of this wallet alone", async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<SweepRequestPage />, {
      url: '/sweep-request/42/WEMA/7000000042/MAMA%20PUT%20FOODS',
      path: '/sweep-request/:id/:bank/:acctno/:acctname',
      permissions: MAKER,
    });
    expect(await screen.findByRole('heading', { name: 'Sweep Request: Mama Put Foods' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith(sweepBalanceEnquiry, { businessId: 42, accountNumber: '7000000042' }, expect.anything());
    expect(document.querySelector('[data-balance="ledger"]')?.textContent).toBe('₦200,000.00');
    expect(document.querySelector('[data-balance="bank"]')?.textContent).toBe('₦200,500.00');
    expect(document.querySelector('[data-balance="sweepable"]')?.textContent).toBe('₦199,950.00');
    expect(screen.getByTestId('balance-differs').textContent).toContain('₦500.00 more than the wallet');
    await user.keyboard('s');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: newSweep, fixed: { ids: [42] } });
    expect(store.get(commandRequestAtom)?.parts?.controls?.bankCode).toBeTruthy();
  });

  it('says why a wallet on PND cannot be swept, and offers no sweep', async () => {
    enquiry = balance({
      walletStatus: 'PND',
      sweepable: 0,
      refusal: 'The wallet is on PND (pending no debit): money may not leave it',
      providerBalance: null,
      providerError: 'WEMA did not answer in time',
    });
    const user = userEvent.setup();
    const { store } = renderWithSession(<SweepRequestPage />, {
      url: '/sweep-request/42/-/-/-',
      path: '/sweep-request/:id/:bank/:acctno/:acctname',
      permissions: MAKER,
    });
    await screen.findByRole('heading', { name: 'Sweep Request: Mama Put Foods' });
    expect(call).toHaveBeenCalledWith(sweepBalanceEnquiry, { businessId: 42 }, expect.anything());
    expect(screen.getByTestId('cannot-sweep').textContent).toBe('The wallet is on PND (pending no debit): money may not leave it');
    expect(document.querySelector('[data-balance="bank"]')?.textContent).toBe('WEMA did not answer in time');
    expect((screen.getByRole('button', { name: /Sweep this account/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('s');
    expect(store.get(commandRequestAtom)).toBeNull();
  });
});
