// @vitest-environment happy-dom
import { listAdmins } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { columnChoicesKey } from './columnChoicesAtom';
import { ListPage } from './ListPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const admins = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1,
  email: `admin${i + 1}@traction.ng`,
  firstName: 'Ada',
  lastName: `No. ${i + 1}`,
  role: 'staff',
  departments: [],
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  lastLoginAt: null,
}));

// Room for every admin column, so only the admin's choices hide any.
stubViewportSize({ clientWidth: 1600, clientHeight: 600 });
beforeEach(() => {
  localStorage.clear();
  call.mockReset();
  call.mockResolvedValue({ items: admins, page: 1, pageSize: 100, total: 3, hasMore: false });
});
afterEach(cleanup);

/** The page as a reload brings it up: a fresh store, the same browser storage. */
async function openPage() {
  renderWithSession(<ListPage command={listAdmins} title="All Admins" />, { url: '/admin', permissions: ['admins.view'] });
  await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).not.toBeNull());
}
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('Columns menu', () => {
  it('hides a column by keyboard, and the column stays hidden after the page reloads', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(headers()).toContain('Email');
    screen.getByTestId('columns-menu').focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('columns-panel');
    const email = within(panel).getByRole('checkbox', { name: 'Email' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(email);
    await user.keyboard(' ');
    expect(headers()).not.toContain('Email');
    expect(screen.getByTestId('columns-menu').textContent).toBe('Columns (1 hidden)');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('columns-panel')).toBeNull());
    expect(JSON.parse(localStorage.getItem(columnChoicesKey(listAdmins.id)) ?? '{}')).toEqual({ hidden: ['email'], shown: [] });

    cleanup();
    await openPage();
    expect(headers()).not.toContain('Email');
    expect(headers()).toContain('First name');
    expect(document.querySelector('[data-row-index="0"]')?.textContent).not.toContain('admin1@traction.ng');
  });

  it('brings the usual columns back, and reads a broken stored value as no choices', async () => {
    localStorage.setItem(columnChoicesKey(listAdmins.id), JSON.stringify({ hidden: ['email', 'role'], shown: [] }));
    const user = userEvent.setup();
    await openPage();
    expect(headers()).not.toContain('Role');
    await user.click(screen.getByTestId('columns-menu'));
    await user.click(await screen.findByRole('button', { name: 'Back to the usual columns' }));
    expect(headers()).toContain('Role');
    expect(headers()).toContain('Email');

    cleanup();
    localStorage.setItem(columnChoicesKey(listAdmins.id), '{"hidden":"email"}');
    await openPage();
    expect(headers()).toContain('Email');
  });
});
