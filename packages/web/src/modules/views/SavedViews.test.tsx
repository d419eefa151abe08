// @vitest-environment happy-dom
import { deleteSavedView, listAdmins, listSavedViews, renameSavedView, saveView, type AnyCommand, type SavedView } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeShortcutsAtom } from '../keyboard/shortcuts';
import { ListPage } from '../list/ListPage';
import { CommandPalette } from '../palette/CommandPalette';
import { paletteOpenAtom } from '../palette/paletteAtoms';
import { Sidebar } from '../shell/Sidebar';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import SavedViewsPage from './SavedViewsPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

/** The server's saved views, as the fake below keeps them. */
let stored: SavedView[] = [];

const refuse = (status: number, message: string, reason: string) =>
  Promise.reject(new ClientError('rejected', status, 'POST', '/v1/saved-views', { code: String(status) as '409', message, details: { reason } }));

/** A server that keeps saved views and answers the admins list with no rows. */
function fakeServer(command: AnyCommand, input: Record<string, unknown>): Promise<unknown> {
  const at = '2026-11-21T09:00:00.000Z';
  switch (command.id) {
    case listAdmins.id:
      return Promise.resolve({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
    case listSavedViews.id:
      return Promise.resolve({ items: stored.map((view) => ({ ...view })) });
    case saveView.id: {
      const name = String(input.name);
      if (stored.some((view) => view.listId === input.listId && view.name.toLowerCase() === name.toLowerCase())) {
        return refuse(409, `You already have a view named “${name}” of this list; choose another name or rename that one.`, 'name_taken');
      }
      const view: SavedView = {
        id: stored.length + 1,
        name,
        listId: String(input.listId),
        page: String(input.page),
        filters: input.filters as Record<string, string>,
        createdAt: at,
        updatedAt: at,
      };
      stored = [...stored, view];
      return Promise.resolve(view);
    }
    case renameSavedView.id: {
      stored = stored.map((view) => (view.id === input.id ? { ...view, name: String(input.name) } : view));
      return Promise.resolve(stored.find((view) => view.id === input.id));
    }
    case deleteSavedView.id:
      stored = stored.filter((view) => view.id !== input.id);
      return Promise.resolve({ ok: true, message: 'Deleted.' });
    default:
      return Promise.reject(new Error(`unexpected call of ${command.id}`));
  }
}

const financeStaff: SavedView = {
  id: 7,
  name: 'Finance staff',
  listId: 'admins.list',
  page: '/admin',
  filters: { department: '3', role: 'staff' },
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** A list page inside what the console puts around it: the sidebar and the palette. */
function renderConsole(url: string, permissions = ['admins.view']) {
  const store = createStore();
  renderWithSession(
    <>
      <Sidebar />
      <ListPage command={listAdmins} title="All Admins" />
      <CommandPalette />
      <Where />
    </>,
    { url, permissions, store },
  );
  return store;
}

const location = () => screen.getByTestId('location').textContent;
const sidebar = () => screen.getByRole('navigation', { name: 'Main' });
const paletteInput = () => screen.getByTestId('command-palette').querySelector<HTMLInputElement>('[cmdk-input]')!;
const paletteEntry = (key: string) => document.querySelector<HTMLElement>(`[data-entry-key="${key}"]`);

stubViewportSize();
beforeEach(() => {
  stored = [];
  call.mockReset();
  call.mockImplementation(fakeServer);
});
afterEach(cleanup);

describe('saved views', () => {
  it('saves the filters of a list page under a name, and the view appears in the sidebar and the palette', async () => {
    const user = userEvent.setup();
    const store = renderConsole('/admin?role=staff&department=3');
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('0 matching'));
    expect(within(sidebar()).queryByText('Saved views')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByTestId('save-view-dialog');
    expect(dialog.textContent).toContain('Department: 3 · Role: Staff');
    await user.type(within(dialog).getByLabelText('Name'), 'Finance staff{Enter}');

    expect(call.mock.calls.find(([command]) => command === saveView)?.[1]).toEqual({
      name: 'Finance staff',
      listId: 'admins.list',
      page: '/admin',
      filters: { department: '3', role: 'staff' },
    });
    await waitFor(() => expect(screen.queryByTestId('save-view-dialog')).toBeNull());
    expect(screen.getByTestId('view-saved').textContent).toBe('Saved “Finance staff”');

    const link = await within(sidebar()).findByRole('link', { name: 'Finance staff (All Admins)' });
    expect(link.getAttribute('href')).toBe('/admin?department=3&role=staff');
    // The page is at this view now: the sidebar says so.
    expect(link.getAttribute('aria-current')).toBe('page');

    act(() => store.set(paletteOpenAtom, true));
    await user.type(paletteInput(), 'finance staff');
    await waitFor(() => expect(paletteEntry('view:1')?.textContent).toContain('View: Finance staff (All Admins)'));
  });

  it('opens a saved view from the sidebar or the palette with its filters in the URL', async () => {
    stored = [financeStaff];
    const user = userEvent.setup();
    renderConsole('/admin?search=ada');
    await user.click(await within(sidebar()).findByRole('link', { name: 'Finance staff (All Admins)' }));
    expect(location()).toBe('/admin?department=3&role=staff');
    await waitFor(() => expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' }).value).toBe('staff'));
    expect(call.mock.calls.filter(([command]) => command === listAdmins).at(-1)?.[1]).toEqual({ department: 3, role: 'staff', page: 1 });

    cleanup();
    const again = renderConsole('/overview');
    // The palette reads the views the sidebar fetched.
    await within(sidebar()).findByRole('link', { name: 'Finance staff (All Admins)' });
    act(() => again.set(paletteOpenAtom, true));
    await user.type(paletteInput(), 'view finance');
    await waitFor(() => expect(paletteEntry('view:7')).not.toBeNull());
    await user.keyboard('{Enter}');
    expect(location()).toBe('/admin?department=3&role=staff');
    expect(again.get(paletteOpenAtom)).toBe(false);
  });

  it('is keyboard reachable: s opens the dialog, the `?` help lists it, Esc cancels', async () => {
    const user = userEvent.setup();
    const store = renderConsole('/admin?role=admin');
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('0 matching'));
    expect([...store.get(activeShortcutsAtom).values()]).toContainEqual({ keys: 's', description: 'Save these filters as a view', group: 'Page' });

    await user.keyboard('s');
    const dialog = await screen.findByTestId('save-view-dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('save-view-dialog')).toBeNull());
    expect(call.mock.calls.some(([command]) => command === saveView)).toBe(false);
  });

  it('says so under the name when the name is taken, and keeps the dialog open', async () => {
    stored = [financeStaff];
    const user = userEvent.setup();
    renderConsole('/admin?role=staff');
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByTestId('save-view-dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'FINANCE STAFF{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('You already have a view named “FINANCE STAFF”'));
    expect(screen.getByTestId('save-view-dialog')).toBeTruthy();
  });

  it('renames and deletes views on the Saved views page', async () => {
    stored = [financeStaff];
    const user = userEvent.setup();
    renderWithSession(<SavedViewsPage />, { url: '/saved-views', permissions: ['admins.view'] });
    const row = await screen.findByRole('row', { name: /Finance staff/ });
    expect(row.textContent).toContain('All Admins');
    expect(row.textContent).toContain('Department: 3 · Role: Staff');
    expect(within(row).getByRole('link', { name: 'Finance staff' }).getAttribute('href')).toBe('/admin?department=3&role=staff');

    await user.click(within(row).getByRole('button', { name: 'Rename Finance staff' }));
    const field = within(row).getByLabelText('New name for Finance staff');
    await user.clear(field);
    await user.type(field, 'Finance team{Enter}');
    expect(call.mock.calls.find(([command]) => command === renameSavedView)?.[1]).toEqual({ id: 7, name: 'Finance team' });
    await screen.findByRole('link', { name: 'Finance team' });

    await user.click(screen.getByRole('button', { name: 'Delete Finance team' }));
    await user.keyboard('{Enter}');
    await screen.findByTestId('no-saved-views');
    expect(call.mock.calls.find(([command]) => command === deleteSavedView)?.[1]).toEqual({ id: 7 });
  });
});
