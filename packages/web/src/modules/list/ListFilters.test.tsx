// @vitest-environment happy-dom
import { lagosDate, listAdmins, listAuditLog } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';
import { ListPage } from './ListPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const rows = (total: number) => (command: unknown, input?: { page?: number }) =>
  Promise.resolve({
    items: Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      email: `admin${i + 1}@traction.ng`,
      firstName: 'Ada',
      lastName: `No. ${i + 1}`,
      role: 'staff',
      departments: [],
      status: 'active',
      createdAt: '2026-11-01T09:00:00.000Z',
      lastLoginAt: null,
    })),
    page: input?.page ?? 1,
    pageSize: 100,
    total,
    hasMore: false,
    ...(command === listAdmins ? {} : { items: [] }),
  });

function Search() {
  return <output data-testid="location">{useLocation().search}</output>;
}
const location = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
const lastInput = () => call.mock.calls.at(-1)?.[1] as Record<string, unknown>;

stubViewportSize();
beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('date filters', () => {
  const renderAuditLog = (url = '/audit-log') =>
    renderWithSession(
      <>
        <ListPage command={listAuditLog} title="Audit Log" />
        <Search />
      </>,
      { url, permissions: ['audit.view'] },
    );

  it('take 01/10/2026 typed into From key by key, and send the start of that day', async () => {
    call.mockResolvedValue({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
    const user = userEvent.setup();
    renderAuditLog();
    const from = screen.getByRole<HTMLInputElement>('textbox', { name: 'From' });
    await user.click(from);
    let typed = '';
    for (const key of '01/10/2026') {
      await user.keyboard(key);
      typed += key;
      // Nothing is read, and nothing cleared, until the date is whole and the field is left.
      expect(from.value).toBe(typed);
      expect(location().has('startdatetime')).toBe(false);
    }
    expect(screen.getByText('Thu 1 Oct 2026')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().get('startdatetime')).toBe('2026-10-01'));
    await waitFor(() => expect(lastInput()).toMatchObject({ startdatetime: '2026-10-01T00:00:00.000' }));
    expect(from.value).toBe('01/10/2026');
  });

  it('read words against the Lagos calendar and end a To day at its last millisecond', async () => {
    call.mockResolvedValue({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
    const user = userEvent.setup();
    renderAuditLog();
    const to = screen.getByRole<HTMLInputElement>('textbox', { name: 'To' });
    await user.click(to);
    await user.keyboard('today');
    await user.tab();
    const today = lagosDate(new Date());
    await waitFor(() => expect(location().get('enddatetime')).toBe(today));
    await waitFor(() => expect(lastInput()).toMatchObject({ enddatetime: `${today}T23:59:59.999` }));
    expect(to.value).toBe(today.split('-').reverse().join('/'));
    expect(screen.getByText(/, today$/)).toBeTruthy();
  });

  it('show the day a link names, and say what to type when the text is no date, leaving the URL alone', async () => {
    call.mockResolvedValue({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
    const user = userEvent.setup();
    renderAuditLog('/audit-log?startdatetime=2026-11-21');
    const from = screen.getByRole<HTMLInputElement>('textbox', { name: 'From' });
    expect(from.value).toBe('21/11/2026');
    expect(screen.getByText('Sat 21 Nov 2026')).toBeTruthy();
    await user.clear(from);
    await user.keyboard('31/02/2026{Enter}');
    expect(screen.getByText('31/02/2026 is not a real date')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(location().get('startdatetime')).toBe('2026-11-21');
    // Esc gives up the edit and shows the day in force again.
    await user.keyboard('{Escape}');
    expect(from.value).toBe('21/11/2026');
    await user.clear(from);
    await user.tab();
    await waitFor(() => expect(location().has('startdatetime')).toBe(false));
  });
});

describe('filter dropdowns', () => {
  it('are left with Esc, so j moves through the rows instead of changing the filter', async () => {
    call.mockImplementation(rows(3));
    const user = userEvent.setup();
    renderWithSession(
      <>
        <ListPage command={listAdmins} title="All Admins" />
        <Search />
      </>,
      { url: '/admin?role=staff', permissions: ['admins.view'] },
    );
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).toBeTruthy());
    const role = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    role.focus();
    await user.keyboard('j');
    expect(document.querySelector('[data-active="true"]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(document.activeElement).not.toBe(role);
    await user.keyboard('j');
    expect(document.querySelector<HTMLElement>('[data-active="true"]')?.dataset.rowIndex).toBe('0');
    expect(role.value).toBe('staff');
    expect(location().get('role')).toBe('staff');
  });
});

describe('filters on a phone', () => {
  const setViewport = (width: number, height: number) =>
    (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height });
  afterEach(() => setViewport(1024, 768));

  it('keep the search in view and fold the others into a Filters disclosure that counts those set', async () => {
    setViewport(375, 812);
    call.mockImplementation(rows(3));
    const user = userEvent.setup();
    renderWithSession(
      <>
        <ListPage command={listAdmins} title="All Admins" />
        <Search />
      </>,
      { url: '/admin?role=staff', permissions: ['admins.view'] },
    );
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).toBeTruthy());
    const disclosure = screen.getByTestId<HTMLDetailsElement>('filters-disclosure');
    expect(disclosure.open).toBe(false);
    expect(disclosure.querySelector('summary')?.textContent).toBe('Filters (1 set)');
    const role = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role', hidden: true });
    expect(disclosure.contains(role)).toBe(true);
    const search = screen.getByRole('searchbox');
    expect(disclosure.contains(search)).toBe(false);

    await user.click(disclosure.querySelector('summary')!);
    expect(disclosure.open).toBe(true);
    await user.selectOptions(role, '');
    await waitFor(() => expect(location().get('role')).toBeNull());
    expect(disclosure.querySelector('summary')?.textContent).toBe('Filters');
  });

  it('stay in one row on a wide screen, with no disclosure', async () => {
    call.mockImplementation(rows(3));
    renderWithSession(<ListPage command={listAdmins} title="All Admins" />, { url: '/admin', permissions: ['admins.view'] });
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).toBeTruthy());
    expect(screen.queryByTestId('filters-disclosure')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy();
  });
});
