// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import VerificationDetailPage from './VerificationDetailPage';
import VerificationListPage from './VerificationListPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args), download: () => Promise.reject(new Error('no files here')) } }));
vi.mock('../../app/queryClient', () => ({ queryClient: { invalidateQueries: () => Promise.resolve() } }));

const record = (id: number) => ({
  id,
  businessId: 40 + id,
  businessName: `Mama Put ${id}`,
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
});

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }, input: { id?: number; status?: string; page?: number }) => {
    if (command.id === 'kyc.list') {
      const items = [21, 22, 23].map((id) => ({ ...record(id), idNumber: '••••8901' }));
      return Promise.resolve({ items, page: input.page ?? 1, pageSize: 100, total: items.length, hasMore: false });
    }
    if (command.id === 'kyc.get') {
      return Promise.resolve({
        record: record(input.id!),
        business: {
          id: 1,
          name: 'Mama Put',
          email: 'a@b.ng',
          phone: null,
          rcNumber: null,
          kycExempt: false,
          bvnExempt: false,
          kycOverrideBy: null,
          kycOverrideAt: null,
          isFraud: false,
        },
        documents: [],
        history: [],
        allowedNext: ['PROCESSING', 'APPROVED', 'DISAPPROVED', 'REJECTED'],
        blacklisted: null,
      });
    }
    if (command.id === 'kyc.status.update')
      return Promise.resolve({ record: { ...record(input.id!), status: input.status }, allowedNext: [], blacklisted: null });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
  sessionStorage.clear();
});
afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderVerification(url: string) {
  renderWithSession(<Where />, {
    url,
    routes: { '/document-verification': <VerificationListPage />, '/document-verification/:id': <VerificationDetailPage /> },
    permissions: ['kyc.view', 'kyc.review'],
  });
}

const where = () => screen.getByTestId('where').textContent;
const lists = () => call.mock.calls.filter(([command]) => command.id === 'kyc.list').map(([, input]) => input);

describe('VerificationListPage', () => {
  it('opens Document on its pending queue, which can be cleared to show every status', async () => {
    const user = userEvent.setup();
    renderVerification('/document-verification');
    await waitFor(() => expect(where()).toBe('/document-verification?status=PENDING'));
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).not.toBeNull());
    expect(lists()).toEqual([{ verificationType: ['DOCUMENT'], status: 'PENDING', page: 1 }]);
    await user.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(where()).toBe('/document-verification'));
    await waitFor(() => expect(lists().at(-1)).toEqual({ verificationType: ['DOCUMENT'], page: 1 }));
  });

  it('a record opened from the list walks that list, with its filters: decide, and the next row opens; u comes back to it', async () => {
    const user = userEvent.setup();
    renderVerification('/document-verification?business_name=Mama');
    await waitFor(() => expect(document.querySelector('[data-row-index="2"]')).not.toBeNull());
    await user.keyboard('jj{Enter}');
    await screen.findByRole('heading', { name: 'KYC #22 · Mama Put 22' });
    await user.keyboard('a');
    await screen.findByTestId('kyc-decision');
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'KYC #23 · Mama Put 23' });
    expect(where()).toBe('/document-verification/23');
    // One list: the record page walked the very rows (and cache entry) of the list page.
    expect(new Set(lists().map((input) => JSON.stringify(input)))).toEqual(
      new Set([JSON.stringify({ business_name: 'Mama', verificationType: ['DOCUMENT'], page: 1 })]),
    );
    await user.keyboard('u');
    await waitFor(() => expect(where()).toBe('/document-verification?business_name=Mama'));
  });
});
