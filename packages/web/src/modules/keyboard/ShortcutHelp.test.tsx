// @vitest-environment happy-dom
import { grantPermissionsBulk, listAdmins } from '@traction/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkAction } from '../list/bulkAction';
import { ListPage } from '../list/ListPage';
import { renderWithSession } from '../../test/renderWithSession';
import { stubViewportSize } from '../../test/stubViewportSize';
import { GlobalShortcuts } from './GlobalShortcuts';
import { shortcutHelpOpenAtom } from './shortcuts';
import { ShortcutHelp } from './ShortcutHelp';

const call = vi.fn();
vi.mock('../../app/client', () => ({ client: { call: (...args: unknown[]) => call(...args) } }));

stubViewportSize();
beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ items: [], page: 1, pageSize: 100, total: 0, hasMore: false });
});
afterEach(cleanup);

function renderConsole() {
  return renderWithSession(
    <>
      <GlobalShortcuts />
      <ListPage
        command={listAdmins}
        title="All Admins"
        bulkActions={[
          bulkAction({ command: grantPermissionsBulk, label: 'Grant audit access', fixed: { permissions: ['audit.view'] } }),
          bulkAction({ command: grantPermissionsBulk, label: 'Grant KYC review', fixed: { permissions: ['kyc.review'] } }),
        ]}
      />
      <ShortcutHelp />
    </>,
    { url: '/admin', permissions: ['admins.view', 'permissions.manage', 'audit.view', 'kyc.review'] },
  ).store;
}

/** The help's rows as "keys: description". */
const helpRows = () =>
  [...within(screen.getByTestId('shortcut-help')).getAllByRole('definition')].map((keys) => `${keys.textContent}: ${keys.previousElementSibling?.textContent}`);

describe('the ? help', () => {
  it.each([
    ['a layout that types it without Shift', { key: '?', code: 'Comma', shiftKey: false }],
    ['Shift+/ on a US keyboard', { key: '?', code: 'Slash', shiftKey: true }],
    ['Shift+ß on a German keyboard', { key: '?', code: 'Minus', shiftKey: true }],
  ])('opens with ? typed on %s', async (_layout, press) => {
    const store = renderConsole();
    fireEvent.keyDown(document.body, press);
    await screen.findByTestId('shortcut-help');
    expect(store.get(shortcutHelpOpenAtom)).toBe(true);
  });

  it('is not opened by Ctrl with the ? key, nor by / alone', () => {
    const store = renderConsole();
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true, ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(store.get(shortcutHelpOpenAtom)).toBe(false);
  });

  it("lists every key of a list page: the selection bar's digits with their buttons' words, the table's keys", async () => {
    renderConsole();
    await waitFor(() => expect(call).toHaveBeenCalled());
    await userEvent.setup().keyboard('?');
    await screen.findByTestId('shortcut-help');
    expect(helpRows()).toEqual(
      expect.arrayContaining([
        '1: Grant audit access (the selected rows)',
        '2: Grant KYC review (the selected rows)',
        'j: Next row',
        'x: Select or unselect the row',
        'Home: First row (table focused)',
        'End: Last loaded row (table focused)',
        '?: Show keyboard shortcuts',
      ]),
    );
  });

  it('links the API reference, in a new tab, one Tab away (focus starts on the dialog)', async () => {
    renderConsole();
    const user = userEvent.setup();
    await user.keyboard('?');
    const help = await screen.findByTestId('shortcut-help');
    const link = within(help).getByRole('link', { name: 'API reference (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement).not.toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(link);
  });
});
