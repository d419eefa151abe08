// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import ReportsPage from './ReportsPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: vi.fn() },
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

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((command: { id: string }) => Promise.resolve(page(command.id === 'reports.signups' ? SIGNUPS_BY_DAY : [])));
});
afterEach(cleanup);

describe('ReportsPage', () => {
  it('shows every report with its headline numbers; j moves to the first and Enter opens it with the range', async () => {
    const user = userEvent.setup();
    renderWithSession(<ReportsPage />, {
      url: '/reporting-page?startdatetime=2026-11-18&enddatetime=2026-11-20',
      path: '/reporting-page',
      routes: { '/reporting-page/view': <Where /> },
      permissions: ['reports.view'],
    });
    await screen.findByRole('heading', { name: 'Reporting' });
    await waitFor(() => expect(document.querySelector('[data-headline="signups"]')?.textContent).toBe('Sign-ups3'));
    expect(document.querySelectorAll('[data-report-card]')).toHaveLength(5);
    await user.keyboard('j');
    expect(document.activeElement?.getAttribute('data-report-card')).toBe('signups');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/reporting-page/view?report=signups&by=day&startdatetime=2026-11-18&enddatetime=2026-11-20'),
    );
  });
});
