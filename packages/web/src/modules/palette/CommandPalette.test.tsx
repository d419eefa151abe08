// @vitest-environment happy-dom
import { createAdmin, deleteAdmin, getMerchant, updateFraudStatus, updateFraudStatusBulk } from '@traction/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { CommandPalette } from './CommandPalette';
import { paletteOpenAtom } from './paletteAtoms';
import { paletteSelectionAtom } from './paletteSelectionAtom';
import { RECENT_STORAGE_KEY } from './recentEntriesAtom';
import { renderWithSession } from '../../test/renderWithSession';
import { testAdmin } from '../../test/testAdmin';

const admin = testAdmin(['admins.view', 'admins.create', 'audit.view']);

const signOut = vi.fn();
vi.mock('../auth/signOut', () => ({ signOut: () => signOut() }));

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPalette(at = '/overview', permissions = admin.permissions, { store = createStore(), queryClient = new QueryClient() } = {}) {
  store.set(paletteOpenAtom, true);
  renderWithSession(<CommandPalette />, { store, permissions, url: at, routes: { '*': <Where /> }, queryClient });
  return store;
}

const input = () => screen.getByTestId('command-palette').querySelector<HTMLInputElement>('[cmdk-input]')!;
const shownKeys = () => [...document.querySelectorAll('[data-entry-key]')].map((row) => row.getAttribute('data-entry-key'));

beforeEach(() => {
  localStorage.clear();
  signOut.mockReset();
});
afterEach(cleanup);

describe('CommandPalette', () => {
  it('lists only what the admin may open or run', async () => {
    renderPalette();
    await waitFor(() => expect(shownKeys().length).toBeGreaterThan(0));
    const keys = shownKeys();
    expect(keys).toContain('route:/admin');
    expect(keys).toContain('command:admins.create');
    expect(keys).not.toContain('route:/permissions');
    expect(keys).not.toContain('command:admins.delete');
    expect(keys).not.toContain('route:/settlements');
    expect(keys).not.toContain('command:auth.logout');
  });

  it('goes to a page on Enter, closes, and remembers it as recent', async () => {
    const user = userEvent.setup();
    const store = renderPalette();
    await user.type(input(), 'audit');
    await waitFor(() => expect(shownKeys()[0]).toBe('route:/audit-log'));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/audit-log');
    expect(store.get(paletteOpenAtom)).toBe(false);
    expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)).toEqual(['route:/audit-log']);

    act(() => store.set(paletteOpenAtom, true));
    await waitFor(() => expect(shownKeys()[0]).toBe('route:/audit-log'));
    expect(screen.getByText('Recent')).toBeTruthy();
  });

  it('opens a command form on Enter', async () => {
    const user = userEvent.setup();
    const store = renderPalette();
    await user.type(input(), 'invite');
    await waitFor(() => expect(shownKeys()).toEqual(['command:admins.create']));
    await user.keyboard('{Enter}');
    expect(store.get(commandRequestAtom)).toEqual({ command: createAdmin });
    expect(store.get(paletteOpenAtom)).toBe(false);
  });

  it("on a merchant's page, starts a business command with that business (only there)", async () => {
    const user = userEvent.setup();
    const store = renderPalette('/merchants/42', ['merchants.view', 'fraud.manage', 'kyc.override', 'admins.delete']);
    await user.type(input(), 'mark or clear fraud');
    await waitFor(() => expect(shownKeys()[0]).toBe('command:fraud.update'));
    await user.keyboard('{Enter}');
    expect(store.get(commandRequestAtom)).toEqual({ command: updateFraudStatus, initial: { id: 42 } });
    act(() => store.set(commandRequestAtom, null));

    act(() => store.set(paletteOpenAtom, true));
    await user.type(input(), 'delete an admin');
    await waitFor(() => expect(shownKeys()[0]).toBe('command:admins.delete'));
    await user.keyboard('{Enter}');
    // An admin's id is not a business's: nothing is filled in.
    expect(store.get(commandRequestAtom)).toEqual({ command: deleteAdmin });
    cleanup();

    const elsewhere = renderPalette('/overview', ['fraud.manage']);
    await user.type(input(), 'mark or clear fraud');
    await waitFor(() => expect(shownKeys()[0]).toBe('command:fraud.update'));
    await user.keyboard('{Enter}');
    expect(elsewhere.get(commandRequestAtom)).toEqual({ command: updateFraudStatus });
  });

  it('closes on Esc', async () => {
    const user = userEvent.setup();
    const store = renderPalette();
    await waitFor(() => expect(input()).toBeTruthy());
    input().focus();
    await user.keyboard('{Escape}');
    expect(store.get(paletteOpenAtom)).toBe(false);
  });

  it('names the merchant on screen, so the form says "Mark Sunrise Petroleum as fraud"', async () => {
    const user = userEvent.setup();
    const queryClient = new QueryClient();
    queryClient.setQueryData([getMerchant.id, { id: 42 }], { business: { id: 42, name: 'Sunrise Petroleum' } });
    const store = renderPalette('/merchants/42', ['merchants.view', 'fraud.manage'], { queryClient });
    await user.type(input(), 'mark or clear fraud');
    await waitFor(() => expect(shownKeys()[0]).toBe('command:fraud.update'));
    await user.keyboard('{Enter}');
    expect(store.get(commandRequestAtom)).toEqual({ command: updateFraudStatus, initial: { id: 42 }, about: 'Sunrise Petroleum' });
  });

  it('runs an action of the selection bar on the rows selected on the page', async () => {
    const user = userEvent.setup();
    const store = createStore();
    const markAsFraud = vi.fn();
    const clearFraud = vi.fn();
    store.set(paletteSelectionAtom, {
      about: '3 selected businesses',
      actions: [
        { label: 'Mark as fraud', command: updateFraudStatusBulk, run: markAsFraud },
        { label: 'Clear fraud', command: updateFraudStatusBulk, run: clearFraud },
      ],
    });
    renderPalette('/fraud', ['fraud.view', 'fraud.manage'], { store });
    await waitFor(() => expect(shownKeys().slice(0, 2)).toEqual(['selection:fraud.update-bulk:Mark as fraud', 'selection:fraud.update-bulk:Clear fraud']));
    const row = document.querySelector('[data-entry-key="selection:fraud.update-bulk:Mark as fraud"]')!;
    expect(row.textContent).toContain('3 selected businesses');

    await user.type(input(), 'mark as fraud');
    await waitFor(() => expect(shownKeys()[0]).toBe('selection:fraud.update-bulk:Mark as fraud'));
    // The bulk command is offered for the selection only, never as a form asking for ids.
    expect(shownKeys()).not.toContain('command:fraud.update-bulk');
    await user.keyboard('{Enter}');
    expect(markAsFraud).toHaveBeenCalledTimes(1);
    expect(clearFraud).not.toHaveBeenCalled();
    expect(store.get(paletteOpenAtom)).toBe(false);

    act(() => store.set(paletteSelectionAtom, null));
    act(() => store.set(paletteOpenAtom, true));
    await user.type(input(), 'mark as fraud');
    await waitFor(() => expect(shownKeys()).not.toContain('selection:fraud.update-bulk:Mark as fraud'));
  });

  it('signs out from the Logout entry', async () => {
    const user = userEvent.setup();
    const store = renderPalette();
    await user.type(input(), 'logout');
    await waitFor(() => expect(shownKeys()[0]).toBe('action:logout'));
    await user.keyboard('{Enter}');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(store.get(paletteOpenAtom)).toBe(false);
    cleanup();

    renderPalette();
    await user.type(input(), 'sign out');
    await waitFor(() => expect(shownKeys()[0]).toBe('action:logout'));
  });

  it('takes the focus on a touch screen too', async () => {
    const touch = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(pointer: coarse)',
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      renderPalette();
      await waitFor(() => expect(document.activeElement).toBe(input()));
    } finally {
      touch.mockRestore();
    }
  });
});
