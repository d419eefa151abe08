// @vitest-environment happy-dom
import { downloadExport, type ExportFileRow, exportFileRow, listExports } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { Toasts } from '../ui/Toasts';
import { ExportReadyEffect } from './ExportReadyEffect';
import { EXPORTS_AWAITED_KEY, exportsStartedAtom } from './exportsStartedAtom';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) },
}));

const sales: ExportFileRow = {
  id: 12,
  commandId: 'sales.list',
  title: 'sales',
  filters: {},
  filterWords: 'No filters',
  fileName: 'sales-2026-11-28.csv',
  status: 'RUNNING',
  rowsTotal: 1_000_000,
  rowsDone: 250_000,
  bytes: 0,
  error: null,
  requestedBy: 1,
  requestedByName: 'Ada Obi',
  scheduleId: null,
  scheduleName: null,
  jobId: 4,
  createdAt: '2026-11-28T09:00:00.000Z',
  startedAt: '2026-11-28T09:00:01.000Z',
  frozenAt: '2026-11-28T09:00:01.000Z',
  finishedAt: null,
  expiresAt: '2026-12-05T09:00:00.000Z',
};

/** Answers exports.list with these files, one answer after another (the last one repeats). */
function answering(...pages: ExportFileRow[][]) {
  let asked = 0;
  call.mockImplementation((command: { id: string }) => {
    if (command.id !== listExports.id) return Promise.reject(new Error(`unexpected ${command.id}`));
    const items = pages[Math.min(asked++, pages.length - 1)] ?? [];
    return Promise.resolve({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
  });
}

function renderWatcher(store = createStore()) {
  return renderWithSession(
    <>
      <ExportReadyEffect pendingPollMs={20} idlePollMs={20} />
      <Toasts />
    </>,
    { store },
  );
}

const toastTexts = () => [...document.querySelectorAll('[data-toast]')].map((toast) => toast.textContent);

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  localStorage.clear();
});
afterEach(cleanup);

describe('ExportReadyEffect', () => {
  it('is given real rows of exports.list', () => {
    expect(exportFileRow.safeParse(sales).success).toBe(true);
  });

  it('toasts an export of mine that turns READY, with Download and a link to Downloads', async () => {
    answering([sales], [{ ...sales, status: 'READY', rowsDone: 1_000_000, finishedAt: '2026-11-28T09:05:00.000Z' }]);
    renderWatcher();
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Sales export ready — 1,000,000 rows');
    expect(call).toHaveBeenCalledWith(listExports, { mine: true }, expect.anything());
    expect(screen.getByRole('link', { name: 'Downloads' }).getAttribute('href')).toBe('/downloads');

    download.mockResolvedValue(new Response('id\n1\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sales.csv"' } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(downloadExport, { id: 12 }, expect.anything()));
    expect(toastTexts()).toEqual([]);
  });

  it('says why an export failed', async () => {
    answering([sales], [{ ...sales, status: 'FAILED', error: 'The list refused the filters' }]);
    renderWatcher();
    expect((await screen.findByRole('alert')).textContent).toContain('Sales export failed: The list refused the filters');
  });

  it('leaves alone files first seen finished, and schedules’ nightly files, but toasts one this tab started even if already READY', async () => {
    const old = { ...sales, id: 3, status: 'READY' as const };
    const nightly = { ...sales, id: 5, scheduleId: 2, scheduleName: 'Nightly sales' };
    const quick = { ...sales, id: 20, title: 'admins', status: 'READY' as const, rowsTotal: 3, rowsDone: 3 };
    answering([old, nightly], [old, { ...nightly, status: 'READY' }], [quick, old, { ...nightly, status: 'READY' }]);
    const store = createStore();
    renderWatcher(store);
    await waitFor(() => expect(call.mock.calls.length).toBeGreaterThanOrEqual(2));
    store.set(exportsStartedAtom, new Set([20]));
    await waitFor(() => expect(toastTexts()).toEqual([expect.stringContaining('Admins export ready — 3 rows')]));
  });

  it('after a reload, toasts a file this browser started that finished meanwhile, once, and stops awaiting it', async () => {
    localStorage.setItem(EXPORTS_AWAITED_KEY, JSON.stringify([21]));
    const done = { ...sales, id: 21, status: 'READY' as const, rowsDone: 1_000_000 };
    answering([done]);
    const store = createStore();
    renderWatcher(store);
    await waitFor(() => expect(toastTexts()).toEqual([expect.stringContaining('ready — 1,000,000 rows')]));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(EXPORTS_AWAITED_KEY) ?? 'null')).toEqual([]));
    await waitFor(() => expect(call.mock.calls.length).toBeGreaterThanOrEqual(4));
    expect(toastTexts()).toHaveLength(1);
  });
});
