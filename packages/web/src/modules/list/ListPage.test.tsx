// @vitest-environment happy-dom
import { deleteAdmin, grantPermissionsBulk, listAdmins } from '@traction/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { bulkAction } from './bulkAction';
import { ListPage, type ListPageProps } from './ListPage';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

function adminsPage(total: number) {
  return (_command: unknown, input: { page: number }) => {
    const first = (input.page - 1) * 100;
    const items = Array.from({ length: Math.max(0, Math.min(100, total - first)) }, (_, i) => ({
      id: first + i + 1,
      email: `admin${first + i + 1}@traction.ng`,
      firstName: 'Ada',
      lastName: `No. ${first + i + 1}`,
      role: 'staff',
      departments: [{ id: 1, name: 'Finance' }],
      status: 'active',
      createdAt: '2026-11-01T09:00:00.000Z',
      lastLoginAt: null,
    }));
    return Promise.resolve({ items, page: input.page, pageSize: 100, total, hasMore: first + 100 < total });
  };
}

stubViewportSize();
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

function Search() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderPage(
  url: string,
  permissions: string[] = ['admins.view', 'permissions.manage'],
  fixed?: Record<string, unknown>,
  bulkActions?: ListPageProps['bulkActions'],
) {
  const page = (
    <ListPage
      command={listAdmins}
      title="All Admins"
      rowNoun={{ one: 'admin', other: 'admins' }}
      {...(fixed ? { fixed } : {})}
      {...(bulkActions ? { bulkActions } : {})}
    />
  );
  return renderWithSession(
    <>
      {page}
      <Search />
    </>,
    { url, permissions },
  ).store;
}

const rowCount = () => screen.getByTestId('row-count');
const location = () => screen.getByTestId('location').textContent;

describe('ListPage', () => {
  it('loads the first page for the filters in the URL and shows the count', async () => {
    call.mockImplementation(adminsPage(250));
    renderPage('/admin?role=staff&department=3&bogus=1');
    await waitFor(() => expect(rowCount().textContent).toBe('250 matching'));
    expect(call.mock.calls[0]?.[1]).toEqual({ role: 'staff', department: 3, page: 1 });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' }).value).toBe('staff');
    expect(document.querySelector('[data-row-index="0"]')?.getAttribute('data-row-key')).toBe('1');
  });

  it('loads the next page of 100 as the view nears the last loaded row', async () => {
    call.mockImplementation(adminsPage(250));
    renderPage('/admin');
    await waitFor(() => expect(rowCount().textContent).toBe('250 matching'));
    expect(call).toHaveBeenCalledTimes(1);
    const grid = screen.getByRole('grid');
    grid.scrollTop = 80 * 36;
    fireEvent.scroll(grid);
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(listAdmins, { page: 2 }, expect.anything()));
    await waitFor(() => expect(document.querySelector('[data-row-key="101"]')).not.toBeNull());
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('keeps the search in the URL, debounced, and clears every filter at once', async () => {
    call.mockImplementation(adminsPage(3));
    const user = userEvent.setup();
    renderPage('/admin?role=admin');
    await waitFor(() => expect(rowCount().textContent).toBe('3 matching'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    expect(location()).toBe('?role=admin');
    await waitFor(() => expect(location()).toBe('?role=admin&search=ada'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(listAdmins, { role: 'admin', search: 'ada', page: 1 }, expect.anything()));
    await user.click(screen.getByTestId('clear-filters'));
    expect(location()).toBe('');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('');
  });

  it('says which filters of the link it cannot apply, and removes them on request', async () => {
    call.mockImplementation(adminsPage(3));
    const user = userEvent.setup();
    renderPage('/admin?role=BOGUS&search=ada');
    await waitFor(() => expect(rowCount().textContent).toBe('3 matching'));
    expect(call.mock.calls[0]?.[1]).toEqual({ search: 'ada', page: 1 });
    expect(screen.getByTestId('ignored-filters').textContent).toContain('Role “BOGUS”');
    await user.click(screen.getByRole('button', { name: 'Remove from the link' }));
    expect(location()).toBe('?search=ada');
    expect(screen.queryByTestId('ignored-filters')).toBeNull();
  });

  it('leaves the search with Esc (keeping its text) and goes on to the rows with Enter', async () => {
    call.mockImplementation(adminsPage(3));
    const user = userEvent.setup();
    renderPage('/admin');
    await waitFor(() => expect(rowCount().textContent).toBe('3 matching'));
    const search = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('ada{Escape}');
    expect(document.activeElement).not.toBe(search);
    expect(search.value).toBe('ada');
    await user.click(search);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('grid')));
    await waitFor(() => expect(location()).toBe('?search=ada'));
    await user.keyboard('j');
    expect(search.value).toBe('ada');
  });

  it('sends "all matching" to the bulk command as the filters less the rows taken out', async () => {
    call.mockImplementation(adminsPage(250));
    const user = userEvent.setup();
    const store = renderPage('/admin?role=staff');
    await waitFor(() => expect(rowCount().textContent).toBe('250 matching'));
    await user.keyboard('jx');
    await user.click(screen.getByTestId('select-all-matching'));
    await user.keyboard('jx');
    expect(screen.getByTestId('bulk-bar').dataset.count).toBe('249');
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins' }));
    const request = store.get(commandRequestAtom);
    expect(request).toMatchObject({
      command: grantPermissionsBulk,
      fixed: { matching: { role: 'staff' }, except: [2] },
      subject: 'Grant permissions to selected admins: all 249 admins matching the filters',
    });
    request?.onDone?.({});
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it("always applies a page's fixed filters, hides them, and lets the URL not override them", async () => {
    call.mockImplementation(adminsPage(120));
    const user = userEvent.setup();
    const store = renderPage('/admin?role=admin&search=ada', undefined, { role: 'staff' });
    await waitFor(() => expect(rowCount().textContent).toBe('120 matching'));
    expect(call.mock.calls[0]?.[1]).toEqual({ search: 'ada', role: 'staff', page: 1 });
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    await user.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(listAdmins, { role: 'staff', page: 1 }, expect.anything()));
    await user.keyboard('jx');
    await user.click(screen.getByTestId('select-all-matching'));
    await user.click(screen.getByRole('button', { name: 'Grant permissions to selected admins' }));
    expect(store.get(commandRequestAtom)?.fixed).toMatchObject({ matching: { role: 'staff' } });
  });

  it('names its buttons by what they do, decides part of the input, and says when no filter narrows "all"', async () => {
    call.mockImplementation(adminsPage(120));
    const user = userEvent.setup();
    const store = renderPage('/admin', undefined, undefined, [
      bulkAction({ command: grantPermissionsBulk, label: 'Grant audit access', fixed: { permissions: ['audit.view'] } }),
      bulkAction({ command: deleteAdmin, label: 'Not a bulk command the admin may run' }),
    ]);
    await waitFor(() => expect(rowCount().textContent).toBe('120 matching'));
    await user.keyboard('jx');
    await user.click(screen.getByTestId('select-all-matching'));
    expect(screen.queryByRole('button', { name: 'Not a bulk command the admin may run' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Grant audit access' }));
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: grantPermissionsBulk,
      fixed: { matching: {}, except: [], permissions: ['audit.view'] },
      subject: 'Grant audit access: every admin: all 120 admins, no filter',
    });
  });

  it("hands a bulk action's form parts to the form, and its output to the page once the list has let go of the selection", async () => {
    call.mockImplementation(adminsPage(3));
    const user = userEvent.setup();
    const parts = { labels: { permissions: 'Access' } };
    const done = vi.fn();
    const store = renderPage('/admin', undefined, undefined, [bulkAction({ command: grantPermissionsBulk, label: 'Grant access', parts, onDone: done })]);
    await waitFor(() => expect(rowCount().textContent).toBe('3 matching'));
    await user.keyboard('jx');
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    const request = store.get(commandRequestAtom);
    expect(request?.parts).toBe(parts);
    request?.onDone?.({ matched: 1, changed: 1, skipped: [] });
    expect(done).toHaveBeenCalledWith({ matched: 1, changed: 1, skipped: [] });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it("shows the page's summary of the record the list belongs to between the title and the filters", async () => {
    call.mockImplementation(adminsPage(1));
    renderWithSession(<ListPage command={listAdmins} title="All Admins" summary={<p data-testid="summary">Upload #12 is running</p>} />, {
      url: '/admin',
      permissions: ['admins.view'],
    });
    await waitFor(() => expect(rowCount().textContent).toBe('1 matching'));
    const summary = screen.getByTestId('summary');
    expect(screen.getByRole('heading', { name: 'All Admins' }).compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(screen.getByRole('combobox', { name: 'Role' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('hides bulk commands the admin may not run', async () => {
    call.mockImplementation(adminsPage(5));
    const user = userEvent.setup();
    renderPage('/admin', ['admins.view']);
    await waitFor(() => expect(rowCount().textContent).toBe('5 matching'));
    await user.keyboard('jx');
    expect(screen.getByTestId('bulk-bar').dataset.count).toBe('1');
    expect(screen.queryByRole('button', { name: 'Grant permissions to selected admins' })).toBeNull();
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    call.mockImplementation(adminsPage(0));
    renderPage('/admin?search=nobody');
    await screen.findByText('Nothing matches these filters.');
    expect(rowCount().textContent).toBe('0 matching');
  });

  it('shows a failure with Retry', async () => {
    call.mockRejectedValueOnce(new Error('The server is not answering.'));
    const user = userEvent.setup();
    renderPage('/admin');
    await screen.findByText('The server is not answering.');
    call.mockImplementation(adminsPage(2));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowCount().textContent).toBe('2 matching'));
  });

  it('shows the views the page offers as tabs, the one on screen current, each leading to its filters', async () => {
    call.mockImplementation(adminsPage(3));
    const user = userEvent.setup();
    const views = [
      { label: 'Everyone', search: '' },
      { label: 'Staff', search: '?role=staff', count: 12 },
    ];
    renderWithSession(
      <>
        <ListPage command={listAdmins} title="All Admins" views={views} />
        <Search />
      </>,
      { url: '/admin?search=ada&role=staff', permissions: ['admins.view'] },
    );
    await waitFor(() => expect(rowCount().textContent).toBe('3 matching'));
    // A search typed over a view leaves no tab current.
    expect(screen.getByRole('navigation', { name: 'Views' }).querySelector('[aria-current]')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Staff 12' }));
    expect(location()).toBe('?role=staff');
    expect(screen.getByRole('link', { name: 'Staff 12' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'Everyone' }));
    expect(location()).toBe('');
    expect(screen.getByRole('link', { name: 'Everyone' }).getAttribute('aria-current')).toBe('page');
  });
});
