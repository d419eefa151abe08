// @vitest-environment happy-dom
import {
  blacklistFixedAccountsBulk,
  createAdmin,
  dayField,
  defineCommand,
  grantPermissionsBulk,
  honeypotField,
  koboField,
  listFixedAccounts,
  listFraud,
  updateFraudStatus,
} from '@traction/core';
import { ClientError } from '@traction/core/client';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CommandForm } from './CommandForm';
import type { FormParts } from './FormParts';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
const preview = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), preview: (...args: unknown[]) => preview(...args) } }));

function renderForm(ui: ReactNode, queryClient = new QueryClient()) {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithSession(ui, { url: false, queryClient });
  return { invalidate };
}

const errorUnder = (name: string) => document.querySelector(`[data-error-for="${name}"]`)?.textContent;

beforeEach(() => {
  call.mockReset();
  preview.mockReset();
});
afterEach(cleanup);

describe('CommandForm', () => {
  it('checks the input with the command schema and names each failing field', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { invalidate } = renderForm(<CommandForm command={createAdmin} request={{ command: createAdmin, onDone }} onClose={() => {}} />);

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Last name/), 'Obi');
    await user.click(screen.getByRole('button', { name: 'Create an admin' }));

    expect(errorUnder('email')).toBe('Email must be a valid email address');
    expect(errorUnder('firstName')).toBe('First name is required');
    expect(errorUnder('lastName')).toBeUndefined();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ada@traction.ng');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Department IDs/), '2, 3');
    call.mockResolvedValue({ admin: { id: 41, email: 'ada@traction.ng' }, setupLinkExpiresAt: '2026-11-22T10:00:00Z' });
    await user.click(screen.getByRole('button', { name: 'Create an admin' }));

    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ email: 'ada@traction.ng', firstName: 'Ada', lastName: 'Obi', role: 'staff', departmentIds: [2, 3] });
    const result = await screen.findByTestId('command-result');
    expect(within(result).getByText('ada@traction.ng')).toBeTruthy();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ setupLinkExpiresAt: '2026-11-22T10:00:00Z' }));
    expect(invalidate).toHaveBeenCalled();
  });

  it('asks before a confirm command, shows server field errors and retries with the same key', async () => {
    const user = userEvent.setup();
    renderForm(<CommandForm command={grantPermissionsBulk} request={{ command: grantPermissionsBulk }} onClose={() => {}} />);

    await user.type(screen.getByLabelText(/^IDs/), '7 8');
    await user.click(screen.getByRole('checkbox', { name: 'audit.view' }));
    // Nothing names the admins here: the command's title says what it does.
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins…' }));
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Grant permissions to selected admins?' })).toBeTruthy();

    call.mockRejectedValueOnce(
      new ClientError('rejected', 400, 'POST', '/v1/admin/grant-permission/bulk', {
        code: '400',
        message: 'The input was refused',
        details: { fields: [{ field: 'ids', message: 'admin 8 does not exist' }] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins' }));
    expect(await screen.findByText('The input was refused')).toBeTruthy();
    expect(errorUnder('ids')).toBe('IDs: admin 8 does not exist');

    call.mockResolvedValueOnce({ matched: 2, changed: 1, skipped: [{ id: 8, reason: 'is a super admin' }] });
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins…' }));
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins' }));
    expect((await screen.findByTestId('command-result')).textContent).toContain('Changed 1 of 2 matched; 1 skipped');

    const [first, second] = call.mock.calls.map((args) => (args[2] as { idempotencyKey: string }).idempotencyKey);
    expect(first).toMatch(/^[\w-]{8,}$/);
    expect(second).toBe(first);
    expect(call.mock.calls[0]![1]).toEqual({ ids: [7, 8], permissions: ['audit.view'] });
  });

  it('previews a money command, sends it only after the amount is typed exactly, as previewed, with a new key for a new amount', async () => {
    const transfer = defineCommand({
      id: 'test.transfer',
      group: 'test',
      action: 'transfer',
      title: 'Transfer funds',
      method: 'POST',
      path: '/v1/test/transfer',
      permission: null,
      danger: 'money',
      input: z.object({ amount: koboField }),
      output: z.object({ ok: z.literal(true), message: z.string() }),
    });
    const previewOf = (amount: number, token: string) => ({
      dryRun: true,
      token,
      transfers: [{ reference: 'OUT-1', kind: 'transfer_out', from: 'Wallet of Mama Put', to: 'VFD float', amount, partOf: null }],
      balances: [{ account: 'wallet:1', name: 'Wallet of Mama Put', before: 5_000_000, after: 5_000_000 - amount }],
      answer: { ok: true, message: 'Sent' },
    });
    const user = userEvent.setup();
    renderForm(<CommandForm command={transfer} request={{ command: transfer }} onClose={() => {}} />);

    await user.type(screen.getByLabelText(/^Amount/), '12,500.5');
    expect(screen.getByText('= ₦12,500.50')).toBeTruthy();
    // A refused preview says why and posts nothing.
    preview.mockRejectedValueOnce(
      new ClientError('rejected', 409, 'POST', '/v1/test/transfer', { code: '409', message: 'Insufficient balance: the wallet holds ₦100.00' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview: Transfer funds…' }));
    expect(await screen.findByText('Insufficient balance: the wallet holds ₦100.00')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();

    preview.mockResolvedValueOnce(previewOf(1_250_050, 'token-1'));
    await user.click(screen.getByRole('button', { name: 'Preview: Transfer funds…' }));
    const step = await screen.findByRole('alertdialog', { name: 'Transfer funds?' });
    expect(within(step).getByRole('table', { name: 'Transfers to be posted' }).textContent).toContain('Wallet of Mama Put → VFD float₦12,500.50');
    expect(within(step).getByRole('list', { name: 'Balances after' }).textContent).toBe('Wallet of Mama Put: ₦50,000.00 → ₦37,499.50');
    const send = within(step).getByRole('button', { name: 'Transfer funds' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Typed confirmation'), '12,500.5');
    expect(send).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Typed confirmation'));
    await user.type(screen.getByLabelText('Typed confirmation'), '₦12,500.50');
    expect(send).toHaveProperty('disabled', false);

    call.mockRejectedValueOnce(new ClientError('network', 0, 'POST', '/v1/test/transfer', undefined));
    await user.click(send);
    expect(await screen.findByText('The server could not be reached.')).toBeTruthy();
    expect(call.mock.calls[0]![1]).toEqual({ amount: 1_250_050 });
    expect(call.mock.calls[0]![2]).toMatchObject({ ifMatch: 'token-1' });

    // Another amount is another request: it must not reuse the first one's key.
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.type(screen.getByLabelText(/^Amount/), '12,000');
    preview.mockResolvedValueOnce(previewOf(1_200_000, 'token-2'));
    await user.click(screen.getByRole('button', { name: 'Preview: Transfer funds…' }));
    await user.type(await screen.findByLabelText('Typed confirmation'), '12,000.00');
    call.mockResolvedValueOnce({ ok: true, message: 'Sent ₦12,000.00' });
    await user.click(screen.getByRole('button', { name: 'Transfer funds' }));
    expect(call.mock.calls[1]![1]).toEqual({ amount: 1_200_000 });
    expect(call.mock.calls[1]![2]).toMatchObject({ ifMatch: 'token-2' });
    expect((await screen.findByTestId('command-result')).textContent).toContain('Sent ₦12,000.00');
    const [first, second] = call.mock.calls.map((args) => (args[2] as { idempotencyKey: string }).idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('says the action of the record it was opened for, and shows what it changed', async () => {
    const user = userEvent.setup();
    const business = {
      id: 42,
      name: 'Sunrise Petroleum',
      email: 'ops@sunrise.ng',
      stateName: 'Rivers',
      isFraud: false,
      fraudReason: null,
      isTrusted: true,
      walletStatus: 'ACTIVE',
    };
    // The fraud list the admin came from holds the business as it was.
    const queryClient = new QueryClient();
    queryClient.setQueryData([listFraud.id, {}, 'infinite'], {
      pages: [{ items: [business], page: 1, pageSize: 100, total: 1, hasMore: false }],
      pageParams: [1],
    });
    const request = { command: updateFraudStatus, fixed: { id: 42 }, about: 'Sunrise Petroleum', subject: 'All money in and out of Sunrise Petroleum stops.' };
    renderForm(<CommandForm command={updateFraudStatus} request={request} onClose={() => {}} />, queryClient);

    // The words follow the switch: unticked clears the mark, ticked marks.
    expect(screen.getByRole('button', { name: 'Clear the fraud mark on Sunrise Petroleum…' })).toBeTruthy();
    await user.click(screen.getByLabelText('Mark as fraud (untick to clear)'));
    await user.click(screen.getByRole('button', { name: 'Mark Sunrise Petroleum as fraud…' }));
    expect(errorUnder('reason')).toBe('Reason is required when marking a business as fraud');
    await user.type(screen.getByLabelText(/^Reason/), 'Chargebacks from stolen cards');
    await user.click(screen.getByRole('button', { name: 'Mark Sunrise Petroleum as fraud…' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Mark Sunrise Petroleum as fraud?' });
    expect(within(confirm).getByText('All money in and out of Sunrise Petroleum stops.')).toBeTruthy();
    expect(within(confirm).queryByRole('button', { name: /^Yes/ })).toBeNull();
    call.mockResolvedValue({
      message: 'Sunrise Petroleum is marked as fraud.',
      business: {
        ...business,
        phone: '+2348030000001',
        isFraud: true,
        fraudReason: 'Chargebacks from stolen cards',
        isTrusted: false,
        walletStatus: 'POST_NO_DEBIT',
      },
    });
    await user.click(within(confirm).getByRole('button', { name: 'Mark Sunrise Petroleum as fraud' }));

    const result = await screen.findByTestId('command-result');
    const rows = [...result.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Fraud: Yes', 'Fraud reason: Chargebacks from stolen cards', 'Trusted: No', 'Wallet: Post no debit']);
  });

  it('names the rows a bulk command skipped by what the list shows, not their ids', async () => {
    const user = userEvent.setup();
    const account = (id: number, accountNumber: string) => ({ id, accountNumber, accountName: 'Traction/Mama Put', bank: 'WEMA', businessName: 'Mama Put' });
    const queryClient = new QueryClient();
    queryClient.setQueryData([listFixedAccounts.id, { blacklist: false }, 'infinite'], {
      pages: [{ items: [account(7, '0123456789'), account(8, '0987654321')], page: 1, pageSize: 100, total: 2, hasMore: false }],
      pageParams: [1],
    });
    const request = { command: blacklistFixedAccountsBulk, fixed: { ids: [7, 8], blacklist: true }, about: '2 selected accounts' };
    renderForm(<CommandForm command={blacklistFixedAccountsBulk} request={request} onClose={() => {}} />, queryClient);
    await user.type(screen.getByLabelText(/^Reason/), 'Used for a scam');
    await user.click(screen.getByRole('button', { name: 'Blacklist 2 selected accounts…' }));
    call.mockResolvedValue({ matched: 2, changed: 1, skipped: [{ id: 8, reason: 'is already blacklisted' }] });
    await user.click(screen.getByRole('button', { name: 'Blacklist 2 selected accounts' }));

    const result = await screen.findByTestId('command-result');
    expect(result.querySelector('[data-skipped-id="8"]')?.textContent).toBe('0987654321: is already blacklisted');
    expect(result.textContent).not.toContain('#8');
  });

  it("takes the page's parts: its own control, a note that follows what is typed, fields that apply, and the confirmation's words", async () => {
    const user = userEvent.setup();
    const pay = defineCommand({
      id: 'test.pay',
      group: 'test',
      action: 'pay',
      title: 'Pay somebody',
      method: 'POST',
      path: '/v1/test/pay',
      permission: null,
      danger: 'confirm',
      input: z.object({
        from: z.enum(['wallet', 'company']).default('wallet'),
        business: z.string().optional(),
        account: z.string().optional(),
        bank: z.string(),
      }),
      output: z.object({ message: z.string() }),
    });
    const parts: FormParts = {
      controls: {
        bank: ({ attributes, onChange, value }) => (
          <button type="button" {...attributes} onClick={() => onChange('058')}>
            {value ? `Bank ${String(value)}` : 'Pick GTBank'}
          </button>
        ),
      },
      notes: { business: ({ values }) => <span>Looking up {String(values.business)}</span> },
      applies: (name, values) => (name === 'business' ? values.from !== 'company' : name === 'account' ? values.from === 'company' : true),
      confirmation: ({ input }) => <p data-testid="summary">Pays from {String(input.account)}</p>,
    };
    renderForm(<CommandForm command={pay} request={{ command: pay, parts, action: 'Pay the supplier' }} onClose={() => {}} />);

    expect(screen.queryByLabelText(/^Account/)).toBeNull();
    await user.type(screen.getByLabelText(/^Business/), 'Mama Put');
    expect(document.querySelector('[data-note-for="business"]')?.textContent).toBe('Looking up Mama Put');
    await user.click(screen.getByRole('button', { name: /^Bank/ }));
    expect(screen.getByRole('button', { name: /^Bank/ }).textContent).toBe('Bank 058');
    // Paying from the company: the business no longer applies, and is not sent.
    await user.selectOptions(screen.getByLabelText(/^From/), 'company');
    expect(screen.queryByLabelText(/^Business/)).toBeNull();
    await user.type(screen.getByLabelText(/^Account/), 'fee-income');
    await user.click(screen.getByRole('button', { name: 'Pay the supplier…' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Pay the supplier?' });
    expect(within(confirm).getByTestId('summary').textContent).toBe('Pays from fee-income');
    call.mockResolvedValue({ message: 'Paid.' });
    await user.click(within(confirm).getByRole('button', { name: 'Pay the supplier' }));
    expect(call.mock.calls[0]![1]).toEqual({ from: 'company', account: 'fee-income', bank: '058' });
  });

  it('opens on its first field on a page of its own', async () => {
    const backdate = defineCommand({
      id: 'test.backdate',
      group: 'test',
      action: 'backdate',
      title: 'Backdate a record',
      method: 'POST',
      path: '/v1/test/backdate',
      permission: null,
      input: z.object({ day: dayField.optional().meta({ label: 'Day' }), note: z.string().optional() }),
      output: z.object({ message: z.string() }),
    });
    renderForm(<CommandForm command={backdate} request={{ command: backdate }} onClose={() => {}} autoFocus />);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Day/));
  });

  it('sends a date typed straight before Ctrl+Enter, not the value before it', async () => {
    const user = userEvent.setup();
    const backdate = defineCommand({
      id: 'test.backdate-send',
      group: 'test',
      action: 'backdate',
      title: 'Backdate a record',
      method: 'POST',
      path: '/v1/test/backdate',
      permission: null,
      input: z.object({ day: dayField.meta({ label: 'Day' }) }),
      output: z.object({ message: z.string() }),
    });
    call.mockResolvedValue({ message: 'Backdated.' });
    renderForm(<CommandForm command={backdate} request={{ command: backdate, initial: { day: '2026-01-05' } }} onClose={() => {}} autoFocus />);
    const day = screen.getByLabelText(/^Day/);
    await user.clear(day);
    await user.type(day, '2026-03-04');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ day: '2026-03-04' });
  });

  it("keeps a public form's honeypot out of sight and out of the tab order, and sends it empty", async () => {
    const user = userEvent.setup();
    const contact = defineCommand({
      id: 'test.contact',
      group: 'test',
      action: 'contact',
      title: 'Contact us',
      method: 'POST',
      path: '/v1/test/contact',
      auth: 'public',
      permission: null,
      input: z.object({ message: z.string().min(1).meta({ label: 'Message' }), website: honeypotField }),
      output: z.object({ message: z.string() }),
    });
    call.mockResolvedValue({ message: 'Sent.' });
    renderForm(<CommandForm command={contact} request={{ command: contact }} onClose={() => {}} autoFocus />);
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.tab();
    expect(document.activeElement).not.toBe(trap);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(call.mock.calls[0]![1]).toEqual({ message: 'Hello' });
  });
});
