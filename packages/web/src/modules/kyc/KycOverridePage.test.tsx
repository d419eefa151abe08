// @vitest-environment happy-dom
import type { KycBusiness, KycRecord } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import KycOverridePage from './KycOverridePage';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));
vi.mock('../../app/queryClient', () => ({ queryClient: { invalidateQueries: () => Promise.resolve() } }));

const business: KycBusiness = {
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
};
const record: KycRecord = {
  id: 12,
  businessId: 42,
  businessName: 'Mama Put Kitchen',
  verificationType: 'DOCUMENT',
  documentType: 'DRIVERS_LICENSE',
  idNumber: 'LAG43916AA73',
  detail: null,
  status: 'PENDING',
  comment: null,
  reviewedBy: null,
  reviewedAt: null,
  submittedAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function renderPage(blacklist: { idType: string; idNumber: string }[]) {
  call.mockImplementation((command: { id: string }, input: Record<string, unknown>) => {
    if (command.id === 'kyc.business-records') return Promise.resolve({ business, items: [record] });
    if (command.id === 'kyc.blacklist.list')
      return Promise.resolve({
        items: blacklist.map((entry, i) => ({
          id: i + 1,
          note: 'Stolen',
          kycId: 3,
          businessId: 9,
          businessName: 'Other',
          createdBy: null,
          createdAt: '2026-11-19T09:00:00.000Z',
          ...entry,
        })),
        page: 1,
        total: blacklist.length,
      });
    if (command.id === 'kyc.override')
      return Promise.resolve({
        business: { ...business, kycExempt: !input.kycType, bvnExempt: !!input.kycType },
        message: `Mama Put Kitchen: exempted from ${input.kycType ? 'the BVN check' : 'KYC'}`,
      });
    return Promise.reject(new Error(`unexpected ${command.id}`));
  });
  renderWithSession(<KycOverridePage />, {
    url: '/kyc-override-portal?business=42',
    path: '/kyc-override-portal',
    permissions: ['kyc.view', 'kyc.override', 'merchants.view'],
  });
}

const overrides = () => call.mock.calls.filter(([command]) => command.id === 'kyc.override').map(([, input]) => input);
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

describe('KycOverridePage', () => {
  it('exempts from the card clicked, confirmed in place, with no Kyc type to pick', async () => {
    const user = userEvent.setup();
    renderPage([]);
    const card = (await screen.findAllByText('KYC'))[0]!.closest<HTMLElement>('[data-exemption]')!;
    expect(screen.getByText('Driver’s licence')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Merchants already exempt' }).getAttribute('href')).toBe('/merchants?kyc_override=true');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Exempt…' }).hasAttribute('disabled')).toBe(false));
    await user.click(within(card).getByRole('button', { name: 'Exempt…' }));
    expect(document.body.textContent).not.toMatch(/kyc ?type/i);
    expect(within(card).getByRole('group', { name: 'Confirm' }).textContent).toContain('Mama Put Kitchen will be exempt from KYC altogether.');
    await user.click(within(card).getByRole('button', { name: 'Exempt from KYC' }));
    await waitFor(() => expect(overrides()).toEqual([{ businessId: 42, isexempt: true }]));
    expect((await screen.findByTestId('override-notice')).textContent).toBe('Mama Put Kitchen: exempted from KYC.');

    const bvn = document.querySelector<HTMLElement>('[data-exemption="bvn"]')!;
    await user.click(within(bvn).getByRole('button', { name: 'Exempt…' }));
    await user.click(within(bvn).getByRole('button', { name: 'Exempt from BVN check' }));
    await waitFor(() =>
      expect(overrides()).toEqual([
        { businessId: 42, isexempt: true },
        { businessId: 42, isexempt: true, kycType: 'bvn' },
      ]),
    );
  });

  it('says a merchant who used a blacklisted ID cannot be exempted, and offers no Exempt button', async () => {
    renderPage([{ idType: 'DRIVERS_LICENSE', idNumber: 'LAG43916AA73' }]);
    const why = await screen.findByTestId('override-blacklisted');
    expect(why.textContent).toContain('cannot be exempted: it has used blacklisted ID Driver’s licence ••••AA73');
    expect(screen.queryByRole('button', { name: 'Exempt…' })).toBeNull();
    expect(screen.getAllByTestId('exempt-blocked')).toHaveLength(2);
    expect(call.mock.calls.find(([command]) => command.id === 'kyc.blacklist.list')?.[1]).toEqual({ page: 1, search: 'LAG43916AA73' });
  });

  it('does not count a different ID that only shares a prefix', async () => {
    renderPage([{ idType: 'DRIVERS_LICENSE', idNumber: 'LAG43916AA7399' }]);
    const card = (await screen.findAllByText('KYC'))[0]!.closest<HTMLElement>('[data-exemption]')!;
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Exempt…' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('override-blacklisted')).toBeNull();
  });
});
