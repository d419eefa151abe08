// @vitest-environment happy-dom
import { clientErrorSettings, reportClientError } from '@traction/core';
import { STORAGE_KEYS } from '@traction/core/client';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../app/AppErrorBoundary';
import { PageError } from './PageError';
import { forgetErrorReportSettings } from './reportRenderError';

const { call, store } = vi.hoisted(() => ({ call: vi.fn(), store: new Map<string, string>() }));
const TOKEN = 'tok-5f1e9a0c7b2d4e6f8a1b3c5d7e9f0a2b';
const DEVICE = 'dev-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
vi.mock('../../app/client', () => ({
  client: {
    call: (...args: unknown[]) => call(...args),
    store: {
      get: (key: string) => store.get(key) ?? null,
      set: (key: string, value: string) => store.set(key, value),
      remove: (key: string) => store.delete(key),
    },
    deviceId: 'dev-0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  },
}));

const PRODUCTION = 'admin.traction.ng';
const TYPED = "Ada's BVN 22212345678";

/** A page with a field that breaks once something is typed, its error carrying the session token (as a failed request's text might). */
function FragilePage() {
  const [note, setNote] = useState('');
  if (note.endsWith('!')) throw new TypeError(`Cannot read properties of undefined (reading 'name') after Bearer ${TOKEN} on /v1/x?token=${TOKEN}`);
  return <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />;
}

function setPageUrl(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

function answer(settings: { reporter: 'off' | 'server'; productionHost: string | null }) {
  call.mockImplementation((command: unknown) => {
    if (command === clientErrorSettings) return Promise.resolve(settings);
    if (command === reportClientError) return Promise.resolve({ id: 42 });
    return Promise.reject(new Error('unexpected call'));
  });
}

const reports = () => call.mock.calls.filter(([command]) => command === reportClientError).map(([, input]) => input as Record<string, unknown>);

async function breakThePage() {
  const router = createMemoryRouter([{ path: '/merchants/:id', element: <FragilePage />, errorElement: <PageError /> }], {
    initialEntries: ['/merchants/42?search=ada&token=abc'],
  });
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Note' }), `${TYPED}!`);
  expect(await screen.findByRole('heading', { name: 'This page stopped working' })).toBeTruthy();
  expect(screen.getByText(/Reload the page to try again/)).toBeTruthy();
  await waitFor(() => expect(document.querySelector('[data-report]')?.getAttribute('data-report')).not.toBe('sending'));
}

beforeEach(() => {
  call.mockReset();
  store.clear();
  store.set(STORAGE_KEYS.token, TOKEN);
  store.set(STORAGE_KEYS.deviceId, DEVICE);
  forgetErrorReportSettings();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a render error', () => {
  it('shows the error page and reports the error, page and build, without the token or what was typed, on the production host', async () => {
    setPageUrl(`https://${PRODUCTION}/merchants/42`);
    answer({ reporter: 'server', productionHost: PRODUCTION });
    await breakThePage();
    expect(reports()).toHaveLength(1);
    const report = reports()[0]!;
    expect(Object.keys(report).sort()).toEqual(['consoleVersion', 'message', 'route', 'stack']);
    expect(report).toMatchObject({ route: '/merchants/42', consoleVersion: 'dev' });
    expect(report.message).toMatch(/^Cannot read properties of undefined \(reading 'name'\)/);
    const sent = JSON.stringify(report);
    expect(sent).not.toContain(TOKEN);
    expect(sent).not.toContain(DEVICE);
    expect(sent).not.toContain('22212345678');
    expect(sent).not.toContain('search=ada');
    expect(screen.getByText('A report has gone to the engineers: quote reference 42.')).toBeTruthy();
  });

  it.each([
    ['on another host (staging, a laptop)', 'staging.traction.ng', { reporter: 'server', productionHost: PRODUCTION }],
    ['while reporting is off', PRODUCTION, { reporter: 'off', productionHost: PRODUCTION }],
    ['when no production host is set', PRODUCTION, { reporter: 'server', productionHost: null }],
  ] as const)('shows the error page but sends nothing %s', async (_case, host, settings) => {
    setPageUrl(`https://${host}/merchants/42`);
    answer(settings);
    await breakThePage();
    expect(call).toHaveBeenCalledWith(clientErrorSettings, {});
    expect(reports()).toEqual([]);
    expect(document.querySelector('[data-report]')?.getAttribute('data-report')).toBe('not-sent');
  });

  it('sends nothing when nobody is signed in', async () => {
    setPageUrl(`https://${PRODUCTION}/merchants/42`);
    answer({ reporter: 'server', productionHost: PRODUCTION });
    store.delete(STORAGE_KEYS.token);
    await breakThePage();
    expect(reports()).toEqual([]);
  });

  it('outside every route is caught by the app boundary, shown on its own page and reported once', async () => {
    setPageUrl(`https://${PRODUCTION}/overview`);
    answer({ reporter: 'server', productionHost: PRODUCTION });
    function Broken(): never {
      throw new Error('The shell broke');
    }
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This page stopped working' })).toBeTruthy();
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]).toMatchObject({ message: 'The shell broke', route: '/overview' });
    expect(await screen.findByText('A report has gone to the engineers: quote reference 42.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Quick Access' }).getAttribute('href')).toBe('/quick-access');
  });
});
