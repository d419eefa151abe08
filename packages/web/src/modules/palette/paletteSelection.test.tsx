// @vitest-environment happy-dom
import { grantPermissionsBulk, listAdmins } from '@traction/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { ListPage } from '../list/ListPage';
import { CommandPalette } from './CommandPalette';
import { paletteOpenAtom } from './paletteAtoms';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

/** 250 staff admins, a page of 100 at a time. */
function adminsPage(_command: unknown, input: { page: number }) {
  const first = (input.page - 1) * 100;
  const items = Array.from({ length: Math.max(0, Math.min(100, 250 - first)) }, (_, i) => ({
    id: first + i + 1,
    email: `admin${first + i + 1}@traction.ng`,
    firstName: 'Ada',
    lastName: `No. ${first + i + 1}`,
    role: 'staff',
    departments: [],
    status: 'active',
    createdAt: '2026-11-01T09:00:00.000Z',
    lastLoginAt: null,
  }));
  return Promise.resolve({ items, page: input.page, pageSize: 100, total: 250, hasMore: first + 100 < 250 });
}

stubViewportSize();
beforeEach(() => {
  localStorage.clear();
  call.mockReset();
  call.mockImplementation(adminsPage);
});
afterEach(cleanup);

const ENTRY = 'selection:permissions.grant-bulk:Grant permissions to selected admins';
const paletteInput = () => screen.getByTestId('command-palette').querySelector<HTMLInputElement>('[cmdk-input]')!;
const entry = () => document.querySelector(`[data-entry-key="${ENTRY}"]`);

describe('the palette on a list page with rows selected', () => {
  it('runs the selection bar’s command on the selected ids, then on all matching, naming the selection', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(
      <>
        <ListPage command={listAdmins} title="All Admins" rowNoun={{ one: 'admin', other: 'admins' }} />
        <CommandPalette />
      </>,
      { url: '/admin?role=staff', permissions: ['admins.view', 'permissions.manage'] },
    );
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('250 matching'));

    // Nothing selected: the bulk command is not offered at all.
    act(() => store.set(paletteOpenAtom, true));
    await user.type(paletteInput(), 'grant permissions');
    await waitFor(() => expect(document.querySelector('[data-entry-key="command:permissions.grant"]')).not.toBeNull());
    expect(entry()).toBeNull();
    expect(document.querySelector('[data-entry-key="command:permissions.grant-bulk"]')).toBeNull();
    await user.keyboard('{Escape}');

    await user.keyboard('jx');
    await waitFor(() => expect(screen.getByTestId('bulk-bar').dataset.count).toBe('1'));
    act(() => store.set(paletteOpenAtom, true));
    await user.type(paletteInput(), 'grant permissions');
    await waitFor(() => expect(entry()?.textContent).toContain('admin1@traction.ng'));
    await user.click(entry()!);
    expect(store.get(commandRequestAtom)).toMatchObject({ command: grantPermissionsBulk, fixed: { ids: [1] }, about: 'admin1@traction.ng' });
    act(() => store.set(commandRequestAtom, null));

    await user.click(screen.getByTestId('select-all-matching'));
    act(() => store.set(paletteOpenAtom, true));
    await user.type(paletteInput(), 'grant permissions');
    await waitFor(() => expect(entry()?.textContent).toContain('all 250 admins matching the filters'));
    await user.click(entry()!);
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: grantPermissionsBulk,
      fixed: { matching: { role: 'staff' }, except: [] },
      about: 'all 250 admins matching the filters',
    });
  });
});
