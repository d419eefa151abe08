import { useAtomValue } from 'jotai';
import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { canOpen } from '../canOpen';
import { ROUTES, toRouterPath, type RouteEntry } from '../routes';
import { permissionSetAtom, sessionUserAtom } from '../modules/auth/sessionAtoms';
import { NotAvailablePage } from '../modules/system/NotAvailablePage';
import { PageError } from '../modules/system/PageError';
import { PageSpinner } from '../modules/ui/PageSpinner';
import { lazyPage } from './lazyPage';
import { pageLoaders } from './pageLoaders';
import { setNavigator } from './navigation';

/** Spec §6: without stored user data every guarded route goes to Login. */
function Guard() {
  const user = useAtomValue(sessionUserAtom);
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <ShellLayout />
    </Suspense>
  );
}

// Each its own chunk: a signed-out visitor downloads the login form, not the console.
const ShellLayout = lazyPage(() => import('../modules/shell/ShellLayout'));
const LoginPage = lazyPage(() => import('../modules/auth/LoginPage'));
const ResetPasswordPage = lazyPage(() => import('../modules/auth/ResetPasswordPage'));

function PublicPage({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

function RoutePage({ route }: { route: RouteEntry }) {
  const permissions = useAtomValue(permissionSetAtom);
  if (!route.page) return <NotAvailablePage route={route} />;
  if (!canOpen(route, permissions)) return <Navigate to="/no-permission" replace />;
  const Page = lazyPage(pageLoaders[route.page]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

const publicPages: Record<string, RouteObject['element']> = {
  '/login': <PublicPage page={LoginPage} />,
  '/reset-password': <PublicPage page={ResetPasswordPage} />,
};

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/quick-access" replace /> },
  ...ROUTES.filter((r) => r.public).map((r) => ({
    path: r.path,
    // A public page of its own (login has its own chunk above; a page module named in ROUTES otherwise).
    element: publicPages[r.path] ?? (r.page ? <PublicPage page={lazyPage(pageLoaders[r.page])} /> : <NotAvailablePage route={r} standalone />),
    errorElement: <PageError standalone />,
  })),
  {
    element: <Guard />,
    errorElement: <PageError />,
    children: [
      ...ROUTES.filter((r) => !r.public).map((r) => ({ path: toRouterPath(r.path), element: <RoutePage route={r} />, errorElement: <PageError /> })),
      { path: '*', element: <NotAvailablePage route={{ path: '*', label: 'Page not found', group: null, inSidebar: false }} missing /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
setNavigator((to) => void router.navigate(to));
