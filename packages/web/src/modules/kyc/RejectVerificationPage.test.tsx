// @vitest-environment happy-dom
import type { CommandOutput, getKyc } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeShortcutsAtom } from '../keyboard/shortcuts';
import RejectVerificationPage from './RejectVerificationPage';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) } }));
vi.mock('../../app/queryClient', () => ({ queryClient: { invalidateQueries: () => Promise.resolve() } }));

const detail: CommandOutput<typeof getKyc> = {
  record: {
    id: 12,
    businessId: 42,
    businessName: 'Mama Put Kitchen',
    verificationType: 'DOCUMENT',
    documentType: 'VOTERS_CARD',
    idNumber: '90F5B1F4C5295123456',
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
    bvnExempt: false,
    kycOverrideBy: null,
    kycOverrideAt: null,
    isFraud: false,
  },
  documents: [
    {
      id: 7,
      label: 'Voter’s card (front)',
      originalName: 'pvc.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 1024,
      sha256: 'a'.repeat(64),
      businessId: 42,
      uploadedBy: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ],
  history: [],
  allowedNext: ['PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED'],
  blacklisted: null,
};

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  download.mockResolvedValue(new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } }));
  call.mockImplementation((command: { id: string }, input: unknown) => {
    if (command.id === 'kyc.get') return Promise.resolve(detail);
    if (command.id === 'kyc.status.update') return Promise.resolve({ record: { ...detail.record, status: 'REJECTED' }, allowedNext: [], blacklisted: null });
    if (command.id === 'kyc.blacklist') return Promise.resolve({ entry: { id: 1, ...(input as object) }, record: detail.record });
    // The pending Document queue: this record, then KYC #13.
    if (command.id === 'kyc.list')
      return Promise.resolve({ items: [detail.record, { ...detail.record, id: 13 }], page: 1, pageSize: 100, total: 2, hasMore: false });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
});
afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  return renderWithSession(<RejectVerificationPage />, {
    url: '/document-verification/reject/12',
    path: '/document-verification/reject/:id',
    routes: { '*': <Where /> },
    permissions: ['kyc.view', 'kyc.review', 'kyc.blacklist'],
  });
}

const sent = (id: string) => call.mock.calls.filter(([command]) => command.id === id).map(([, input]) => input);

describe('RejectVerificationPage', () => {
  it('shows what is rejected: the ID number in words and the documents', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Reject KYC #12' });
    expect(screen.getByText('Mama Put Kitchen · Document verification · Voter’s card')).toBeTruthy();
    const what = screen.getByRole('region', { name: 'What is rejected' });
    expect(within(what).getByText('Voter’s card')).toBeTruthy();
    expect(within(what).getByTestId('kyc-reject-id').textContent).toBe('90F5B1F4C5295123456');
    expect(await within(what).findByRole('img', { name: 'Voter’s card (front)' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/VOTERS_CARD|\(document/);
  });

  it('Enter in the comment rejects (Shift+Enter is a new line), as in the review dialogs, and the next record of the queue opens', async () => {
    const user = userEvent.setup();
    const { store } = renderPage();
    await screen.findByTestId('kyc-reject-form');
    expect([...store.get(activeShortcutsAtom).values()].map((entry) => entry.keys)).toEqual(expect.arrayContaining(['enter', 'mod+enter']));
    await user.keyboard('Photo is cut off{Shift>}{Enter}{/Shift}Resubmit');
    expect(sent('kyc.status.update')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent('kyc.status.update')).toEqual([{ id: 12, status: 'REJECTED', comment: 'Photo is cut off\nResubmit' }]));
    expect((await screen.findByTestId('where')).textContent).toBe('/document-verification/13');
  });

  it("blacklists only the record's own ID, shown masked and not editable", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('kyc-reject-form');
    await user.click(screen.getByRole('checkbox', { name: /Also blacklist/ }));
    expect(screen.getByTestId('kyc-reject-form').textContent).toContain('Also blacklist Voter’s card ••••3456, the ID on this record');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'ID number' })).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /Why is the document/ }));
    await user.keyboard('Card belongs to someone else{Enter}');
    await waitFor(() =>
      expect(sent('kyc.blacklist')).toEqual([{ id: 12, idType: 'VOTERS_CARD', idNumber: '90F5B1F4C5295123456', note: 'Card belongs to someone else' }]),
    );
  });
});
