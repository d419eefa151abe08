import type { SessionUser } from '@traction/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sessionUserAtom } from '../modules/auth/sessionAtoms';
import { testAdmin } from './testAdmin';

type Store = ReturnType<typeof createStore>;

export interface RenderWithSessionOptions {
  /** What the signed-in admin may do (a test admin holding exactly these); ignored when `user` is given. */
  permissions?: readonly string[];
  /** The signed-in admin, or null when nobody is signed in (the login page). */
  user?: SessionUser | null;
  /** Where the memory router starts; false for no router (forms and dialogs that never read the URL). */
  url?: string | false;
  /** The route pattern(s) `ui` is mounted at, for pages that read their parameters. Without it `ui` renders at every URL. */
  path?: string | readonly string[];
  /** More routes, for where navigation lands (`{ '*': <Where /> }`). Without `path`, `ui` renders beside them. */
  routes?: Readonly<Record<string, ReactNode>>;
  /** A store the test has already set atoms in; the session is set into it. */
  store?: Store;
  /** Default: one that does not retry, so a failed answer shows at once. */
  queryClient?: QueryClient;
}

/**
 * Renders `ui` inside what the signed-in console gives every page: the jotai store holding the
 * session, TanStack Query and a memory router. Returns testing-library's result with the store
 * and query client, for tests that read atoms or spy on invalidation.
 */
export function renderWithSession(ui: ReactNode, options: RenderWithSessionOptions = {}) {
  const { permissions = [], url = '/', path, routes = {}, store = createStore() } = options;
  const user = options.user === undefined ? testAdmin(permissions) : options.user;
  if (user) store.set(sessionUserAtom, user);
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });

  const extraRoutes = Object.entries(routes).map(([pattern, element]) => <Route key={pattern} path={pattern} element={element} />);
  let tree: ReactNode = ui;
  if (path !== undefined) {
    tree = (
      <Routes>
        {(typeof path === 'string' ? [path] : path).map((pattern) => (
          <Route key={pattern} path={pattern} element={ui} />
        ))}
        {extraRoutes}
      </Routes>
    );
  } else if (extraRoutes.length > 0) {
    tree = (
      <>
        <Routes>{extraRoutes}</Routes>
        {ui}
      </>
    );
  }

  const result = render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{url === false ? tree : <MemoryRouter initialEntries={[url]}>{tree}</MemoryRouter>}</QueryClientProvider>
    </Provider>,
  );
  return { ...result, store, queryClient };
}
