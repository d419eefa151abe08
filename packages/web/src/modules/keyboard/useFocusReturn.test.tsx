// @vitest-environment happy-dom
import { grantPermissionsBulk, listAdmins } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { bulkAction } from '../list/bulkAction';
import { ListPage } from '../list/ListPage';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const admin = (id: number) => ({
  id,
  email: `admin${id}@traction.ng`,
  firstName: 'Ada',
  lastName: `No. ${id}`,
  role: 'staff',
  departments: [],
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastLoginAt: null,
});

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }) =>
    command.id === listAdmins.id
      ? Promise.resolve({ items: [admin(1), admin(2), admin(3)], page: 1, pageSize: 100, total: 3, hasMore: false })
      : Promise.resolve({ updated: 1, skipped: [] }),
  );
});
afterEach(cleanup);

function renderAdmins() {
  renderWithSession(
    <>
      <ListPage
        command={listAdmins}
        title="All Admins"
        rowNoun={{ one: 'admin', other: 'admins' }}
        bulkActions={[bulkAction({ command: grantPermissionsBulk, label: 'Grant audit access', fixed: { permissions: ['audit.view'] } })]}
      />
      <CommandDialogHost />
    </>,
    { url: '/admin', permissions: ['admins.view', 'permissions.manage', 'audit.view'] },
  );
}

// Not by role: while a dialog is open the page behind it is hidden from the accessibility tree.
const grid = () => document.querySelector<HTMLElement>('[role="grid"]')!;
const activeRow = () => document.getElementById(grid().getAttribute('aria-activedescendant') ?? '')?.getAttribute('data-row-index');

describe('focus after a dialog', () => {
  it('goes back to the table, on the same row, when a bulk dialog opened by its key is cancelled', async () => {
    const user = userEvent.setup();
    renderAdmins();
    await waitFor(() => expect(document.querySelector('[data-row-index="1"]')).not.toBeNull());
    await user.keyboard('jjx');
    expect(document.activeElement).toBe(grid());
    await user.keyboard('1');
    await screen.findByTestId('command-dialog');
    expect(grid().contains(document.activeElement)).toBe(false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('command-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(grid()));
    expect(activeRow()).toBe('1');
  });

  it('goes to the table, not to an older element, when the button that opened it has left with the selection it acted on', async () => {
    const user = userEvent.setup();
    renderAdmins();
    await waitFor(() => expect(document.querySelector('[data-row-index="1"]')).not.toBeNull());
    // The search box had focus before; the dialog's own restore would fall back to it.
    await user.click(document.querySelector<HTMLElement>('[data-page-search]')!);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Shift>}A{/Shift}');
    await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Grant audit access' }));
    const dialog = await screen.findByTestId('command-dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Grant “Read the audit log” to all 3/ }));
    await user.click(await within(await within(dialog).findByRole('alertdialog')).findByRole('button', { name: /^Grant/ }));
    // Done: the selection is cleared, so the bar and its button are gone; the dialog shows the answer.
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    expect(call).toHaveBeenCalledWith(grantPermissionsBulk, { matching: {}, except: [], permissions: ['audit.view'] }, expect.anything());
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('command-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(grid()));
  });
});
