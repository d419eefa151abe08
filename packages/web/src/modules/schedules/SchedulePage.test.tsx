// @vitest-environment happy-dom
import { getExportSchedule, runExportScheduleNow, updateExportSchedule, type ExportScheduleRow, type ScheduleRunRow } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { exportsStartedAtom } from '../downloads/exportsStartedAtom';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { Toasts } from '../ui/Toasts';
import SchedulePage from './SchedulePage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const schedule: ExportScheduleRow = {
  id: 3,
  name: 'Nightly admins',
  commandId: 'admins.list',
  title: 'admins',
  filters: { role: 'staff' },
  filterWords: 'Role: Staff',
  dateRange: 'NONE',
  time: '01:30',
  recipients: ['ops@traction.ng'],
  active: true,
  nextRunAt: '2026-11-29T00:30:00.000Z',
  lastRunAt: '2026-11-28T00:30:00.000Z',
  lastRunStatus: 'SENT',
  createdByName: 'Ada Obi',
  createdAt: '2026-11-20T09:00:00.000Z',
};
const run: ScheduleRunRow = {
  id: 9,
  scheduleId: 3,
  runDay: '2026-11-28',
  status: 'SENT',
  manual: false,
  attempts: 1,
  error: null,
  exportId: 40,
  rows: 12,
  startedAt: '2026-11-28T00:30:00.000Z',
  finishedAt: '2026-11-28T00:30:05.000Z',
};

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }, input: Record<string, unknown>) => {
    if (command.id === getExportSchedule.id) return Promise.resolve({ ...schedule, runs: [run] });
    if (command.id === updateExportSchedule.id) return Promise.resolve({ ...schedule, ...input });
    if (command.id === runExportScheduleNow.id) return Promise.resolve({ run: { ...run, id: 10, manual: true, status: 'RUNNING' }, export: { id: 41 } });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
});
afterEach(cleanup);

const renderSchedule = (permissions: string[]) =>
  renderWithSession(
    <>
      <SchedulePage />
      <CommandDialogHost />
      <Toasts />
    </>,
    { url: '/schedules-management/3', path: '/schedules-management/:id', permissions },
  );

describe('SchedulePage', () => {
  it('shows the settings and latest runs; r runs it now, p pauses it, e edits it', async () => {
    const user = userEvent.setup();
    const { store } = renderSchedule(['schedules.view', 'schedules.manage']);
    await screen.findByRole('heading', { name: 'Nightly admins' });
    expect(screen.getByTestId('schedule-facts').textContent).toContain('Role: Staff');
    expect(screen.getByTestId('schedule-runs').textContent).toContain('2026-11-28');

    await user.keyboard('r');
    await waitFor(() => expect(call).toHaveBeenCalledWith(runExportScheduleNow, { id: 3 }));
    await waitFor(() => expect(document.querySelector('[data-toast]')?.textContent).toContain('export #41 will be in Downloads'));
    expect([...store.get(exportsStartedAtom)]).toEqual([41]);

    await user.keyboard('p');
    await waitFor(() => expect(call).toHaveBeenCalledWith(updateExportSchedule, { id: 3, active: false }));

    await user.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Change a scheduled export' });
    const time = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Time/ });
    expect(time.value).toBe('01:30');
    await user.clear(time);
    await user.type(time, '02:00');
    await user.click(within(dialog).getByRole('button', { name: /Change/ }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        updateExportSchedule,
        { id: 3, name: 'Nightly admins', dateRange: 'NONE', time: '02:00', recipients: ['ops@traction.ng'], active: true },
        expect.anything(),
      ),
    );
  });

  it('shows no actions to admins without "schedules.manage"', async () => {
    renderSchedule(['schedules.view']);
    await screen.findByRole('heading', { name: 'Nightly admins' });
    expect(document.querySelector('[data-action]')).toBeNull();
    await userEvent.setup().keyboard('r');
    expect(call.mock.calls.some(([command]) => command === runExportScheduleNow)).toBe(false);
  });
});
