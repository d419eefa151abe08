import { Navigate, useRouteError } from 'react-router';

/** A page that failed to load or render (including the 120 s load timeout) sends the admin to /error. */
export function PageError() {
  const error = useRouteError();
  console.error(error);
  return <Navigate to="/error" replace />;
}
