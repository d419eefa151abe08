// @vitest-environment happy-dom
import { signupsReport, walletBalancesReport } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import ReportViewPage from './ReportViewPage';

const call = vi.fn();
const download = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: (...args: unknown[]) => download(...args) },
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const page = (items: Record<string, unknown>[]) => ({ items, page: 1, pageSize: 100, total: items.length, hasMore: false, next: null });
const SIGNUPS_BY_DAY = [
  { key: 20_775, bucket: '2026-11-18', signUps: 1 },
  { key: 20_776, bucket: '2026-11-19', signUps: 0 },
  { key: 20_777, bucket: '2026-11-20', signUps: 2 },
];
const SIGNUPS_BY_STATE = [
  { key: 25, bucket: 'Lagos', signUps: 2 },
  { key: 20, bucket: 'Kano', signUps: 1 },
];
const BALANCES_BY_DAY = [
  { key: 20_776, bucket: '2026-11-19', wallets: 1, balance: 100_000 },
  { key: 20_777, bucket: '2026-11-20', wallets: 2, balance: 150_050 },
];

beforeEach(() => {
  call.mockReset();
  download.mockReset();
  call.mockImplementation((command: { id: string }, input: { by?: string }) => {
    if (command.id === 'reports.signups') return Promise.resolve(page(input.by === 'state' ? SIGNUPS_BY_STATE : SIGNUPS_BY_DAY));
    if (command.id === 'reports.wallet-balances') return Promise.resolve(page(BALANCES_BY_DAY));
    return Promise.resolve(page([]));
  });
});
afterEach(cleanup);

describe('ReportViewPage', () => {
  it('is given real answers of the report commands', () => {
    expect(signupsReport.output.safeParse(page(SIGNUPS_BY_DAY)).success).toBe(true);
    expect(walletBalancesReport.output.safeParse(page(BALANCES_BY_DAY)).success).toBe(true);
  });

  it('charts a report with its numbers beside it, and s groups it by state in the URL', async () => {
    const user = userEvent.setup();
    renderWithSession(<ReportViewPage />, {
      url: '/reporting-page/view?report=signups&startdatetime=2026-11-18&enddatetime=2026-11-20',
      path: '/reporting-page/view',
      routes: { '*': <Where /> },
      permissions: ['reports.view'],
    });
    await screen.findByRole('heading', { name: 'Sign-ups' });
    const numbers = await screen.findByRole('table');
    expect(
      within(numbers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DaySign-ups', '2026-11-181', '2026-11-190', '2026-11-202']);
    expect(screen.getByRole('img', { name: 'Sign-ups: sign-ups by day' }).querySelectorAll('rect')).toHaveLength(3);
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'reports.signups' }),
      { by: 'day', startdatetime: '2026-11-18', enddatetime: '2026-11-20' },
      expect.anything(),
    );
    await user.keyboard('s');
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Lagos'));
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'reports.signups' }),
      { by: 'state', startdatetime: '2026-11-18', enddatetime: '2026-11-20' },
      expect.anything(),
    );
    expect(screen.getByRole('button', { name: /By state/ }).getAttribute('aria-pressed')).toBe('true');
    const chart = screen.getByRole('list', { name: 'Sign-ups: sign-ups by state' });
    expect(within(chart).getByRole('img', { name: 'Lagos: 2' })).toBeTruthy();
    expect(within(chart).getByRole('img', { name: 'Kano: 1' })).toBeTruthy();
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lagos2Lagos: 2', 'Kano1Kano: 1']);
  });

  it('shows balances in naira, the range’s figure being its last day’s', async () => {
    renderWithSession(<ReportViewPage />, { url: '/reporting-page/view?report=wallet-balances', path: '/reporting-page/view', permissions: ['reports.view'] });
    await screen.findByRole('heading', { name: 'Wallet balances held' });
    await screen.findByRole('table');
    const headline = document.querySelector('[data-headline="wallet-balances"]');
    expect(headline?.textContent).toContain('₦1,500.50');
    expect(screen.getByRole('table').textContent).toContain('₦1,000.00');
  });

  it('says so when a report has nothing in its range', async () => {
    call.mockImplementation(() => Promise.resolve(page([])));
    renderWithSession(<ReportViewPage />, {
      url: '/reporting-page/view?report=payments&by=category',
      path: '/reporting-page/view',
      permissions: ['reports.view'],
    });
    expect(await screen.findByText('Nothing in this range.')).toBeTruthy();
  });
});
