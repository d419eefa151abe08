// @vitest-environment happy-dom
import { BACKGROUND_EXPORT_ROWS, createExport, listAdmins } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { exportsStartedAtom } from '../downloads/exportsStartedAtom';
import { Toasts } from '../ui/Toasts';
import { ListPage } from './ListPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

/** The first page of admins, claiming `total` rows in all. */
const adminsOf = (total: number) => (command: { id: string }, input: { page?: number }) => {
  if (command.id === createExport.id) return Promise.resolve({ id: 31, status: 'QUEUED' });
  const items = Array.from({ length: Math.min(3, total) }, (_, i) => ({
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
  return Promise.resolve({ items, page: input.page ?? 1, pageSize: 100, total, hasMore: false });
};

stubViewportSize();
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

function renderAdmins(total: number, url = '/admin?role=staff&search=ada') {
  call.mockImplementation(adminsOf(total));
  return renderWithSession(
    <>
      <ListPage command={listAdmins} title="All Admins" />
      <Toasts />
    </>,
    { url, permissions: ['admins.view'] },
  );
}

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="export-background"], [data-testid="download-csv"]')];

describe('CSV of a list: in the browser or in the background', () => {
  it('offers "Export in background" first, as the default, above the threshold, and starts it with the list’s filters', async () => {
    const user = userEvent.setup();
    const { store } = renderAdmins(BACKGROUND_EXPORT_ROWS + 1);
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('100,001 matching'));
    expect(buttons().map((button) => [button.dataset.testid, button.dataset.variant, button.textContent])).toEqual([
      ['export-background', 'primary', 'Export in background'],
      ['download-csv', 'secondary', 'Download CSV now'],
    ]);

    await user.click(screen.getByTestId('export-background'));
    await waitFor(() => expect(call).toHaveBeenCalledWith(createExport, { list: 'admins.list', filters: { role: 'staff', search: 'ada' } }, expect.anything()));
    // The same filters the CSV download sends, without its paging.
    const sent = call.mock.calls.find(([command]) => command === createExport);
    expect(sent?.[2]).toEqual({ idempotencyKey: expect.stringMatching(/^console-/) });
    await waitFor(() => expect(document.querySelector('[data-toast]')?.textContent).toContain('Export started — it will be in Downloads'));
    expect(screen.getByRole('link', { name: 'Downloads' }).getAttribute('href')).toBe('/downloads');
    expect([...store.get(exportsStartedAtom)]).toEqual([31]);
  });

  it('keeps the browser download first below the threshold, with the background export still a choice', async () => {
    renderAdmins(BACKGROUND_EXPORT_ROWS);
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('100,000 matching'));
    expect(buttons().map((button) => [button.dataset.testid, button.dataset.variant, button.textContent])).toEqual([
      ['download-csv', 'secondary', 'Download CSV'],
      ['export-background', 'ghost', 'Export in background'],
    ]);
  });

  it('says why when the export does not start', async () => {
    const user = userEvent.setup();
    renderAdmins(BACKGROUND_EXPORT_ROWS + 5);
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('100,005 matching'));
    call.mockImplementation(() => Promise.reject(new Error('The server is busy')));
    await user.click(screen.getByTestId('export-background'));
    expect((await screen.findByTestId('background-export-error')).textContent).toBe('The export did not start: The server is busy');
  });
});
