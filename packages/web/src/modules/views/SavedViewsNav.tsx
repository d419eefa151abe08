import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { savedViewsRoute } from './savedViewsRoute';
import { useOpenableViews } from './useOpenableViews';

const HEADING = 'text-[11px] font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400';

/** Whether the browser is at this view: its page with exactly its filters, in any order. */
function isAt(to: string, pathname: string, search: string): boolean {
  const [path, query = ''] = to.split('?');
  if (path !== pathname) return false;
  const sorted = (text: string) => {
    const params = new URLSearchParams(text);
    params.sort();
    return params.toString();
  };
  return sorted(query) === sorted(search);
}

/**
 * The sidebar's "Saved views": the admin's views by name, each opening its list with its
 * filters, and Manage (the Saved views page). Asks the server for them; the palette reuses the
 * answer. Nothing shows until the admin has a view they may open.
 */
export function SavedViewsNav({ onNavigate }: { onNavigate?: () => void }) {
  const views = useOpenableViews({ fetch: true });
  const { pathname, search } = useLocation();
  // The drawer of small screens holds a second sidebar: ids must differ.
  const headingId = useId();
  if (views.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid="saved-views-nav" className="mt-3">
      <div className="flex items-center justify-between px-2 pb-1">
        <div id={headingId} className={HEADING}>
          Saved views
        </div>
        <Link to={savedViewsRoute.path} onClick={onNavigate} className="rounded px-1 text-xs text-accent-700 hover:underline dark:text-accent-500">
          Manage
        </Link>
      </div>
      <ul className="space-y-0.5">
        {views.map(({ view, listTitle, to }) => {
          const here = isAt(to, pathname, search);
          return (
            <li key={view.id}>
              <Link
                to={to}
                onClick={onNavigate}
                title={`${view.name} (${listTitle})`}
                aria-current={here ? 'page' : undefined}
                data-view-id={view.id}
                className={`block truncate rounded px-2 py-1 ${here ? 'bg-accent-600 text-white' : 'text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
              >
                {view.name}
                <span className="sr-only"> ({listTitle})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
