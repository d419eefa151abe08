import { Link } from 'react-router';
import type { FilterField } from './filterFields';
import type { ListView } from './ListView';

/** The list's filters in a search, in one order, so `?a=1&b=2` and `?b=2&a=1` are the same view. */
function filtersOf(search: string, fields: readonly FilterField[]): string {
  const params = new URLSearchParams(search);
  return fields
    .map((field) => [field.key, params.get(field.key)?.trim() ?? ''] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/**
 * Tabs over a list: the views its page offers, each a link to the list with its filters, the one
 * showing now marked current. Filters changed by hand match no tab; the tabs still lead back.
 */
export function ListViewTabs({ views, fields, search }: { views: readonly ListView[]; fields: readonly FilterField[]; search: string }) {
  const now = filtersOf(search, fields);
  return (
    <nav aria-label="Views" data-testid="list-views" className="mb-3 flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
      {views.map((view) => {
        const current = filtersOf(view.search, fields) === now;
        return (
          <Link
            key={view.label}
            to={{ search: view.search }}
            aria-current={current ? 'page' : undefined}
            data-view={view.search || 'all'}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${
              current
                ? 'border-accent-600 text-accent-700 dark:text-accent-400'
                : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            {view.label}
            {view.count !== undefined ? (
              <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
                {view.count.toLocaleString('en-NG')}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
