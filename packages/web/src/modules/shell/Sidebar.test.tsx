// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from '../../routes';
import { renderWithSession } from '../../test/renderWithSession';
import { NotAvailablePage } from '../system/NotAvailablePage';
import { Sidebar } from './Sidebar';

// A table of its own, so the test holds whichever pages get built later.
const TEST_ROUTES: RouteEntry[] = vi.hoisted(() => [
  { path: '/built-one', label: 'Built one', group: 'Working', inSidebar: true, page: 'OverviewPage' },
  { path: '/coming-one', label: 'Coming one', group: 'Terminals', inSidebar: true },
  { path: '/coming-two', label: 'Coming two', group: 'Terminals', inSidebar: true },
  { path: '/coming-three', label: 'Coming three', group: 'Terminals', inSidebar: true },
  { path: '/mixed-built', label: 'Mixed built', group: 'Mixed', inSidebar: true, page: 'QuickAccessPage' },
  { path: '/mixed-coming', label: 'Mixed coming', group: 'Mixed', inSidebar: true },
  // Not in the sidebar's groups, but the saved-views section links to it.
  { path: '/saved-views', label: 'Saved Views', group: null, inSidebar: false, page: 'SavedViewsPage' },
]);
vi.mock('../../routes', async (importActual) => ({
  ...(await importActual<typeof import('../../routes')>()),
  GROUPS: ['Working', 'Terminals', 'Mixed'],
  ROUTES: TEST_ROUTES,
}));

afterEach(cleanup);

const group = (name: string) => document.querySelector<HTMLDetailsElement>(`details[data-group="${name}"]`)!;

describe('Sidebar', () => {
  it('shows a group with no page built yet closed and faint, with how many pages wait in it', () => {
    renderWithSession(<Sidebar />, { url: '/built-one' });
    const coming = group('Terminals');
    expect(coming.dataset.notBuilt).toBe('true');
    expect(coming.open).toBe(false);
    expect(coming.querySelector('summary')?.textContent).toBe('Terminals3 pages, not available yet');
    expect(coming.querySelector('summary')?.getAttribute('title')).toBe('3 pages, not available yet');

    expect(group('Working').dataset.notBuilt).toBeUndefined();
    expect(group('Working').querySelector('[data-not-built-count]')).toBeNull();
    // A group with one working page is a working group; only its unbuilt link is faint.
    const mixed = group('Mixed');
    expect(mixed.dataset.notBuilt).toBeUndefined();
    expect(within(mixed).getByRole('link', { name: 'Mixed coming' }).closest('li')?.dataset.notBuilt).toBe('true');
    expect(within(mixed).getByRole('link', { name: 'Mixed built' }).closest('li')?.dataset.notBuilt).toBeUndefined();
  });

  it('still links each of its pages to their "not available yet" page', async () => {
    const user = userEvent.setup();
    const comingTwo = TEST_ROUTES[2]!;
    renderWithSession(<Sidebar />, { url: '/built-one', routes: { '/built-one': null, '/coming-two': <NotAvailablePage route={comingTwo} /> } });
    await user.click(screen.getByText('Terminals'));
    expect(group('Terminals').open).toBe(true);
    await user.click(within(group('Terminals')).getByRole('link', { name: 'Coming two' }));
    expect(screen.getByText('This part of the console is not available yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Coming two' })).toBeTruthy();
  });

  it('opens a not-built group when the admin is on one of its pages', () => {
    renderWithSession(<Sidebar />, { url: '/coming-one' });
    expect(group('Terminals').open).toBe(true);
    expect(group('Terminals').dataset.current).toBe('true');
    expect(group('Working').open).toBe(false);
  });
});
