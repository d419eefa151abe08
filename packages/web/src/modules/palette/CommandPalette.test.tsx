// @vitest-environment happy-dom
import { createAdmin, deleteAdmin, updateFraudStatus } from '@traction/core';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { commandRequestAtom } from '../forms/commandRequestAtom';
import { CommandPalette } from './CommandPalette';
import { paletteOpenAtom } from './paletteAtoms';
import { RECENT_STORAGE_KEY } from './recentEntriesAtom';
import { renderWithSession } from '../../test/renderWithSession';
import { testAdmin } from '../../test/testAdmin';

const admin = testAdmin(['admins.view', 'admins.create', 'audit.view']);

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPalette(at = '/overview', permissions = admin.permissions) {
  const store = createStore();
  store.set(paletteOpenAtom, true);
  renderWithSession(<CommandPalette />, { store, permissions, url: at, routes: { '*': <Where /> } });
  return store;
}

const input = () => screen.getByTestId('command-palette').querySelector<HTMLInputElement>('[cmdk-input]')!;
const shownKeys = () => [...document.querySelectorAll('[data-entry-key]')].map((row) => row.getAttribute('data-entry-key'));

beforeEach(() => localStorage.clear());
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
});
