// @vitest-environment happy-dom
import type { AuditEntry } from '@traction/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AuditLogPage from './AuditLogPage';
import { stubViewportSize } from '../../test/stubViewportSize';
import { renderWithSession } from '../../test/renderWithSession';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const entry: AuditEntry = {
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

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((_command: unknown, input: { page?: number }) =>
    Promise.resolve({ items: [entry], page: input.page ?? 1, pageSize: 100, total: 1, hasMore: false }),
  );
});
afterEach(cleanup);

function renderPage(url = '/audit-log') {
  renderWithSession(<AuditLogPage />, { url, permissions: ['audit.view'] });
}

describe('AuditLogPage', () => {
  it('filters by command title, sending the command id', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(document.querySelector('[data-row-index="0"]')).toBeTruthy());
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Command' });
    const labels = [...select.options].map((option) => option.textContent);
    expect(labels).toContain('Mark or clear fraud on a business');
    expect(labels).not.toContain('Read the audit log');
    await user.selectOptions(select, 'fraud.update');
    await waitFor(() => expect(call.mock.calls.at(-1)?.[1]).toMatchObject({ command: 'fraud.update' }));
  });

  it('opens an entry with Enter or a double click: who, when, what, outcome, message and input', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-row-index="0"]');
      if (!found) throw new Error('no row yet');
      return found;
    });
    await user.dblClick(row);
    const dialog = await screen.findByRole('dialog', { name: 'Mark or clear fraud on a business' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('bola@traction.ng');
    expect(text).toContain('20 Nov 2026, 09:00');
    expect(text).toContain('Refused (409)');
    expect(text).toContain('Mama Put Kitchen is already marked as fraud.');
    // The device by its short fingerprint: the device id itself is a credential and never reaches the console.
    expect(within(dialog).getByText('3f9a0c1e')).toBeTruthy();
    const input = within(dialog).getByText(/Chargebacks/);
    expect(input.textContent).toBe(JSON.stringify(entry.input, null, 2));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('j');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('audit-entry')).toBeTruthy();
  });
});
