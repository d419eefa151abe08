// @vitest-environment happy-dom
import { deleteExport, downloadExport, type ExportFileRow, listExports } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import DownloadsPage from './DownloadsPage';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) },
}));

const file = (id: number, status: ExportFileRow['status'], rowsDone: number): ExportFileRow => ({
  id,
  commandId: 'sales.list',
  title: 'sales',
  filters: {},
  filterWords: 'No filters',
  fileName: `sales-${id}.csv`,
  status,
  rowsTotal: 1_000,
  rowsDone,
  bytes: 0,
  error: null,
  requestedBy: 1,
  requestedByName: 'Ada Obi',
  scheduleId: null,
  scheduleName: null,
  jobId: id,
  createdAt: '2026-11-28T09:00:00.000Z',
  startedAt: null,
  frozenAt: null,
  finishedAt: null,
  expiresAt: '2026-12-05T09:00:00.000Z',
});

let files: ExportFileRow[] = [];
stubViewportSize();
beforeEach(() => {
  call.mockReset();
  download.mockReset();
  call.mockImplementation((command: { id: string }) => {
    if (command.id === listExports.id) return Promise.resolve({ items: files, page: 1, pageSize: 100, total: files.length, hasMore: false });
    if (command.id === deleteExport.id) return Promise.resolve({ ok: true, message: 'deleted' });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
});
afterEach(cleanup);

const renderDownloads = (permissions: string[] = [], url = '/downloads') =>
  renderWithSession(
    <>
      <DownloadsPage />
      <CommandDialogHost />
    </>,
    { url, permissions },
  );

describe('DownloadsPage', () => {
  it('shows progress, and asks again while a file is being written until it is ready', async () => {
    files = [file(2, 'RUNNING', 250)];
    renderDownloads();
    const bar = await screen.findByRole('progressbar', { name: 'Export 2: Writing' });
    expect(bar.getAttribute('aria-valuetext')).toBe('250 of 1,000');
    expect(call).toHaveBeenCalledWith(listExports, { mine: true, page: 1 }, expect.anything());
    files = [file(2, 'READY', 1_000)];
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Export 2: Ready' })).toBeTruthy(), { timeout: 5_000 });
    const asked = call.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(call.mock.calls.length).toBe(asked);
  });

  it('offers Mine / Everyone’s only with "downloads.view-all"', async () => {
    files = [file(2, 'READY', 1_000)];
    renderDownloads(['downloads.view-all'], '/downloads?mine=false');
    const views = await screen.findByTestId('list-views');
    expect(within(views).getByRole('link', { name: 'Everyone’s' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(call).toHaveBeenCalledWith(listExports, { mine: false, page: 1 }, expect.anything()));
    cleanup();
    renderDownloads();
    await screen.findByRole('progressbar', { name: 'Export 2: Ready' });
    expect(screen.queryByTestId('list-views')).toBeNull();
  });

  it('Enter downloads a ready file; Delete asks to confirm, then deletes it', async () => {
    files = [file(7, 'READY', 1_000)];
    download.mockResolvedValue(new Response('id\n1\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sales.csv"' } }));
    const user = userEvent.setup();
    renderDownloads();
    await screen.findByRole('progressbar', { name: 'Export 7: Ready' });
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(download).toHaveBeenCalledWith(downloadExport, { id: 7 }, expect.anything()));

    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete an export file' });
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Delete export #7' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(deleteExport, { id: 7 }, expect.anything()));
  });
});
