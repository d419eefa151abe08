// @vitest-environment happy-dom
import { addLoan, getLoan, getMerchant, listLoans, loanCharges, loanSchedule, updateLoan } from '@traction/core';
import { describeLagosDay, lagosDate } from '@traction/core/format';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { MerchantLoansSection } from '../merchants/MerchantLoansSection';
import { loanFixture, repayingLoanFixture } from './loanFixture';
import LoanPage from './LoanPage';
import NewLoanPage from './NewLoanPage';

const call = vi.fn();
const preview = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), preview: (...args: unknown[]) => preview(...args) },
  reportClientFailure: vi.fn(),
}));

let loan = loanFixture();
beforeEach(() => {
  loan = loanFixture();
  call.mockReset();
  preview.mockReset();
  call.mockImplementation((command) => {
    if (command === getLoan) return Promise.resolve(loan);
    if (command === getMerchant)
      return Promise.resolve({ business: { id: 7, name: 'Mama Put Kitchen' }, wallet: { status: 'ACTIVE' }, flags: { fraud: { isFraud: false } } });
    if (command === addLoan) {
      return Promise.resolve({
        loan: loanFixture({ status: 'REQUESTED', approvedBy: null, actions: ['EDIT', 'CANCEL'] }),
        message: "Loan LN-000042 requested: it waits for a second admin's approval (approval request #12).",
      });
    }
    if (command === updateLoan)
      return Promise.resolve({ loan: { ...loan, status: 'DISBURSED' }, message: 'Loan LN-000042 disbursed: ₦500,000.00 to Mama Put Kitchen.' });
    if (command === listLoans)
      return Promise.resolve({
        items: [loanFixture(), { ...repayingLoanFixture(), id: 43, reference: 'LN-000043' }],
        page: 1,
        pageSize: 100,
        total: 2,
        hasMore: false,
      });
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

const buttons = () =>
  within(screen.queryByRole('group', { name: 'Actions' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('data-action'));

const MANAGER = ['loans.view', 'loans.manage', 'loans.disburse', 'approvals.view', 'merchants.view', 'wallets.view', 'deductions.view'];

describe('New loan', () => {
  it('previews the schedule as the terms are typed, takes the interest in percent, sends kobo and basis points with Ctrl+Enter, then opens the loan', async () => {
    const user = userEvent.setup();
    renderWithSession(<NewLoanPage />, {
      url: '/loans/new-loan?businessId=7',
      path: '/loans/new-loan',
      routes: { '/loans/:id': <Where /> },
      permissions: ['loans.manage', 'merchants.view'],
    });
    expect((screen.getByLabelText(/^Merchant ID/) as HTMLInputElement).value).toBe('7');
    expect((await screen.findByText('Mama Put Kitchen')).closest('[data-merchant-note]')?.textContent).toBe('Mama Put Kitchen (#7) · wallet active');
    expect(document.querySelector('[data-loan-preview]')?.getAttribute('data-loan-preview')).toBe('incomplete');
    // A terminal request is asked for only for a terminal on loan.
    expect(screen.queryByLabelText(/^Terminal request/)).toBeNull();

    await user.type(screen.getByLabelText(/^Principal/), '500,000');
    await user.type(screen.getByLabelText(/^Interest \(%\)/), '{Backspace}5');
    await user.clear(screen.getByLabelText(/^Fee/));
    await user.type(screen.getByLabelText(/^Fee/), '500');
    await user.selectOptions(screen.getByLabelText(/^Repaid/), 'DAILY');
    await user.type(screen.getByLabelText(/^Instalments/), '30');

    const terms = { principal: 50_000_000, interestBps: 500, fee: 50_000, frequency: 'DAILY', instalments: 30 } as const;
    const schedule = loanSchedule(terms, lagosDate());
    expect(loanCharges(terms).total).toBe(52_550_000);
    const shown = (key: string) => document.querySelector(`[data-preview="${key}"]`)?.textContent;
    expect(shown('total')).toBe('₦525,500.00 = ₦500,000.00 + interest ₦25,000.00 + fee ₦500.00');
    expect(shown('instalment')).toBe('30 daily instalments of ₦17,516.66, the last ₦17,516.86');
    expect(shown('dates')).toBe(`first due ${describeLagosDay(schedule[0]!.dueDate)}, last due ${describeLagosDay(schedule[29]!.dueDate)}`);

    await user.type(screen.getByLabelText(/^Reason/), 'Stock for the festive season');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === addLoan)).toBe(true));
    const [, input] = call.mock.calls.find(([command]) => command === addLoan)!;
    expect(input).toEqual({ businessId: 7, purpose: 'WORKING_CAPITAL', ...terms, reason: 'Stock for the festive season' });
    expect((await screen.findByTestId('where')).textContent).toBe(
      "/loans/42 Loan LN-000042 requested: it waits for a second admin's approval (approval request #12).",
    );
  });

  it('says an interest it cannot read, and asks for the terminal request of a terminal on loan', async () => {
    const user = userEvent.setup();
    renderWithSession(<NewLoanPage />, { url: '/loans/new-loan', path: '/loans/new-loan', permissions: ['loans.manage'] });
    await user.type(screen.getByLabelText(/^Interest \(%\)/), '{Backspace}2.555');
    expect(document.querySelector('[data-interest-hint]')?.textContent).toBe('A percentage with up to two decimals, e.g. 5 or 2.5.');
    await user.selectOptions(screen.getByLabelText(/^Purpose/), 'TERMINAL');
    expect(screen.getByLabelText(/^Terminal request/)).toBeTruthy();
  });

  it('says which permission requesting a loan needs', () => {
    renderWithSession(<NewLoanPage />, { url: '/loans/new-loan', path: '/loans/new-loan', permissions: ['loans.view'] });
    expect(document.body.textContent).toContain('You need the loans.manage permission to request loans.');
  });
});

describe('a loan', () => {
  it('offers what its state allows, each by its key, and disburses only after the preview and the principal typed', async () => {
    const user = userEvent.setup();
    preview.mockResolvedValue({
      dryRun: true,
      token: 'preview-1',
      transfers: [
        { reference: 'LOAN-42-DISB', kind: 'loan_disbursement', from: 'Loans receivable', to: 'Wallet of Mama Put Kitchen', amount: 50_000_000, partOf: null },
      ],
      balances: [{ account: 'wallet:W7', name: 'Wallet of Mama Put Kitchen', before: 0, after: 50_000_000 }],
      answer: {},
    });
    renderWithSession(
      <>
        <LoanPage />
        <CommandDialogHost />
      </>,
      { url: '/loans/42', path: '/loans/:id', permissions: MANAGER },
    );
    expect(await screen.findByRole('heading', { name: 'Loan LN-000042 · Mama Put Kitchen' })).toBeTruthy();
    expect(screen.getByTestId('loan-status-words').textContent).toBe("Approved by Bola Ade: ready to be disbursed to Mama Put Kitchen's wallet.");
    expect(buttons()).toEqual(['b', 'c']);
    // Not disbursed: what it would be, not what it owes.
    expect(document.querySelector('[data-figure="instalment"]')?.textContent).toBe('Each instalment₦17,516.66Daily');
    expect(document.querySelector('[data-figure="arrears"]')).toBeNull();
    expect(screen.getByTestId('approval-link').getAttribute('href')).toBe('/approvals/12');
    expect(within(screen.getByRole('table', { name: 'Change log' })).getAllByRole('row').length).toBe(3);

    await user.keyboard('b');
    const dialog = await screen.findByTestId('command-dialog');
    expect(dialog.getAttribute('data-command')).toBe('loans.update');
    // Only what disbursing reads: the day and a note, not the terms.
    expect(within(dialog).queryByLabelText(/^Principal/)).toBeNull();
    expect(within(dialog).getByLabelText(/^Disbursed on/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Preview: Disburse ₦500,000.00 to Mama Put Kitchen…' }));
    expect(preview.mock.calls[0]![1]).toEqual({ id: 42, action: 'DISBURSE' });
    expect(await within(dialog).findByRole('table', { name: 'Transfers to be posted' })).toBeTruthy();
    expect(dialog.querySelector('[data-money-confirmation]')?.textContent).toContain('Type the principal ₦500,000.00 to confirm');
    const confirm = within(dialog).getByRole('button', { name: 'Disburse ₦500,000.00 to Mama Put Kitchen' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Typed confirmation'), '500,000.00');
    await user.click(confirm);
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === updateLoan)).toBe(true));
    const [, input, options] = call.mock.calls.find(([command]) => command === updateLoan)!;
    expect(input).toEqual({ id: 42, action: 'DISBURSE' });
    expect(options).toMatchObject({ ifMatch: 'preview-1', idempotencyKey: expect.stringMatching(/^console-/) });
  });

  it('keeps disbursing and writing off from an admin without the disburse permission', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<LoanPage />, { url: '/loans/42', path: '/loans/:id', permissions: ['loans.view', 'loans.manage'] });
    await screen.findByRole('heading', { name: 'Loan LN-000042 · Mama Put Kitchen' });
    expect(buttons()).toEqual(['c']);
    await user.keyboard('b');
    expect(store.get(commandRequestAtom)).toBeNull();
    await user.keyboard('c');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: updateLoan,
      fixed: { id: 42, action: 'CANCEL' },
      action: 'Cancel LN-000042',
      confirmAs: { what: 'the loan', expected: 'LN-000042' },
    });
  });

  it('shows a loan being repaid: its schedule against what was paid, each repayment with its ledger reference and run', async () => {
    const user = userEvent.setup();
    loan = repayingLoanFixture();
    const { store } = renderWithSession(<LoanPage />, { url: '/loans/42', path: '/loans/:id', permissions: MANAGER });
    await screen.findByRole('heading', { name: 'Loan LN-000042 · Mama Put Kitchen' });
    expect(screen.getByTestId('loan-status-words').textContent).toBe('Being repaid: ₦35,033.32 of ₦525,500.00. ₦17,516.66 in arrears, 1 day past due.');
    expect(document.querySelector('[data-figure="arrears"]')?.textContent).toBe('Arrears₦17,516.661 day past due');
    expect(document.querySelector('[data-figure="next"]')?.textContent).toBe(`Unpaid since${describeLagosDay('2026-11-04')}`);
    expect([...document.querySelectorAll('[data-instalment-state]')].map((cell) => cell.getAttribute('data-instalment-state'))).toEqual([
      'PAID',
      'PAID',
      'LATE',
    ]);
    const repayments = within(screen.getByRole('table', { name: 'Repayments' }));
    expect(repayments.getByRole('link', { name: 'DED-7-42-1' }).getAttribute('href')).toBe('/wallet-transaction-logs/DED-7-42-1');
    expect(repayments.getByRole('link', { name: '#8' }).getAttribute('href')).toBe('/auto-deduction/8');
    expect(screen.getByRole('link', { name: 'LOAN-42-DISB' }).getAttribute('href')).toBe('/wallet-transaction-logs/LOAN-42-DISB');
    expect(buttons()).toEqual(['x']);
    await user.keyboard('x');
    expect(store.get(commandRequestAtom)).toMatchObject({ fixed: { id: 42, action: 'DEFAULT' }, action: 'Mark LN-000042 defaulted' });
  });

  it('says when there is no such loan', async () => {
    renderWithSession(<LoanPage />, { url: '/loans/abc', path: '/loans/:id', permissions: MANAGER });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no loan #abc.');
  });
});

describe("a merchant's loans", () => {
  it('lists them, each linked to its page, with a new loan for the merchant', async () => {
    renderWithSession(<MerchantLoansSection businessId={7} />, { permissions: ['loans.view', 'loans.manage'] });
    await waitFor(() => expect(document.querySelectorAll('[data-section="loans"] tbody tr').length).toBe(2));
    expect(call.mock.calls.find(([command]) => command === listLoans)![1]).toEqual({ businessId: 7 });
    expect(screen.getAllByRole('link', { name: 'LN-000042' })[0]!.getAttribute('href')).toBe('/loans/42');
    expect(screen.getByRole('link', { name: 'New loan' }).getAttribute('href')).toBe('/loans/new-loan?businessId=7');
  });

  it('is not shown to an admin who may not view loans', () => {
    renderWithSession(<MerchantLoansSection businessId={7} />, { permissions: ['merchants.view'] });
    expect(document.querySelector('[data-section="loans"]')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
