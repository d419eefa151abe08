// @vitest-environment happy-dom
import { cancelVisit, getVisit, listFieldAgents, listVisits, logVisit, scheduleVisit, type VisitRow } from '@traction/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import NewVisitPage from './NewVisitPage';
import VisitPage from './VisitPage';
import VisitSchedulePage from './VisitSchedulePage';

const call = vi.fn();
vi.mock('../../app/client', () => ({
  client: { call: (...args: unknown[]) => call(...args), download: vi.fn() },
}));

stubViewportSize();
beforeEach(() => {
  call.mockReset();
});
afterEach(cleanup);

const SCHEDULER = ['visits.view', 'visits.schedule'];

const visit = (over: Partial<VisitRow> = {}): VisitRow => ({
  id: 12,
  agentId: 3,
  agentName: 'Bola Adeyemi',
  agentRole: 'MSO',
  businessId: 41,
  businessName: 'Mama Put Kitchen',
  agenda: 'SUPPORT',
  location: 'Shop 4, Balogun Market',
  stateCode: 'LA',
  scheduledFor: '2026-01-05T09:00:00.000Z',
  durationMinutes: 60,
  endsAt: '2026-01-05T10:00:00.000Z',
  status: 'SCHEDULED',
  note: null,
  outcome: null,
  loggedAt: null,
  loggedBy: null,
  formId: null,
  cancelReason: null,
  cancelledAt: null,
  createdAt: '2026-01-01T09:00:00.000Z',
  createdBy: 'Ada Obi',
  ...over,
});

const answer = (shown: VisitRow) =>
  call.mockImplementation(async (command: unknown) => {
    if (command === getVisit) return { visit: shown, history: [{ id: 1, kind: 'SCHEDULED', note: null, at: shown.createdAt, by: 'Ada Obi' }] };
    throw new Error('unexpected call');
  });

describe('a merchant visit', () => {
  it('logs (l) and cancels (c) a visit whose time has come, by keyboard', async () => {
    const user = userEvent.setup();
    answer(visit());
    const { store } = renderWithSession(<VisitPage />, {
      permissions: SCHEDULER,
      url: '/view-merchant-visitation-log/12',
      path: '/view-merchant-visitation-log/:id',
    });
    await screen.findByTestId('visit-facts');
    expect(screen.getByTestId('visit-status').textContent).toBe('Scheduled');
    await user.keyboard('l');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: logVisit, fixed: { id: 12 } });
    store.set(commandRequestAtom, null);
    await user.keyboard('c');
    expect(store.get(commandRequestAtom)).toMatchObject({ command: cancelVisit, fixed: { id: 12 } });
  });

  it('shows what happened at a logged visit and links the form the agent submitted; nothing to do any more', async () => {
    answer(visit({ status: 'DONE', outcome: 'Replaced the paper roll', loggedAt: '2026-01-05T12:00:00.000Z', loggedBy: 'Ada Obi', formId: 42 }));
    renderWithSession(<VisitPage />, { permissions: SCHEDULER, url: '/view-merchant-visitation-log/12', path: '/view-merchant-visitation-log/:id' });
    const outcome = await screen.findByTestId('visit-outcome');
    expect(outcome.textContent).toContain('Replaced the paper roll');
    expect(screen.getByTestId('visit-form').getAttribute('href')).toBe('/form-responses/42');
    expect(document.querySelector('[data-action="l"]')).toBeNull();
    expect(document.querySelector('[data-action="c"]')).toBeNull();
  });
});

describe('New Merchant Visit', () => {
  it('picks the agent by name and sends the visit by keyboard', async () => {
    const user = userEvent.setup();
    call.mockImplementation(async (command: unknown) => {
      if (command === listFieldAgents) {
        return {
          items: [
            {
              id: 3,
              name: 'Bola Adeyemi',
              email: 'b@traction.ng',
              phone: '+2348035550101',
              role: 'MSO',
              stateCode: 'LA',
              active: true,
              upcomingVisits: 0,
              managedMerchants: 0,
            },
          ],
          page: 1,
          pageSize: 100,
          total: 1,
          hasMore: false,
        };
      }
      if (command === scheduleVisit) return { visit: visit(), message: 'Visit 12 scheduled.' };
      throw new Error('unexpected call');
    });
    renderWithSession(<NewVisitPage />, { permissions: SCHEDULER, url: '/new-merchant-visit' });
    const agent = (await screen.findByLabelText(/^Agent/)) as HTMLSelectElement;
    await waitFor(() => expect(agent.options.length).toBe(2));
    fireEvent.change(agent, { target: { value: '3' } });
    await user.type(screen.getByLabelText(/^Merchant/), '41');
    fireEvent.change(screen.getByLabelText(/^Agenda/), { target: { value: 'SUPPORT' } });
    fireEvent.change(screen.getByLabelText(/^When/), { target: { value: '2026-12-01T10:00' } });
    screen.getByLabelText(/^Merchant/).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(call.mock.calls.some(([command]) => command === scheduleVisit)).toBe(true));
    const sent = call.mock.calls.find(([command]) => command === scheduleVisit)![1];
    expect(sent).toMatchObject({ agentId: 3, businessId: 41, agenda: 'SUPPORT', scheduledFor: '2026-12-01T10:00' });
    await waitFor(() => expect(document.querySelector('[data-visit-id="12"]')).not.toBeNull());
  });
});

describe('the visitation schedule', () => {
  it('lists the visits, offers the schedule ahead as a tab, and opens a new visit with n', async () => {
    const user = userEvent.setup();
    call.mockImplementation(async (command: unknown) => {
      if (command === listVisits) return { items: [visit()], page: 1, pageSize: 100, total: 1, hasMore: false, next: null };
      throw new Error('unexpected call');
    });
    renderWithSession(<VisitSchedulePage />, {
      permissions: SCHEDULER,
      url: '/merchant-visitation',
      path: '/merchant-visitation',
      routes: { '/new-merchant-visit': <p data-testid="new-visit-page">New visit</p> },
    });
    await waitFor(() => expect(screen.getByTestId('row-count').textContent).toBe('1 matching'));
    expect(screen.getByRole('link', { name: /Ahead/ }).getAttribute('href')).toContain('status=SCHEDULED');
    await user.keyboard('n');
    await screen.findByTestId('new-visit-page');
  });
});
