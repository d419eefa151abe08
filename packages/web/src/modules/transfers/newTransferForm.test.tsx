// @vitest-environment happy-dom
import { createFundsTransfer, createPayout, getWalletCreditBusiness, listTransferBanks, NIGERIAN_BANKS, nameEnquiry, nuban } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandForm } from '../forms/CommandForm';
import { renderWithSession } from '../../test/renderWithSession';
import { heldTransferFixture } from './transferFixture';
import { NEW_TRANSFER_PARTS, PAYOUT_PARTS } from './transferFormParts';

const call = vi.fn();
const preview = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), preview: (...args: unknown[]) => preview(...args) } }));

const GTBANK_ACCOUNT = nuban('058', '012345678');
const SENDER = ['transfers.create', 'transfers.view', 'wallets.view'];

const refused = (status: number, message: string) =>
  new ClientError('rejected', status, 'GET', '/v1/payments/nameenquiry', { code: String(status) as '400', message });

beforeEach(() => {
  call.mockReset();
  preview.mockReset();
  call.mockImplementation((command, input: Record<string, unknown>) => {
    if (command === listTransferBanks) return Promise.resolve({ items: NIGERIAN_BANKS });
    if (command === nameEnquiry) {
      return input.accountNumber === GTBANK_ACCOUNT
        ? Promise.resolve({ bankCode: '058', bankName: 'Guaranty Trust Bank', accountNumber: GTBANK_ACCOUNT, accountName: 'ADA OBI', provider: 'providus' })
        : Promise.reject(refused(400, `Guaranty Trust Bank holds no account ${String(input.accountNumber)}`));
    }
    if (command === getWalletCreditBusiness) {
      return Promise.resolve({
        business: { id: 42, name: 'Mama Put Foods', email: 'ops@mamaput.ng', isFraud: false, wallet: { uid: 'w-42', status: 'ACTIVE', balance: 250_000_000 } },
      });
    }
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

function renderNewTransfer(permissions = SENDER) {
  const onDone = vi.fn();
  renderWithSession(
    <CommandForm command={createFundsTransfer} request={{ command: createFundsTransfer, parts: NEW_TRANSFER_PARTS, onDone }} onClose={() => {}} />,
    { url: false, permissions },
  );
  return onDone;
}

const note = () => document.querySelector('[data-name-enquiry]');
const callsOf = (command: unknown) => call.mock.calls.filter(([called]) => called === command).map(([, input]) => input);

describe('New transfer', () => {
  it('finds the bank by name and shows the holder as soon as the ten digits are in', async () => {
    const user = userEvent.setup();
    renderNewTransfer();
    const bank = screen.getByRole('combobox', { name: /^Bank/ });
    await user.type(bank, 'guaranty');
    expect(within(screen.getByRole('listbox', { name: 'Banks' })).getAllByRole('option')[0]?.textContent).toBe('Guaranty Trust Bank058');
    await user.keyboard('{Enter}');
    expect((bank as HTMLInputElement).value).toBe('Guaranty Trust Bank');

    const number = screen.getByLabelText(/^Account number/);
    await user.type(number, GTBANK_ACCOUNT.slice(0, 9));
    expect(note()?.getAttribute('data-name-enquiry')).toBe('waiting');
    expect(callsOf(nameEnquiry)).toEqual([]);
    await user.type(number, GTBANK_ACCOUNT.slice(9));
    await waitFor(() => expect(note()?.getAttribute('data-name-enquiry')).toBe('found'));
    expect(note()?.textContent).toBe('✓ ADA OBI · Guaranty Trust Bank, by name enquiry');
    expect(callsOf(nameEnquiry)).toEqual([{ bankCode: '058', accountNumber: GTBANK_ACCOUNT }]);
  });

  it("says at once when the check digit is wrong for the bank, and gives the bank's refusal in its own words", async () => {
    const user = userEvent.setup();
    renderNewTransfer();
    await user.type(screen.getByRole('combobox', { name: /^Bank/ }), '058');
    await user.tab();
    const number = screen.getByLabelText(/^Account number/);
    const wrongDigit = `${GTBANK_ACCOUNT.slice(0, 9)}${(Number(GTBANK_ACCOUNT[9]) + 1) % 10}`;
    await user.type(number, wrongDigit);
    expect(note()?.textContent).toBe(`${wrongDigit} is not a valid Guaranty Trust Bank account number (its check digit is wrong).`);
    expect(callsOf(nameEnquiry)).toEqual([]);

    await user.clear(number);
    const unknown = nuban('058', '999999999');
    await user.type(number, unknown);
    await waitFor(() => expect(note()?.getAttribute('data-name-enquiry')).toBe('failed'));
    expect(note()?.textContent).toBe(`Guaranty Trust Bank holds no account ${unknown}`);
  });

  it('names the banks a number fits when it is typed before its bank', async () => {
    const user = userEvent.setup();
    renderNewTransfer();
    await user.type(screen.getByLabelText(/^Account number/), GTBANK_ACCOUNT);
    expect(note()?.getAttribute('data-name-enquiry')).toBe('no-bank');
    expect(note()?.textContent).toContain('GTBank');
  });

  it('asks for a business or a company account by the source chosen, shows the wallet, and confirms the dry run’s beneficiary and hold', async () => {
    const user = userEvent.setup();
    const onDone = renderNewTransfer();
    expect(screen.queryByLabelText(/^Company account/)).toBeNull();
    await user.type(screen.getByLabelText(/^Business/), '42');
    expect(await screen.findByText('Mama Put Foods')).toBeTruthy();
    expect(document.querySelector('[data-note-for="business"]')?.textContent).toBe('Mama Put Foods (#42) · wallet active · balance ₦2,500,000.00');

    await user.click(screen.getByRole('radio', { name: 'A company account' }));
    expect(screen.queryByLabelText(/^Business/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Company account/), 'fee-income');
    await user.click(screen.getByRole('radio', { name: "A merchant's wallet" }));
    expect((screen.getByLabelText(/^Business/) as HTMLInputElement).value).toBe('42');

    await user.type(screen.getByRole('combobox', { name: /^Bank/ }), 'gtb');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText(/^Account number/), GTBANK_ACCOUNT);
    await user.type(screen.getByLabelText(/^Amount/), '6,000,000');
    await user.type(screen.getByLabelText(/^Narration/), 'Supplier invoice 118');
    preview.mockResolvedValue({
      dryRun: true,
      token: 'token-1',
      transfers: [],
      balances: [],
      answer: { transfer: heldTransferFixture({ accountNumber: GTBANK_ACCOUNT }), message: 'held' },
    });
    await user.click(screen.getByRole('button', { name: /^Preview/ }));

    // The expected name is for scripts, and the company account does not apply to a wallet.
    expect(preview.mock.calls[0]?.[1]).toEqual({
      from: 'wallet',
      business: '42',
      bankCode: '058',
      accountNumber: GTBANK_ACCOUNT,
      amount: 600_000_000,
      narration: 'Supplier invoice 118',
    });
    const confirm = screen.getByRole('alertdialog');
    const summary = within(confirm).getByText(/^To/).closest('[data-transfer-confirmation]');
    expect(summary?.getAttribute('data-transfer-confirmation')).toBe('HELD');
    expect(summary?.querySelector('[data-account-name]')?.textContent).toBe('ADA OBI');
    expect(within(confirm).getByRole('note').textContent).toContain('The fraud rules will hold it for review: “Large transfers”');

    const send = within(confirm).getByRole('button', { name: 'Send a funds transfer' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(confirm).getByLabelText('Typed confirmation'), '6,000,000.00');
    call.mockResolvedValueOnce({ transfer: heldTransferFixture(), message: 'Transfer TRF-20261121-118 of ₦6,000,000.00 is held for review.' });
    await user.click(send);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('held for review') })));
    expect(call.mock.calls.find(([command]) => command === createFundsTransfer)?.[2]).toMatchObject({ ifMatch: 'token-1' });
  });
});

describe('Pay out', () => {
  it('needs only the business; without an amount the whole balance goes, confirmed by the word', async () => {
    const user = userEvent.setup();
    renderWithSession(<CommandForm command={createPayout} request={{ command: createPayout, parts: PAYOUT_PARTS }} onClose={() => {}} />, {
      url: false,
      permissions: SENDER,
    });
    await user.type(screen.getByLabelText(/^Business/), 'ops@mamaput.ng');
    expect(await screen.findByText('Mama Put Foods')).toBeTruthy();
    expect(document.querySelector('[data-note-for="amount"]')?.textContent).toBe('Left empty, the whole balance is paid out, less the transfer fee.');
    preview.mockResolvedValue({
      dryRun: true,
      token: 't',
      transfers: [],
      balances: [],
      answer: { transfer: heldTransferFixture({ status: 'QUEUED', origin: 'payout' }), message: '' },
    });
    await user.click(screen.getByRole('button', { name: /^Preview/ }));
    expect(preview.mock.calls[0]?.[1]).toEqual({ business: 'ops@mamaput.ng', narration: 'Payout to settlement account' });
    expect(screen.getByRole('alertdialog').textContent).toContain('Type the word CONFIRM');
  });
});
