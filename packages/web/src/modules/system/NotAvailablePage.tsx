import { Link } from 'react-router';
import type { RouteEntry } from '../../routes';

/** An honest page for a route whose capability has not landed yet. */
export function NotAvailablePage({ route, standalone, missing }: { route: RouteEntry; standalone?: boolean; missing?: boolean }) {
  const body = (
    <div data-page="not-available" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-lg font-semibold">{missing ? 'Page not found' : route.label}</h1>
      <p className="mt-2 text-zinc-500 dark:text-zinc-400">
        {missing ? 'There is no page at this address.' : 'This part of the console is not available yet.'}
      </p>
      {standalone ? null : (
        <Link to="/quick-access" className="mt-4 inline-block text-accent-600 underline dark:text-accent-400">
          Go to Quick Access
        </Link>
      )}
    </div>
  );
  return standalone ? <main className="min-h-screen p-6">{body}</main> : body;
}
