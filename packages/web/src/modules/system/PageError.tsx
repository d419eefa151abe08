import { useLocation, useRouteError } from 'react-router';
import { RenderErrorPage } from './RenderErrorPage';

/**
 * A page that failed to render or to load (including the 120 s load timeout): the error page in
 * its place, so the address stays and a reload tries the same page again; the error is reported.
 */
export function PageError({ standalone }: { standalone?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <RenderErrorPage error={error} route={pathname} standalone={standalone} />;
}
