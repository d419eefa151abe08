// @vitest-environment happy-dom
import { createExportSchedule, type ExportScheduleRow, exportScheduleRow, listExportSchedules } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import SchedulesPage from './SchedulesPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const nightly: ExportScheduleRow = {
  id: 3,
  name: 'Nightly admins',
  commandId: 'admins.list',
  title: 'admins',
  filters: {},
  filterWords: 'No filters',
  dateRange: 'NONE',
  time: '01:30',
  recipients: ['ops@traction.ng'],
  active: true,
  nextRunAt: '2026-11-29T00:30:00.000Z',
  lastRunAt: null,
  lastRunStatus: null,
  createdByName: 'Ada Obi',
  createdAt: '2026-11-28T09:00:00.000Z',
};

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }, input: Record<string, unknown>) => {
    if (command.id === listExportSchedules.id) return Promise.resolve({ items: [nightly], page: 1, pageSize: 100, total: 1, hasMore: false });
    if (command.id === createExportSchedule.id) return Promise.resolve({ ...nightly, id: 4, ...input });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
});
afterEach(cleanup);

function renderSchedules(permissions: string[]) {
  return renderWithSession(
    <>
      <SchedulesPage />
      <CommandDialogHost />
    </>,
    { url: '/schedules-management', permissions },
  );
}

describe('SchedulesPage', () => {
  it('is given real rows of schedules.list', () => {
    expect(exportScheduleRow.safeParse(nightly).success).toBe(true);
  });

  it('n opens the form; the list is picked among those the admin may read, and a valid schedule is sent', async () => {
    const user = userEvent.setup();
    renderSchedules(['schedules.view', 'schedules.manage', 'admins.view']);
    await screen.findByText('Nightly admins');
    await user.keyboard('n');
    const dialog = await screen.findByRole('dialog', { name: 'Create a scheduled export' });
    const form = within(dialog);

    const list = form.getByRole<HTMLSelectElement>('combobox', { name: /^List/ });
    const offered = [...list.options].map((option) => option.value);
    expect(offered).toContain('admins.list');
    // Lists the admin may not read are not offered; neither are Downloads or the schedules themselves.
    expect(offered).not.toContain('payments.list');
    expect(offered).not.toContain('exports.list');
    expect(offered).not.toContain('schedules.list');

    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Nightly admins');
    await user.selectOptions(list, 'admins.list');
    expect(form.getByText(/This list has no dates/)).toBeTruthy();
    await user.selectOptions(form.getByRole('combobox', { name: /^Date range/ }), 'NONE');
    await user.type(form.getByRole('textbox', { name: /^Time/ }), '01:30');
    await user.type(form.getByRole('textbox', { name: /^Recipients/ }), 'ops@traction.ng, risk@traction.ng');
    await user.click(form.getByRole('button', { name: /Create a scheduled export/ }));

    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        createExportSchedule,
        { name: 'Nightly admins', list: 'admins.list', dateRange: 'NONE', time: '01:30', recipients: ['ops@traction.ng', 'risk@traction.ng'], active: true },
        expect.anything(),
      ),
    );
    const sent = call.mock.calls.find(([command]) => command === createExportSchedule)?.[1];
    expect(createExportSchedule.input.safeParse(sent).success).toBe(true);
  });

  it('offers no New schedule to admins without "schedules.manage"', async () => {
    renderSchedules(['schedules.view', 'admins.view']);
    await screen.findByText('Nightly admins');
    expect(document.querySelector('[data-action="new-schedule"]')).toBeNull();
    await userEvent.setup().keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
