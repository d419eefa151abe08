// @vitest-environment happy-dom
import type { AuditEntry } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import AuditLogPage from './AuditLogPage';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const refused: AuditEntry = {
  id: 31,
  at: '2026-11-20T08:00:00.000Z',
  adminId: 1,
  adminEmail: 'bola@traction.ng',
  adminName: 'Bola Ade',
  summary: 'Bola Ade tried to mark Mama Put Kitchen (#42) as fraud and was refused: Mama Put Kitchen is already marked as fraud.',
  subject: 'Mama Put Kitchen (#42)',
  subjectKind: 'business',
  subjectId: '42',
  subjectCount: null,
  deviceFingerprint: '3f9a0c1e',
  commandId: 'fraud.update',
  input: { id: 42, is_fraud: true, reason: 'Chargebacks', password: '[redacted]' },
  outcome: '409',
  message: 'Mama Put Kitchen is already marked as fraud.',
  requestId: 'req-9',
  ip: '10.0.0.1',
};

const bulk: AuditEntry = {
  ...refused,
  id: 30,
  summary: 'Bola Ade marked 120 businesses as fraud: Mule ring',
  subject: '120 businesses',
  subjectId: null,
  subjectCount: 120,
  commandId: 'fraud.update-bulk',
  input: { matching: { search: 'mama', is_fraud: false }, except: [], is_fraud: true, reason: 'Mule ring' },
  outcome: 'ok',
  message: null,
};

/** Where the router is: the page a followed link lands on. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_command: unknown, input: { page?: number }) =>
    Promise.resolve({ items: [refused, bulk], page: input.page ?? 1, pageSize: 100, total: 2, hasMore: false }),
  );
});
afterEach(cleanup);

function renderPage(permissions = ['audit.view', 'merchants.view']) {
  renderWithSession(<AuditLogPage />, { url: '/audit-log', path: '/audit-log', permissions, routes: { '/merchants/:id': <Where /> } });
}

const firstRow = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-row-index="0"]');
    if (!found) throw new Error('no row yet');
    return found;
  });

describe('AuditLogPage', () => {
  it('filters by command title, sending the command id', async () => {
    const user = userEvent.setup();
    renderPage();
    await firstRow();
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Command' });
    const labels = [...select.options].map((option) => option.textContent);
    expect(labels).toContain('Mark or clear fraud on a business');
    expect(labels).not.toContain('Read the audit log');
    await user.selectOptions(select, 'fraud.update');
    await waitFor(() => expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ command: 'fraud.update' }));
  });

  it('shows each entry as a sentence, with its subject linked to its page', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await firstRow();
    expect(row.textContent).toContain(refused.summary);
    const link = within(row).getByRole('link', { name: 'Mama Put Kitchen (#42)' });
    expect(link.getAttribute('href')).toBe('/merchants/42');
    // The grid stays one Tab stop; the entry's dialog carries the link for the keyboard.
    expect(link.getAttribute('tabindex')).toBe('-1');
    // A bulk run names how many, and links nowhere.
    const second = document.querySelector<HTMLElement>('[data-row-index="1"]')!;
    expect(second.textContent).toContain('Bola Ade marked 120 businesses as fraud: Mule ring');
    expect(within(second).queryByRole('link')).toBeNull();
    await user.click(link);
    expect((await screen.findByTestId('where')).textContent).toBe('/merchants/42');
  });

  it('names the subject without a link for an admin who may not open its page', async () => {
    renderPage(['audit.view']);
    const row = await firstRow();
    expect(row.textContent).toContain('Mama Put Kitchen (#42)');
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('opens an entry by keyboard: the sentence, who, when, outcome, the input as labelled fields, and the subject link', async () => {
    const user = userEvent.setup();
    renderPage();
    await firstRow();
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: refused.summary });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Bola Ade (bola@traction.ng)');
    expect(text).toContain('20 Nov 2026, 09:00');
    expect(text).toContain('Refused (409)');
    expect(text).toContain('Mark or clear fraud on a business');
    // The device by its short fingerprint: the device id itself is a credential and never reaches the console.
    expect(within(dialog).getByText('3f9a0c1e')).toBeTruthy();

    // The input as the command's form labels it, not JSON.
    const fields = dialog.querySelector<HTMLElement>('[data-audit-input]')!;
    const pairs = [...fields.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['ID', '42'],
      ['Mark as fraud (untick to clear)', 'Yes'],
      ['Reason', 'Chargebacks'],
      ['Password', 'Hidden (a secret)'],
    ]);
    expect(fields.textContent).not.toContain('{');

    // Tab reaches the subject's link; Enter follows it.
    const link = within(dialog).getByRole('link', { name: 'Mama Put Kitchen (#42)' });
    for (let i = 0; i < 5 && document.activeElement !== link; i++) await user.tab();
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/merchants/42');
  });

  it('shows a bulk run’s filters as labelled fields too', async () => {
    const user = userEvent.setup();
    renderPage();
    await firstRow();
    await user.dblClick(document.querySelector<HTMLElement>('[data-row-index="1"]')!);
    const dialog = await screen.findByRole('dialog', { name: bulk.summary });
    const fields = dialog.querySelector<HTMLElement>('[data-audit-input]')!;
    const pairs = [...fields.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Matching › Search', 'mama'],
      ['Matching › Fraud', 'No'],
      ['Except', '—'],
      ['Mark as fraud (untick to clear)', 'Yes'],
      ['Reason', 'Mule ring'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
