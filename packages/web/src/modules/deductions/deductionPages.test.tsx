// @vitest-environment happy-dom
import {
  bulkDeductions,
  type DeductionRunRow,
  type DeductionSettingRow,
  deductionRunRow,
  deductionSettingRow,
  deleteDeductionSetting,
  getDeductionRun,
  getDeductionSetting,
  getJob,
  listDeductionItems,
  listDeductionRuns,
  listDeductionSettings,
  runDeductions,
  saveDeductionUpload,
  toggleDeductionSettings,
  updateDeductionSetting,
  validateDeductionUpload,
} from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import DeductionRunPage from './DeductionRunPage';
import DeductionRunsPage from './DeductionRunsPage';
import DeductionSettingsPage from './DeductionSettingsPage';
import DeductionUploadPage from './DeductionUploadPage';

const call = vi.fn();
const upload = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) }, reportClientFailure: vi.fn() }));
vi.mock('../commands/callWithUploadProgress', () => ({ callWithUploadProgress: (...args: unknown[]) => upload(...args) }));

const runFixture = (overrides: Partial<DeductionRunRow> = {}): DeductionRunRow =>
  deductionRunRow.parse({
    id: 7,
    scope: 'INIT',
    asOf: '2026-11-21',
    status: 'DONE',
    instalments: 3,
    taken: 1,
    partlyTaken: 1,
    notTaken: 1,
    amountTaken: 2_500_000,
    amountShort: 2_003_332,
    jobId: 3,
    startedBy: 'Ada Obi',
    createdAt: '2026-11-21T06:00:00.000Z',
    finishedAt: '2026-11-21T06:01:00.000Z',
    failure: null,
    ...overrides,
  });

const settingFixture = (overrides: Partial<DeductionSettingRow> = {}): DeductionSettingRow =>
  deductionSettingRow.parse({
    id: 3,
    loanId: 42,
    loanReference: 'LN-000042',
    loanStatus: 'REPAYING',
    businessId: 7,
    businessName: 'Mama Put Kitchen',
    status: 'ACTIVE',
    capPerRun: null,
    allowPartial: true,
    outstanding: 49_046_668,
    arrears: 1_751_666,
    lastRunAt: '2026-11-21T06:01:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });

const plan = {
  asOf: '2026-11-21',
  instalments: 2,
  willTake: 1,
  amountDue: 3_503_332,
  amountTaken: 1_751_666,
  items: [
    {
      loanId: 42,
      loanReference: 'LN-000042',
      businessId: 7,
      businessName: 'Mama Put Kitchen',
      instalment: 3,
      dueDate: '2026-11-04',
      due: 1_751_666,
      taken: 1_751_666,
      state: 'TAKEN',
      reason: null,
    },
    {
      loanId: 43,
      loanReference: 'LN-000043',
      businessId: 8,
      businessName: 'Bukka Hut',
      instalment: 1,
      dueDate: '2026-11-21',
      due: 1_751_666,
      taken: 0,
      state: 'NOT_TAKEN',
      reason: 'The wallet holds ₦0.00 and partial deductions are off',
    },
  ],
};

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
let run = runFixture();
let setting = settingFixture();
stubViewportSize();
beforeEach(() => {
  run = runFixture();
  setting = settingFixture();
  call.mockReset();
  upload.mockReset();
  call.mockImplementation((command, input: Record<string, unknown>) => {
    if (command === listDeductionRuns) return Promise.resolve(page([run]));
    if (command === getDeductionRun) return Promise.resolve(run);
    if (command === listDeductionItems) return Promise.resolve(page([]));
    if (command === listDeductionSettings) return Promise.resolve(page([setting]));
    if (command === getDeductionSetting) return Promise.resolve(setting);
    if (command === updateDeductionSetting) return Promise.resolve({ ...setting, ...input });
    if (command === runDeductions || command === bulkDeductions) {
      return Promise.resolve(
        input.dryRun
          ? { run: null, plan, message: 'A dry run: 1 of 2 instalments due by 21 Nov 2026 would be taken, ₦17,516.66 in all. Nothing was taken.' }
          : { run: runFixture({ id: 8, status: 'QUEUED' }), plan: null, message: 'Deduction run #8 started.' },
      );
    }
    if (command === getJob) {
      return Promise.resolve({
        id: 3,
        kind: 'deductions.run',
        subject: 'Deduction run #7',
        status: 'running',
        finished: false,
        progress: { done: 40, total: 100, counts: { taken: 30, notTaken: 10 }, amount: 52_549_980, message: null },
        attempts: 1,
        lastError: null,
        result: null,
        runAt: null,
        createdAt: '2026-11-21T06:00:00.000Z',
        startedAt: '2026-11-21T06:00:01.000Z',
        finishedAt: null,
        updatedAt: '2026-11-21T06:00:30.000Z',
        createdById: 1,
        createdByName: 'Ada Obi',
      });
    }
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

const RUNNER = ['deductions.view', 'deductions.manage', 'deductions.run', 'loans.view', 'jobs.view'];

describe('Deduction Management Portal', () => {
  it('shows the dry run, every instalment and the total, before it starts a run, then opens the run', async () => {
    const user = userEvent.setup();
    renderWithSession(
      <>
        <DeductionRunsPage />
        <CommandDialogHost />
      </>,
      { url: '/auto-deduction', path: '/auto-deduction', routes: { '/auto-deduction/:id': <Where /> }, permissions: RUNNER },
    );
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(1));
    expect(screen.getByRole('link', { name: /^Settings/ }).getAttribute('href')).toBe('/auto-deduction-settings');
    expect(screen.getByRole('link', { name: /^Upload file/ }).getAttribute('href')).toBe('/auto-deduction-upload');

    await user.keyboard('r');
    const dialog = await screen.findByTestId('command-dialog');
    expect(dialog.getAttribute('data-command')).toBe('deductions.run');
    expect(within(dialog).getByLabelText(/^Due by/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Dry run/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /…$/ }));

    expect(await within(dialog).findByTestId('deduction-plan')).toBeTruthy();
    const dryRun = call.mock.calls.find(([command, input]) => command === runDeductions && input.dryRun === true)!;
    expect(dryRun[1]).toEqual({ dryRun: true });
    expect(dryRun[2]).toMatchObject({ idempotencyKey: expect.stringMatching(/^console-/) });
    expect(dialog.querySelector('[data-figure="amount-taken"]')?.textContent).toBe('Would take in all₦17,516.66');
    expect(dialog.querySelector('[data-figure="short"]')?.textContent).toBe('Short₦17,516.66');
    expect(
      [...dialog.querySelectorAll('[data-plan-loan]')].map((row) => `${row.getAttribute('data-plan-loan')} ${row.getAttribute('data-plan-state')}`),
    ).toEqual(['LN-000042 TAKEN', 'LN-000043 NOT_TAKEN']);
    expect(call.mock.calls.some(([command, input]) => command === runDeductions && !input.dryRun)).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: /^Run deductions$/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/auto-deduction/8 Deduction run #8 started.'));
    const started = call.mock.calls.find(([command, input]) => command === runDeductions && !input.dryRun)!;
    expect(started[1]).toEqual({});
    expect(started[2]).toMatchObject({ idempotencyKey: expect.stringMatching(/^console-/) });
    expect(screen.queryByTestId('command-dialog')).toBeNull();
  });

  it('offers nothing to run or upload to an admin who may only look', async () => {
    renderWithSession(<DeductionRunsPage />, { url: '/auto-deduction', path: '/auto-deduction', permissions: ['deductions.view'] });
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(1));
    expect(screen.queryByRole('button', { name: /^Run deductions/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Upload file/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deduction report (CSV)' })).toBeTruthy();
  });
});

describe('a deduction run', () => {
  it('follows a running run with its job, and lists its instalments with the failures a tab of their own', async () => {
    run = runFixture({ status: 'RUNNING', finishedAt: null, instalments: 40, taken: 30, partlyTaken: 0, notTaken: 10 });
    renderWithSession(<DeductionRunPage />, { url: '/auto-deduction/7', path: '/auto-deduction/:id', permissions: RUNNER });
    expect(await screen.findByRole('heading', { name: 'Deduction run #7' })).toBeTruthy();
    expect(screen.getByTestId('run-status-words').textContent).toContain('40 reached so far, ₦25,000.00 taken.');
    expect(document.querySelector('[data-watching]')?.textContent).toBe('Refreshing every 2 s');
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(document.querySelector('[data-count="notTaken"]')?.textContent).toBe('Not taken10');
    expect(screen.getByRole('link', { name: /^Not taken \(failures\)/ }).getAttribute('href')).toContain('state=NOT_TAKEN');
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === listDeductionItems)).toBe(true));
    expect(call.mock.calls.find(([command]) => command === listDeductionItems)![1]).toMatchObject({ id: 7 });
  });

  it('says what a finished run did', async () => {
    renderWithSession(<DeductionRunPage />, { url: '/auto-deduction/7', path: '/auto-deduction/:id', permissions: ['deductions.view'] });
    await screen.findByRole('heading', { name: 'Deduction run #7' });
    expect(screen.getByTestId('run-status-words').textContent).toMatch(/^Finished .*: 1 of 3 instalments taken in full, 1 in part, 1 not taken\.$/);
    expect(document.querySelector('[data-job]')).toBeNull();
  });
});

describe('Deduction settings', () => {
  it('switches the selected settings off, or runs deductions for them after their dry run', async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<DeductionSettingsPage />, {
      url: '/auto-deduction-settings',
      path: '/auto-deduction-settings/:_id?',
      permissions: RUNNER,
    });
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(1));
    await user.keyboard('jx');
    await user.keyboard('2');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: toggleDeductionSettings, fixed: { status: 'PAUSED', ids: [3] } });
    store.set(commandRequestAtom, null);
    await user.keyboard('3');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: bulkDeductions, fixed: { ids: [3] }, parts: { wide: true } });
  });

  it("changes one setting's cap in Naira with Ctrl+Enter, and removes it after asking", async () => {
    const user = userEvent.setup();
    const { store } = renderWithSession(<DeductionSettingsPage />, {
      url: '/auto-deduction-settings/3',
      path: '/auto-deduction-settings/:_id?',
      permissions: RUNNER,
    });
    expect(await screen.findByRole('heading', { name: 'Deduction setting · LN-000042 · Mama Put Kitchen' })).toBeTruthy();
    expect(screen.getByTestId('setting-facts').textContent).toContain('Cap per runNone: every instalment due');
    // No cap now: the cap box shows once "No cap" is unticked.
    expect(screen.queryByLabelText(/^Cap per run/)).toBeNull();
    await user.click(screen.getByLabelText(/^No cap/));
    await user.type(screen.getByLabelText(/^Cap per run/), '5,000');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === updateDeductionSetting)).toBe(true));
    expect(call.mock.calls.find(([command]) => command === updateDeductionSetting)![1]).toEqual({
      id: 3,
      status: 'ACTIVE',
      capPerRun: 500_000,
      clearCap: false,
      allowPartial: true,
    });

    await user.keyboard('r');
    expect(store.get(commandRequestAtom)).toMatchObject({
      command: deleteDeductionSetting,
      fixed: { id: 3 },
      action: 'Remove the deduction setting of LN-000042',
    });
  });

  it('says when there is no such setting', async () => {
    renderWithSession(<DeductionSettingsPage />, { url: '/auto-deduction-settings/x', path: '/auto-deduction-settings/:_id?', permissions: RUNNER });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no deduction setting #x.');
  });
});

describe('Upload deduction settings', () => {
  it('checks every row first, shows each bad one, then saves the good rows with the bad skipped', async () => {
    const user = userEvent.setup();
    upload.mockImplementation((command) =>
      Promise.resolve(
        command === validateDeductionUpload
          ? {
              saved: false,
              rows: 3,
              good: 2,
              created: 0,
              updated: 0,
              problems: [{ row: 3, field: 'loan', value: 'LN-999999', message: 'No loan has this reference' }],
              message: '2 rows of 3 are good; 1 row is bad. Nothing was saved.',
            }
          : { saved: true, rows: 3, good: 2, created: 1, updated: 1, problems: [], message: '2 settings saved (1 new, 1 changed); 1 bad row skipped.' },
      ),
    );
    renderWithSession(<DeductionUploadPage />, { url: '/auto-deduction-upload', path: '/auto-deduction-upload', permissions: RUNNER });
    await user.upload(screen.getByTestId('file-input'), new File(['loan,cap_per_run\n'], 'deductions.csv', { type: 'text/csv' }));
    expect(document.querySelector('[data-file-drop]')?.textContent).toContain('deductions.csv');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await screen.findByTestId('upload-message')).textContent).toBe('2 rows of 3 are good; 1 row is bad. Nothing was saved.');
    expect(upload.mock.calls[0]![0]).toBe(validateDeductionUpload);
    expect([...document.querySelectorAll('[data-bad-row]')].map((row) => `${row.getAttribute('data-bad-row')} ${row.getAttribute('data-field')}`)).toEqual([
      '3 loan',
    ]);

    await user.keyboard('s');
    await waitFor(() => expect(screen.getByTestId('upload-message').textContent).toBe('2 settings saved (1 new, 1 changed); 1 bad row skipped.'));
    const [command, input, options] = upload.mock.calls[1]!;
    expect(command).toBe(saveDeductionUpload);
    expect(input).toMatchObject({ skipBadRows: true });
    expect((input as { file: File }).file.name).toBe('deductions.csv');
    expect((options as { idempotencyKey: string }).idempotencyKey).toMatch(/^console-/);
    expect(screen.getByRole('link', { name: 'Open the deduction settings' }).getAttribute('href')).toBe('/auto-deduction-settings');
  });
});
