// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderWithSession';
import NewOverrideCodePage from './NewOverrideCodePage';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

const issued = {
  id: 7,
  terminal: 12,
  terminalId: '2TRC0012',
  serialNo: 'PAX-0000012',
  terminalName: '2TRC0012 (PAX-0000012)',
  purpose: 'LOCK_RESET',
  note: null,
  status: 'ACTIVE',
  createdBy: 'Ada Obi',
  createdAt: '2026-11-21T09:00:00.000Z',
  expiresAt: '2026-11-22T09:00:00.000Z',
  usedAt: null,
  usedBy: null,
  usedOnTerminalId: null,
  revokedAt: null,
  revokedBy: null,
  revokeReason: null,
  code: '4821 0937 5512',
};

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('NewOverrideCodePage', () => {
  it('issues a code for the terminal in the link, shows it once with a copy button, and forgets it for the next one', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    call.mockResolvedValue(issued);
    renderWithSession(<NewOverrideCodePage />, {
      url: '/new-terminal-override-code?terminal_id=2TRC0012',
      path: '/new-terminal-override-code',
      permissions: ['terminals.view', 'terminals.override'],
    });
    expect((screen.getByLabelText(/^Terminal ID/) as HTMLInputElement).value).toBe('2TRC0012');
    await user.selectOptions(screen.getByLabelText(/^Purpose/), 'LOCK_RESET');
    // A confirm command: asked first, then sent.
    await user.click(screen.getByRole('button', { name: /^Issue a terminal override code/ }));
    await user.click(screen.getByRole('button', { name: /^Issue a terminal override code/ }));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toMatchObject({ terminal_id: '2TRC0012', purpose: 'LOCK_RESET', validForHours: 24 });

    expect((await screen.findByLabelText('Override code')).textContent).toBe('4821 0937 5512');
    expect(screen.getByRole('alert').textContent).toContain('will not be shown again');
    await user.click(screen.getByRole('button', { name: /^Copy/ }));
    expect(writeText).toHaveBeenCalledWith('482109375512');
    expect(await screen.findByText('Copied.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Issue another/ }));
    expect(screen.queryByLabelText('Override code')).toBeNull();
    expect(document.body.textContent).not.toContain('4821 0937 5512');
    expect(screen.getByLabelText(/^Purpose/)).toBeTruthy();
  });

  it('says which permission issuing needs', () => {
    renderWithSession(<NewOverrideCodePage />, { url: '/new-terminal-override-code', path: '/new-terminal-override-code', permissions: ['terminals.view'] });
    expect(document.body.textContent).toContain('You need the terminals.override permission');
  });
});
