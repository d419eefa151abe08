// @vitest-environment happy-dom
import {
  checkEmailSyncUpload,
  type EmailSyncRunRow,
  emailSyncRunRow,
  getEmailSyncRun,
  listEmailSyncContacts,
  listEmailSyncRuns,
  retryEmailSync,
  startEmailSync,
  uploadEmailSyncContacts,
} from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { CommandDialogHost } from '../forms/CommandDialogHost';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import EmailSyncPage from './EmailSyncPage';
import EmailSyncRunPage from './EmailSyncRunPage';
import EmailSyncUploadPage from './EmailSyncUploadPage';

const call = vi.fn();
const upload = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) }, reportClientFailure: vi.fn() }));
vi.mock('../commands/callWithUploadProgress', () => ({ callWithUploadProgress: (...args: unknown[]) => upload(...args) }));

const runFixture = (overrides: Partial<EmailSyncRunRow> = {}): EmailSyncRunRow =>
  emailSyncRunRow.parse({
    id: 7,
    kind: 'ALL_OWNERS',
    status: 'DONE',
    fileName: null,
    contacts: 300,
    reached: 300,
    added: 280,
    updated: 5,
    optedOut: 10,
    failed: 5,
    providerOptOuts: 2,
    jobId: 3,
    startedBy: 'Ada Obi',
    createdAt: '2026-11-21T09:00:00.000Z',
    finishedAt: '2026-11-21T09:04:00.000Z',
    waitUntil: null,
    note: null,
    failure: null,
    ...overrides,
  });

const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 100, total: items.length, hasMore: false });
let run = runFixture();
stubViewportSize();
beforeEach(() => {
  run = runFixture();
  call.mockReset();
  upload.mockReset();
  call.mockImplementation((command) => {
    if (command === listEmailSyncRuns) return Promise.resolve(page([run]));
    if (command === getEmailSyncRun) return Promise.resolve(run);
    if (command === listEmailSyncContacts) return Promise.resolve(page([]));
    if (command === startEmailSync)
      return Promise.resolve({ run: runFixture({ id: 8, status: 'QUEUED', contacts: null, reached: 0 }), message: 'Email-marketing sync #8 started.' });
    if (command === retryEmailSync) return Promise.resolve({ run: runFixture({ status: 'QUEUED' }), message: 'Queued again.' });
    return Promise.reject(new Error(`unexpected ${String((command as { id: string }).id)}`));
  });
});
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${(location.state as { notice?: string } | null)?.notice ?? ''}`}</p>;
}

const SYNCER = ['marketing.view', 'marketing.sync'];

describe('Email Marketing Sync', () => {
  it('asks before syncing every owner, then opens the run', async () => {
    const user = userEvent.setup();
    renderWithSession(
      <>
        <EmailSyncPage />
        <CommandDialogHost />
      </>,
      { url: '/sendinblue-email-synch', path: '/sendinblue-email-synch', routes: { '/sendinblue-email-synch/:id': <Where /> }, permissions: SYNCER },
    );
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(1));
    expect(screen.getByRole('link', { name: /^Upload contacts/ }).getAttribute('href')).toBe('/sendinblue-email-synch-upload');
    await user.keyboard('r');
    const dialog = await screen.findByTestId('command-dialog');
    expect(dialog.getAttribute('data-command')).toBe('email-sync.run');
    await user.click(within(dialog).getByRole('button', { name: 'Sync every merchant owner to the marketing list…' }));
    expect(call.mock.calls.some(([command]) => command === startEmailSync)).toBe(false);
    await user.click(await within(dialog).findByRole('button', { name: 'Sync every merchant owner to the marketing list' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/sendinblue-email-synch/8 Email-marketing sync #8 started.'));
    const started = call.mock.calls.find(([command]) => command === startEmailSync)!;
    expect(started[1]).toEqual({});
  });

  it('shows the sync under way above the list, and does not offer another', async () => {
    run = runFixture({ status: 'WAITING', reached: 100, note: 'Brevo answered 429: waiting 10 s as it asked; carries on at 2026-11-21 10:01' });
    renderWithSession(<EmailSyncPage />, { url: '/sendinblue-email-synch', path: '/sendinblue-email-synch', permissions: SYNCER });
    expect(await screen.findByTestId('sync-progress')).toBeTruthy();
    expect(screen.getByTestId('run-status-words').textContent).toBe('Brevo answered 429: waiting 10 s as it asked; carries on at 2026-11-21 10:01.');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect((screen.getByRole('button', { name: /^Sync every owner/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers nothing to sync or upload to an admin who may only look', async () => {
    renderWithSession(<EmailSyncPage />, { url: '/sendinblue-email-synch', path: '/sendinblue-email-synch', permissions: ['marketing.view'] });
    await waitFor(() => expect(document.querySelectorAll('[data-row-index]').length).toBe(1));
    expect(screen.queryByRole('button', { name: /^Sync every owner/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Upload contacts/ })).toBeNull();
  });
});

describe('an email-marketing sync', () => {
  it('says why a failed run stopped, and retries it with t', async () => {
    const user = userEvent.setup();
    run = runFixture({ status: 'FAILED', reached: 120, failure: 'Brevo did not answer 3 times in a row; 180 of 300 contacts not sent yet.' });
    const { store } = renderWithSession(<EmailSyncRunPage />, { url: '/sendinblue-email-synch/7', path: '/sendinblue-email-synch/:id', permissions: SYNCER });
    expect(await screen.findByRole('heading', { name: 'Email-marketing sync #7' })).toBeTruthy();
    expect(screen.getByTestId('run-status-words').textContent).toMatch(
      /^Stopped .*: Brevo did not answer 3 times in a row; 180 of 300 contacts not sent yet\.$/,
    );
    expect(screen.getByRole('link', { name: /^Failed/ }).getAttribute('href')).toContain('result=FAILED');
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === listEmailSyncContacts)).toBe(true));
    expect(call.mock.calls.find(([command]) => command === listEmailSyncContacts)![1]).toMatchObject({ id: 7 });
    await user.keyboard('t');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: retryEmailSync, fixed: { id: 7 } });
  });

  it('offers no retry for a finished run', async () => {
    renderWithSession(<EmailSyncRunPage />, { url: '/sendinblue-email-synch/7', path: '/sendinblue-email-synch/:id', permissions: SYNCER });
    await screen.findByRole('heading', { name: 'Email-marketing sync #7' });
    expect(screen.getByTestId('run-status-words').textContent).toMatch(/^Finished .*: 280 added, 5 updated, 10 skipped as opted out, 5 failed\.$/);
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });
});

describe('Upload contacts', () => {
  it('sends the file in the form field email, checking it first', async () => {
    const user = userEvent.setup();
    upload.mockImplementation((command) =>
      Promise.resolve(
        command === checkEmailSyncUpload
          ? {
              saved: false,
              rows: 3,
              good: 2,
              optedOut: 0,
              problems: [{ row: 2, field: 'email', value: 'nope', message: 'is not an email address' }],
              run: null,
              message: '2 rows of 3 are good; 1 row is bad. Nothing was sent.',
            }
          : {
              saved: true,
              rows: 3,
              good: 2,
              optedOut: 0,
              problems: [],
              run: runFixture({ id: 9, kind: 'UPLOAD', fileName: 'leads.csv' }),
              message: 'Sync #9 started.',
            },
      ),
    );
    renderWithSession(<EmailSyncUploadPage />, { url: '/sendinblue-email-synch-upload', path: '/sendinblue-email-synch-upload', permissions: SYNCER });
    await user.upload(screen.getByTestId('file-input'), new File(['email\n'], 'leads.csv', { type: 'text/csv' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await screen.findByTestId('upload-message')).textContent).toBe('2 rows of 3 are good; 1 row is bad. Nothing was sent.');
    expect(upload.mock.calls[0]![0]).toBe(checkEmailSyncUpload);
    expect((upload.mock.calls[0]![1] as { email: File }).email.name).toBe('leads.csv');
    await user.keyboard('s');
    await waitFor(() => expect(screen.getByTestId('upload-message').textContent).toBe('Sync #9 started.'));
    const [command, input] = upload.mock.calls[1]!;
    expect(command).toBe(uploadEmailSyncContacts);
    expect(input).toMatchObject({ skipBadRows: true });
    expect((input as { email: File; file?: File }).email.name).toBe('leads.csv');
    expect((input as { file?: File }).file).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Follow sync #9 and its results' }).getAttribute('href')).toBe('/sendinblue-email-synch/9');
  });
});
