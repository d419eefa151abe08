// @vitest-environment happy-dom
import { NOT_A_STAFF_CODE_MESSAGE } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import StaffVerificationPage from './StaffVerificationPage';

const call = vi.fn();
/** A refusal the client answers with, rejected by a plain function: vitest fails the test when a spy's returned promise rejects, even one the page catches. */
let refusal: Error | null = null;
vi.mock('../../app/client', () => ({ client: { call: async (...args: unknown[]) => (refusal ? Promise.reject(refusal) : call(...args)) } }));

beforeEach(() => {
  call.mockReset();
  refusal = null;
});
afterEach(cleanup);

const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';
const notFound = () => new ClientError('not-found', 404, 'GET', '/v1/staff/retrieve/public/NOSUCH1', { code: '404', message: NOT_A_STAFF_CODE_MESSAGE });

describe('the public staff verification portal', () => {
  it('works signed out by keyboard: a malformed code is refused without a call, a current one shows name, role and photo', async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({
      name: 'Adaeze Okafor',
      role: 'Merchant Sales Officer',
      photo: PHOTO,
      message: 'Adaeze Okafor is a current Traction staff member.',
    });
    renderWithSession(<StaffVerificationPage />, { user: null });
    expect(document.querySelector('[data-page="staff-verification"]')).not.toBeNull();
    // The code box has the focus: type straight away.
    await user.keyboard('TR1{Enter}');
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('6 to 10 letters and digits');

    await user.clear(screen.getByLabelText(/^Staff code/));
    await user.keyboard('trc-4821{Enter}');
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ code: 'TRC4821' });
    const found = await screen.findByRole('status', { name: 'Current Traction staff' });
    expect(found.querySelector('[data-staff-name]')?.textContent).toBe('Adaeze Okafor');
    expect(found.querySelector('[data-staff-role]')?.textContent).toBe('Merchant Sales Officer');
    expect(found.querySelector('img')?.getAttribute('src')).toBe(PHOTO);

    // "Check another code" has the focus: Enter starts again.
    await user.keyboard('{Enter}');
    expect((screen.getByLabelText(/^Staff code/) as HTMLInputElement).value).toBe('');
  });

  it('warns when the code is not current, in the server’s words', async () => {
    const user = userEvent.setup();
    refusal = notFound();
    renderWithSession(<StaffVerificationPage />, { user: null });
    await user.keyboard('NOSUCH1{Enter}');
    const refused = await screen.findByRole('alert', { name: 'Not a current staff code' });
    expect(refused.textContent).toContain(NOT_A_STAFF_CODE_MESSAGE);
    expect(refused.textContent).toContain('NOSUCH1');
  });

  it('checks the code of a link (?code=) as it opens', async () => {
    call.mockResolvedValue({ name: 'Musa Bello', role: 'Field Officer', photo: null, message: 'Musa Bello is a current Traction staff member.' });
    renderWithSession(<StaffVerificationPage />, { user: null, url: '/traction-staff-verification-portal?code=trc5307' });
    const found = await screen.findByRole('status', { name: 'Current Traction staff' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ code: 'TRC5307' });
    expect(found.textContent).toContain('No photo on file');
  });
});
