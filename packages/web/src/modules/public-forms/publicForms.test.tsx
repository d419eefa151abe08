// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import ChargebackFormPage from './ChargebackFormPage';
import SupportFormPage from './SupportFormPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

beforeEach(() => call.mockReset());
afterEach(cleanup);

const errorUnder = (name: string) => document.querySelector(`[data-error-for="${name}"]`)?.textContent;

describe('the public support form', () => {
  it('works signed out by keyboard: field errors first, then the reference and nothing else, the honeypot never filled', async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ reference: 'WF-000123', message: 'Thank you. Your message was received as WF-000123.' });
    renderWithSession(<SupportFormPage />, { user: null, url: false });
    expect(document.querySelector('[data-page="support-form"]')).not.toBeNull();
    // The first field has the focus: type straight away.
    await user.keyboard('Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(errorUnder('email')).toMatch(/Your email/);
    expect(call).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Your email/), 'ada@example.ng');
    await user.type(screen.getByLabelText(/^Your phone number/), '08031234567');
    await user.type(screen.getByLabelText(/^Subject/), 'Terminal not printing');
    await user.type(screen.getByLabelText(/^Message/), 'It stopped printing slips this morning.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(call).toHaveBeenCalledTimes(1);
    const [, input] = call.mock.calls[0]!;
    expect(input).toMatchObject({ name: 'Ada Obi', email: 'ada@example.ng', phone: '08031234567', subject: 'Terminal not printing' });
    expect(input.website ?? '').toBe('');
    const received = await screen.findByTestId('public-form-received');
    expect(received.textContent).toContain('WF-000123');
  });
});

describe('the public chargeback form', () => {
  it('asks a business name of merchants only, and offers the evidence upload', async () => {
    const user = userEvent.setup();
    renderWithSession(<ChargebackFormPage />, { user: null, url: false });
    expect(screen.queryByLabelText(/^Business name/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^You are the/), 'MERCHANT');
    expect(screen.getByLabelText(/^Business name/)).not.toBeNull();
    expect(screen.getByLabelText(/^Evidence/)).not.toBeNull();
  });
});
