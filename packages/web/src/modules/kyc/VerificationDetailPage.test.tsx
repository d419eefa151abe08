// @vitest-environment happy-dom
import { blacklistKycId, type CommandOutput, getKyc } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { activeShortcutsAtom } from '../keyboard/shortcuts';
import VerificationDetailPage from './VerificationDetailPage';
import VerificationListPage from './VerificationListPage';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) } }));
vi.mock('../../app/queryClient', () => ({ queryClient: { invalidateQueries: () => Promise.resolve() } }));

const reviewer = { id: 3, name: 'Kemi Adeyemi', email: 'kemi@traction.ng' };
type Detail = CommandOutput<typeof getKyc>;

/** What GET /v1/kyc/12/kyc-info answers for a pending NIN with two documents; checked against the contract below. */
const pending: Detail = {
  record: {
    id: 12,
    businessId: 42,
    businessName: 'Mama Put Kitchen',
    verificationType: 'DOCUMENT',
    documentType: 'NIN',
    idNumber: '12345678901',
    detail: null,
    status: 'PENDING',
    comment: null,
    reviewedBy: null,
    reviewedAt: null,
    submittedAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  },
  business: {
    id: 42,
    name: 'Mama Put Kitchen',
    email: 'ada@mamaput.ng',
    phone: '+2348031234567',
    rcNumber: null,
    kycExempt: false,
    bvnExempt: true,
    kycOverrideBy: reviewer,
    kycOverrideAt: '2026-11-03T10:00:00.000Z',
    isFraud: false,
  },
  documents: [
    {
      id: 7,
      label: 'NIN slip (front)',
      originalName: 'nin-front.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 204_800,
      sha256: 'a'.repeat(64),
      businessId: 42,
      uploadedBy: reviewer,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 8,
      label: 'Affidavit',
      originalName: 'affidavit.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1_048_576,
      sha256: 'b'.repeat(64),
      businessId: 42,
      uploadedBy: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  history: [{ id: 1, fromStatus: null, toStatus: 'PENDING', comment: 'Submitted in the app', admin: null, at: '2026-11-20T09:00:00.000Z' }],
  allowedNext: ['PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED'],
  blacklisted: null,
};

const ALL = ['kyc.view', 'kyc.review', 'kyc.blacklist'];

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  download.mockImplementation((_command: unknown, input: { id: number }) =>
    Promise.resolve(new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'content-type': input.id === 7 ? 'image/jpeg' : 'application/pdf' } })),
  );
});
afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** Answers kyc.get for any id with `detail` under that id, and kyc.list with the ids of `queue` (the pending queue, oldest first). */
function answer(detail: Detail, queue: readonly number[] = []) {
  call.mockImplementation((command: { id: string }, input: { id?: number; status?: string; page?: number }) => {
    if (command.id === 'kyc.get') return Promise.resolve({ ...detail, record: { ...detail.record, id: input.id } });
    if (command.id === 'kyc.status.update')
      return Promise.resolve({ record: { ...detail.record, id: input.id, status: input.status }, allowedNext: [], blacklisted: null });
    if (command.id === 'kyc.list') {
      const items = queue.map((id) => ({ ...detail.record, id, idNumber: '••••8901', reviewedBy: null }));
      return Promise.resolve({ items, page: input.page ?? 1, pageSize: 100, total: items.length, hasMore: false });
    }
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
}

function renderPage(detail: Detail, permissions: string[] = ALL, path = '/document-verification/12', queue: readonly number[] = []) {
  answer(detail, queue);
  return renderWithSession(<VerificationDetailPage />, {
    url: path,
    path: ['/document-verification/:id', '/all-verification/:id'],
    routes: { '*': <Where /> },
    permissions,
  }).store;
}

/** The inputs kyc.status.update was called with. */
const decisions = () => call.mock.calls.filter(([command]) => command.id === 'kyc.status.update').map(([, input]) => input);
const actions = () => [...document.querySelectorAll('[data-action]')].map((b) => b.getAttribute('data-action'));

describe('VerificationDetailPage', () => {
  it('is given a real answer of kyc.get', () => {
    expect(getKyc.output.parse(pending)).toEqual(pending);
  });

  it('shows the record, its business, documents, history and the state machine', async () => {
    renderPage(pending);
    expect(await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' })).toBeTruthy();
    expect(call.mock.calls[0]?.[1]).toEqual({ id: 12 });
    const business = document.querySelector<HTMLElement>('[data-section="business"]')!;
    expect(within(business).getByRole('link', { name: 'Mama Put Kitchen' }).getAttribute('href')).toBe('/merchants/42');
    expect(within(business).getByText(/Exempt from the BVN check/)).toBeTruthy();
    expect(screen.getByText('12345678901')).toBeTruthy();

    const machine = screen.getByTestId('kyc-state-machine');
    const state = (status: string) => machine.querySelector(`[data-kyc-state="${status}"]`)?.getAttribute('data-state');
    expect([state('PENDING'), state('PROCESSING'), state('APPROVED'), state('DISAPPROVED'), state('REJECTED')]).toEqual([
      'current',
      'next',
      'next',
      'next',
      'next',
    ]);

    const documents = screen.getByTestId('kyc-documents');
    const image = await within(documents).findByRole('img', { name: 'NIN slip (front)' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(download.mock.calls.map((c) => c[1])).toEqual(expect.arrayContaining([{ id: 7 }, { id: 8 }]));
    const pdf = documents.querySelector<HTMLElement>('[data-document="8"]')!;
    await waitFor(() => expect(within(pdf).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('affidavit.pdf'));
    expect(within(pdf).getByText('PDF · 1 MB')).toBeTruthy();
    expect(within(screen.getByTestId('kyc-history')).getByText('Submitted in the app')).toBeTruthy();
    expect(actions()).toEqual(['a', 'p', 'd', 'r', 'b']);
  });

  it('approves with a comment by keyboard: a, type, Enter', async () => {
    const user = userEvent.setup();
    const store = renderPage(pending);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    const help = [...store.get(activeShortcutsAtom).values()].map((s) => s.keys);
    expect(help).toEqual(expect.arrayContaining(['a', 'd', 'p', 'r', 'b', 'u']));

    await user.keyboard('a');
    const dialog = await screen.findByTestId('kyc-decision');
    expect(dialog.getAttribute('data-decision')).toBe('APPROVED');
    await user.keyboard('Matches the NIMC record{Enter}');
    await waitFor(() => expect(decisions()).toEqual([{ id: 12, status: 'APPROVED', comment: 'Matches the NIMC record' }]));
    await waitFor(() => expect(screen.queryByTestId('kyc-decision')).toBeNull());
  });

  it('will not disapprove without a comment, and says so under the field', async () => {
    const user = userEvent.setup();
    renderPage(pending);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await user.keyboard('d');
    const dialog = await screen.findByTestId('kyc-decision');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Comment is required/);
    expect(decisions()).toEqual([]);
    await user.keyboard('Name on the slip is not the owner{Enter}');
    await waitFor(() => expect(decisions()).toEqual([{ id: 12, status: 'DISAPPROVED', comment: 'Name on the slip is not the owner' }]));
  });

  it("r opens the reject page, b the blacklist form fixed to the record's own ID, saying the record will be rejected", async () => {
    const user = userEvent.setup();
    const store = renderPage(pending);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    expect(screen.getByRole('button', { name: /Blacklist NIN/ })).toBeTruthy();
    await user.keyboard('b');
    const request = store.get(commandRequestAtom)!;
    expect(request).toMatchObject({ command: blacklistKycId, fixed: { id: 12, idType: 'NIN', idNumber: '12345678901' } });
    expect(request.initial).toBeUndefined();
    expect(request.subject).toContain('NIN ••••8901');
    expect(request.subject).not.toContain('12345678901');
    expect(request.subject).toContain('KYC #12 will be rejected');
    store.set(commandRequestAtom, null);
    await user.keyboard('r');
    expect((await screen.findByTestId('where')).textContent).toBe('/document-verification/reject/12');
  });

  it("offers the business's BVN, typed, only when the record carries no ID", async () => {
    const user = userEvent.setup();
    const store = renderPage({
      ...pending,
      record: { ...pending.record, verificationType: 'ADDRESS', documentType: 'UTILITY_BILL', idNumber: null, detail: '12 Allen Avenue, Ikeja' },
    });
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    expect(screen.getByText(/Address verification · Utility bill/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Blacklist BVN/ })).toBeTruthy();
    await user.keyboard('b');
    const request = store.get(commandRequestAtom)!;
    expect(request.fixed).toEqual({ id: 12, idType: 'BVN' });
    expect(request.subject).toMatch(/carries no ID number.*BVN of Mama Put Kitchen.*keeps its status/);
  });

  it('names documents in words, not enum values', async () => {
    const user = userEvent.setup();
    renderPage({ ...pending, record: { ...pending.record, documentType: 'DRIVERS_LICENSE', idNumber: 'LAG43916AA73' } });
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    expect(screen.getByText(/^Document verification · Driver’s licence · submitted/)).toBeTruthy();
    const record = document.querySelector<HTMLElement>('[data-section="record"]')!;
    expect(within(record).getByText('Driver’s licence')).toBeTruthy();
    await user.keyboard('d');
    const dialog = await screen.findByTestId('kyc-decision');
    expect(dialog.textContent).toContain('Mama Put Kitchen · Document verification · Driver’s licence LAG43916AA73.');
    expect(dialog.textContent).not.toMatch(/DRIVERS|DOCUMENT|\(document/);
  });

  it('puts keys typed right after a shortcut into the comment: "a" then "Docs ok" keeps its "D"', async () => {
    const user = userEvent.setup();
    renderPage(pending);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await user.keyboard('aDocs ok');
    const field = within(await screen.findByTestId('kyc-decision')).getByRole('textbox');
    expect((field as HTMLTextAreaElement).value).toBe('Docs ok');
    expect(document.activeElement).toBe(field);
  });

  it('after approving, opens the next record of the queue, says what was done, with focus on its decision', async () => {
    const user = userEvent.setup();
    renderPage(pending, ALL, '/document-verification/12', [11, 12, 13, 14]);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await waitFor(() => expect(screen.getByTestId('kyc-queue').textContent).toMatch(/^Record 2 of 4 in the list/));
    await user.keyboard('a');
    await screen.findByTestId('kyc-decision');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'KYC #13 · Mama Put Kitchen' });
    expect(decisions()).toEqual([{ id: 12, status: 'APPROVED' }]);
    expect(screen.getByRole('status').textContent).toBe('KYC #12 approved.');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-action')).toBe('a'));
    expect(document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label')).toBe('Decision');

    // and the next decision is one key away: d, a comment, Enter → KYC #14
    await user.keyboard('d');
    await screen.findByTestId('kyc-decision');
    await user.keyboard('Name does not match{Enter}');
    await screen.findByRole('heading', { name: 'KYC #14 · Mama Put Kitchen' });
    expect(screen.getByRole('status').textContent).toBe('KYC #13 disapproved.');
  });

  it('opened by a link, walks the queue the record belongs to with j and k: its page, pending, oldest first', async () => {
    const user = userEvent.setup();
    renderPage(pending, ALL, '/document-verification/13', [12, 13, 14]);
    await screen.findByRole('heading', { name: 'KYC #13 · Mama Put Kitchen' });
    const lists = () => call.mock.calls.filter(([command]) => command.id === 'kyc.list').map(([, input]) => input);
    await waitFor(() => expect(lists()).toEqual([{ verificationType: ['DOCUMENT'], status: 'PENDING', page: 1 }]));
    await waitFor(() => expect(screen.getByTestId('kyc-queue').textContent).toContain('j / k'));
    await user.keyboard('j');
    await screen.findByRole('heading', { name: 'KYC #14 · Mama Put Kitchen' });
    await user.keyboard('k');
    await screen.findByRole('heading', { name: 'KYC #13 · Mama Put Kitchen' });
    await user.keyboard('k');
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await user.keyboard('u');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/document-verification'));
  });

  it('after the last record of the queue, goes back to its list and says so there, with focus on the table', async () => {
    const user = userEvent.setup();
    answer(pending, [11, 12]);
    renderWithSession(<VerificationDetailPage />, {
      url: '/document-verification/12',
      path: '/document-verification/:id',
      routes: { '/document-verification': <VerificationListPage /> },
      permissions: ALL,
    });
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await waitFor(() => expect(screen.getByTestId('kyc-queue').textContent).toMatch(/^Record 2 of 2/));
    await user.keyboard('a');
    await screen.findByTestId('kyc-decision');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Document Verification' });
    expect(screen.getByTestId('review-queue-notice').textContent).toBe('KYC #12 approved. That was the last record in Document Verification.');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('grid'));
  });

  it('after starting processing, focus goes to the next action (Approve)', async () => {
    const user = userEvent.setup();
    renderPage(pending);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    call.mockImplementation((command: { id: string }) =>
      command.id === 'kyc.status.update'
        ? Promise.resolve({ record: { ...pending.record, status: 'PROCESSING' }, allowedNext: ['APPROVED', 'DISAPPROVED', 'REJECTED'], blacklisted: null })
        : Promise.resolve(pending),
    );
    await user.keyboard('p');
    await screen.findByTestId('kyc-decision');
    await user.keyboard('Sent to NIMC{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('KYC #12 moved to processing.'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-action')).toBe('a'));
  });

  it('never offers Approve for a blacklisted ID, and says why', async () => {
    renderPage({
      ...pending,
      allowedNext: ['PROCESSING', 'DISAPPROVED', 'REJECTED'],
      blacklisted: {
        id: 1,
        idType: 'PASSPORT',
        idNumber: 'A12345678',
        note: 'Passport reported stolen by NIS.',
        kycId: 3,
        businessId: 9,
        businessName: 'Other',
        createdBy: 'kemi@traction.ng',
        createdAt: '2026-11-19T09:00:00.000Z',
      },
    });
    const banner = (await screen.findByTestId('kyc-blacklisted')).textContent!;
    expect(banner).toContain('can never be approved');
    expect(banner).toContain('Passport A12345678 is blacklisted: “Passport reported stolen by NIS”');
    expect(banner).not.toMatch(/\.\.|\.,|\.”/);
    expect(actions()).toEqual(['p', 'd', 'r']);
    const approved = screen.getByTestId('kyc-state-machine').querySelector('[data-kyc-state="APPROVED"]');
    expect(approved?.getAttribute('data-state')).toBe('blocked');
  });

  it('a on a record that cannot be approved says why instead of doing nothing', async () => {
    const user = userEvent.setup();
    renderPage({
      ...pending,
      allowedNext: ['PROCESSING', 'DISAPPROVED', 'REJECTED'],
      blacklisted: {
        id: 1,
        idType: 'NIN',
        idNumber: '12345678901',
        note: 'Fraud ring',
        kycId: 3,
        businessId: 9,
        businessName: 'Other',
        createdBy: null,
        createdAt: '2026-11-19T09:00:00.000Z',
      },
    });
    await screen.findByTestId('kyc-blacklisted');
    await user.keyboard('a');
    expect(screen.getByRole('status').textContent).toBe('KYC #12 cannot be approved: its NIN ••••8901 is blacklisted.');
    expect(screen.queryByTestId('kyc-decision')).toBeNull();
    cleanup();
    renderPage({ ...pending, record: { ...pending.record, status: 'DISAPPROVED' }, allowedNext: [] });
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    await user.keyboard('a');
    expect(screen.getByRole('status').textContent).toMatch(/^KYC #12 is disapproved, which is final/);
    expect(decisions()).toEqual([]);
  });

  it('shows every state a pending record may go to straight away, as buttons, with a current chip', async () => {
    const user = userEvent.setup();
    renderPage(pending);
    const machine = await screen.findByTestId('kyc-state-machine');
    expect(within(machine).getByText('Pending').getAttribute('data-state')).toBe('current');
    const moves = within(within(machine).getByRole('list', { name: 'Possible next states' })).getAllByRole('button');
    expect(moves.map((b) => b.textContent)).toEqual(['Processing', 'Approved', 'Disapproved', 'Rejected']);
    await user.click(moves[1]!);
    expect((await screen.findByTestId('kyc-decision')).getAttribute('data-decision')).toBe('APPROVED');
  });

  it('offers nothing on a final record, or to an admin who may only look', async () => {
    renderPage({
      ...pending,
      record: { ...pending.record, status: 'APPROVED', reviewedBy: reviewer, reviewedAt: '2026-11-21T09:00:00.000Z' },
      allowedNext: [],
    });
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    expect(actions()).toEqual(['b']);
    const machine = screen.getByTestId('kyc-state-machine');
    expect(machine.textContent).toBe('NowApprovedFinal: verified.');
    expect(machine.textContent!.match(/final/gi)).toHaveLength(1);
    cleanup();
    renderPage(pending, ['kyc.view']);
    await screen.findByRole('heading', { name: 'KYC #12 · Mama Put Kitchen' });
    expect(actions()).toEqual([]);
  });

  it('says when the record does not exist', async () => {
    renderPage(pending);
    cleanup();
    call.mockImplementation(() =>
      Promise.reject(new ClientError('not-found', 404, 'GET', '/v1/kyc/99/kyc-info', { code: '404', message: 'KYC record 99 does not exist' })),
    );
    renderWithSession(<VerificationDetailPage />, { url: '/all-verification/99', path: '/all-verification/:id', permissions: ALL });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('KYC record 99 does not exist.');
    expect(within(alert).getByRole('link', { name: 'Back to All Verifications' }).getAttribute('href')).toBe('/all-verification');
  });
});
