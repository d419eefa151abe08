// @vitest-environment happy-dom
import { listDeployments } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import TerminalDeploymentsPage from './TerminalDeploymentsPage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const deployment = {
  id: 3,
  deployedAt: '2026-11-21T09:00:00.000Z',
  terminal: 12,
  terminalId: '2TRC0012',
  serialNo: 'PAX-0000012',
  businessId: 4,
  businessName: 'Mama Put Kitchens',
  storeName: 'Yaba Outlet',
  requestId: null,
  officerName: 'Ngozi Eze',
  officerPhone: '+2349035550105',
  officerRole: 'DSR',
  latitude: 6.5244,
  longitude: 3.3792,
  gps: '6.52440, 3.37920',
  codeId: 9,
  reportId: 10,
};

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ items: [deployment], page: 1, pageSize: 100, total: 1, hasMore: false });
});
afterEach(cleanup);

const PATHS = ['/terminal-deployments', '/terminal-deployment-mso', '/terminal-deployment-dsr', '/terminal-deployment-sales-agent'];

describe('TerminalDeploymentsPage', () => {
  it.each([
    ['/terminal-deployments', 'Terminal Deployments', undefined],
    ['/terminal-deployment-mso', 'Deployment MSO', 'MSO'],
    ['/terminal-deployment-dsr', 'Deployment DSR', 'DSR'],
    ['/terminal-deployment-sales-agent', 'Deployment by Sales Agent', 'SALES_AGENT'],
  ])('%s lists deployments with the officer role fixed', async (url, title, role) => {
    renderWithSession(<TerminalDeploymentsPage />, { url, path: PATHS, permissions: ['terminals.view'] });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const [command, input] = call.mock.calls[0]!;
    expect(command).toBe(listDeployments);
    expect((input as Record<string, unknown>).officerRole).toBe(role);
    expect(await screen.findByText('Ngozi Eze')).toBeTruthy();
  });
});
