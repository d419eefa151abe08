// @vitest-environment happy-dom
import { listAdmins } from '@traction/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import type { ReviewQueue } from './ReviewQueue';
import { useReviewArrival } from './useReviewArrival';
import { useReviewQueue } from './useReviewQueue';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

/** What the server holds: the ids each queue lists, in order, 100 a page. */
let server: { staff: number[]; all: number[] };
beforeEach(() => {
  server = { staff: [5, 7, 9, 11], all: [1, 2, 3] };
  call.mockReset();
  call.mockImplementation((_command: unknown, input: { role?: string; page: number }) => {
    const ids = input.role === 'staff' ? server.staff : server.all;
    const items = ids.slice((input.page - 1) * 100, input.page * 100).map((id) => ({ id }));
    return Promise.resolve({ items, page: input.page, pageSize: 100, total: ids.length, hasMore: input.page * 100 < ids.length });
  });
});
afterEach(cleanup);

const queue = (filters: Record<string, unknown>, listPath: string, title: string): ReviewQueue => ({
  command: listAdmins,
  filters,
  listPath,
  title,
  recordPath: (id) => `/records/${id}`,
});
const STAFF = queue({ role: 'staff' }, '/list?role=staff', 'Staff');
const ALL = queue({}, '/list', 'Everyone');
const lists = () => call.mock.calls.map(([, input]) => input as Record<string, unknown>);

function Record() {
  const id = Number(useParams().id);
  const { queue: walked, previous, next, position, go, advance } = useReviewQueue(id, { from: STAFF, own: ALL });
  return (
    <div>
      <h1>Record {id}</h1>
      <p data-testid="walk">{`${walked?.title ?? 'none'} · ${previous ?? '-'} < ${id} > ${next ?? '-'} · ${position ? `${position.at} of ${position.total}` : '?'}`}</p>
      <p data-testid="notice">{useReviewArrival(true)}</p>
      <div data-focus-home>
        <button type="button" onClick={() => void advance(`Record ${id} decided.`)}>
          Decide
        </button>
      </div>
      <button type="button" onClick={() => next !== undefined && go(next)}>
        Next
      </button>
    </div>
  );
}

function List() {
  const { pathname, search } = useLocation();
  return <p data-testid="list">{`${pathname}${search} · ${useReviewArrival(true) ?? ''}`}</p>;
}

/** Renders record `id`; `listed` puts the staff list page's rows in the cache, as if the reviewer came from it. */
function renderRecord(id: number, listed?: number[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (listed) {
    queryClient.setQueryData([listAdmins.id, { role: 'staff' }, 'infinite'], {
      pages: [{ items: listed.map((row) => ({ id: row })), page: 1, pageSize: 100, total: listed.length, hasMore: false }],
      pageParams: [1],
    });
  }
  renderWithSession(<Record />, { url: `/records/${id}`, path: '/records/:id', routes: { '/list': <List /> }, queryClient });
  return queryClient;
}
const walk = () => screen.getByTestId('walk').textContent;

describe('useReviewQueue', () => {
  it('walks the list the reviewer came from when its rows hold the record', async () => {
    const user = userEvent.setup();
    renderRecord(7, [5, 7, 9, 11]);
    await waitFor(() => expect(walk()).toBe('Staff · 5 < 7 > 9 · 2 of 4'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Record 9' });
    expect(walk()).toBe('Staff · 7 < 9 > 11 · 3 of 4');
    expect(lists().every((input) => input.role === 'staff')).toBe(true);
  });

  it("otherwise walks the record's own queue (opened by a link), reading it from the server", async () => {
    renderRecord(2, [5, 7, 9, 11]);
    await waitFor(() => expect(walk()).toBe('Everyone · 1 < 2 > 3 · 2 of 3'));
    expect(lists()).toEqual([{ page: 1 }]);
  });

  it('reads on, a page at a time, until the record and the one after it are in', async () => {
    server.all = Array.from({ length: 250 }, (_, i) => i + 1);
    renderRecord(200);
    // 200 is the last of page 2: the one after it is on page 3, and nothing further is read.
    await waitFor(() => expect(walk()).toBe('Everyone · 199 < 200 > 201 · 200 of 250'));
    expect(lists()).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }]);
  });

  it('after a decision opens the next record, saying what was done, with focus on its decision; a record passed on the way stays behind', async () => {
    const user = userEvent.setup();
    const queryClient = renderRecord(7, [5, 7, 9, 11]);
    await waitFor(() => expect(walk()).toContain('2 of 4'));
    // Decided: the list, reloaded as after any command, no longer holds it.
    server.staff = [5, 9, 11];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(walk()).toBe('Staff · 5 < 7 > 9 · ?'));
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    await screen.findByRole('heading', { name: 'Record 9' });
    expect(screen.getByTestId('notice').textContent).toBe('Record 7 decided.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decide' })));
    expect(walk()).toBe('Staff · 5 < 9 > 11 · 2 of 3');
  });

  it('after the last record goes back to the list, saying so there', async () => {
    const user = userEvent.setup();
    renderRecord(11, [5, 7, 9, 11]);
    await waitFor(() => expect(walk()).toContain('4 of 4'));
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect((await screen.findByTestId('list')).textContent).toBe('/list?role=staff · Record 11 decided. That was the last record in Staff.');
  });
});
