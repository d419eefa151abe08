// @vitest-environment happy-dom
import { createStaffCode, deleteStaffCode, setStaffCodeStatus, type StaffCodeRow } from '@traction/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { renderWithSession } from '../../test/renderWithSession';
import NewStaffCodePage from './NewStaffCodePage';
import { StaffCodeDialog } from './StaffCodeDialog';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) },
}));

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  download.mockResolvedValue(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }));
});
afterEach(cleanup);

const MANAGER = ['staff-codes.view', 'staff-codes.manage'];

const staffCode = (over: Partial<StaffCodeRow> = {}): StaffCodeRow => ({
  id: 3,
  code: 'TRC4821',
  name: 'Adaeze Okafor',
  email: 'adaeze.okafor@traction.ng',
  phone: '+2348035550101',
  role: 'Merchant Sales Officer',
  status: 'ACTIVE',
  hasPhoto: true,
  signUps: 2,
  lastSignUpAt: '2026-11-20T10:00:00.000Z',
  statusReason: null,
  statusChangedAt: null,
  statusChangedBy: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  createdBy: 'Ada Obi',
  ...over,
});

describe('a staff code', () => {
  it('shows the photo, contact and sign-ups, and deactivates asking for the reason; no Delete once merchants signed up with it', async () => {
    const onClose = vi.fn();
    const { store } = renderWithSession(<StaffCodeDialog staffCode={staffCode()} onClose={onClose} />, { permissions: MANAGER });
    const dialog = await screen.findByTestId('staff-code');
    expect(dialog.textContent).toContain('2 merchants');
    expect(dialog.textContent).toContain('adaeze.okafor@traction.ng');
    await waitFor(() => expect(dialog.querySelector('[data-staff-photo]')).not.toBeNull());
    expect(dialog.querySelector('[data-delete]')).toBeNull();
    fireEvent.click(dialog.querySelector('[data-switch-status]')!);
    expect(onClose).toHaveBeenCalled();
    expect(store.get(commandRequestAtom)).toMatchObject({ command: setStaffCodeStatus, fixed: { id: 3, status: 'DEACTIVATED' } });
  });

  it('offers Delete for a code nobody signed up with, and Reactivate for a deactivated one', async () => {
    const { store } = renderWithSession(<StaffCodeDialog staffCode={staffCode({ signUps: 0, status: 'DEACTIVATED', hasPhoto: false })} onClose={() => {}} />, {
      permissions: MANAGER,
    });
    const dialog = await screen.findByTestId('staff-code');
    expect(dialog.textContent).toContain('No photo');
    expect(dialog.querySelector('[data-switch-status]')!.textContent).toBe('Reactivate');
    fireEvent.click(dialog.querySelector('[data-delete]')!);
    expect(store.get(commandRequestAtom)).toMatchObject({ command: deleteStaffCode, fixed: { id: 3 } });
    expect(download).not.toHaveBeenCalled();
  });

  it('offers no change to an admin who may only look', async () => {
    renderWithSession(<StaffCodeDialog staffCode={staffCode({ signUps: 0 })} onClose={() => {}} />, { permissions: ['staff-codes.view'] });
    const dialog = await screen.findByTestId('staff-code');
    expect(dialog.querySelector('[data-switch-status]')).toBeNull();
    expect(dialog.querySelector('[data-delete]')).toBeNull();
  });
});

describe('New Staff Referral Code', () => {
  it('sends the form by keyboard and shows the code made', async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ staffCode: staffCode({ code: 'TRQ7K2MX', signUps: 0 }), message: 'Staff code TRQ7K2MX created for Adaeze Okafor.' });
    renderWithSession(<NewStaffCodePage />, { permissions: MANAGER, url: '/new-staff-referral-code' });
    await user.type(screen.getByLabelText(/^Full name/), 'Adaeze Okafor');
    await user.type(screen.getByLabelText(/^Work email/), 'adaeze.okafor@traction.ng');
    await user.type(screen.getByLabelText(/^Phone/), '08035550101');
    await user.type(screen.getByLabelText(/^Role or title/), 'Merchant Sales Officer');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]![0]).toBe(createStaffCode);
    expect(call.mock.calls[0]![1]).toMatchObject({ name: 'Adaeze Okafor', role: 'Merchant Sales Officer' });
    const created = await waitFor(() => {
      const found = document.querySelector('[data-created-code]');
      if (!found) throw new Error('not shown yet');
      return found;
    });
    expect(created.getAttribute('data-created-code')).toBe('TRQ7K2MX');
  });
});
