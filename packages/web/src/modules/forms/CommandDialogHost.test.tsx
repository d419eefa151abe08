// @vitest-environment happy-dom
import { createFundsTransfer, grantPermissionsBulk } from '@traction/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandDialogHost } from './CommandDialogHost';
import { commandRequestAtom, type CommandRequest } from './commandRequestAtom';
import { renderWithSession } from '../../test/renderWithSession';

vi.mock('../../app/client', () => ({ client: { call: vi.fn(() => new Promise(() => {})) } }));

function renderHost(request: CommandRequest) {
  const store = createStore();
  store.set(commandRequestAtom, request);
  renderWithSession(<CommandDialogHost />, { store, url: false });
  return store;
}

afterEach(cleanup);

describe('CommandDialogHost', () => {
  it('shows the title, description and subject, and only the fields the caller did not fix', async () => {
    const store = renderHost({ command: grantPermissionsBulk, fixed: { ids: [3, 4] }, subject: '2 selected admins' });
    expect(screen.getByRole('dialog', { name: 'Grant permissions to selected admins' })).toBeTruthy();
    expect(screen.getByText('2 selected admins')).toBeTruthy();
    expect(screen.getByText(/Grants the permissions to every selected admin/)).toBeTruthy();
    const form = screen.getByTestId('command-form');
    expect([...form.querySelectorAll('[data-field]')].map((el) => el.getAttribute('data-field'))).toEqual(['permissions']);

    await userEvent.setup().keyboard('{Escape}');
    expect(store.get(commandRequestAtom)).toBeNull();
  });

  it("gives a command opened without parts (from the palette) the parts of its page's form, focus on its first field", async () => {
    renderHost({ command: createFundsTransfer });
    const bank = await screen.findByRole('combobox', { name: /^Bank/ });
    expect(bank.getAttribute('placeholder')).toBe("Type a bank's name or code…");
    expect(screen.queryByLabelText(/^Expected account name/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: "A merchant's wallet" })));
  });
});
