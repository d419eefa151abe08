import { listSavedViews } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useMemo } from 'react';
import { useCommandQuery } from '../list/useCommandQuery';
import { Keys } from '../keyboard/ShortcutHelp';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { SavedViewRow } from './SavedViewRow';
import { useOpenableViews } from './useOpenableViews';

/** Saved views: every view the admin keeps, to open, rename or delete. Views are made on the lists themselves (Save view). */
export default function SavedViewsPage() {
  const query = useCommandQuery(listSavedViews, {});
  const openable = useOpenableViews({ fetch: true });
  const byId = useMemo(() => new Map(openable.map((entry) => [entry.view.id, entry])), [openable]);
  const views = query.data?.items ?? [];

  return (
    <div data-page="saved-views">
      <PageHeader title="Saved views" description="Your own views of the lists: only you see them. They also sit in the sidebar and the palette (Ctrl+K)." />
      {query.isPending ? <p className="text-zinc-500">Loading…</p> : null}
      {query.isError ? (
        <div role="alert" className="flex items-center gap-3 text-red-600 dark:text-red-400">
          <p>{query.error instanceof ClientError ? query.error.userMessage : query.error.message}</p>
          <Button onClick={() => void query.refetch()}>Retry</Button>
        </div>
      ) : null}
      {query.isSuccess && views.length === 0 ? (
        <p data-testid="no-saved-views" className="text-zinc-600 dark:text-zinc-400">
          You have no saved views yet. On any list, set the filters you want and press Save view (or <Keys keys="s" />
          ).
        </p>
      ) : null}
      {views.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                List
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Filters
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {views.map((view) => (
              <SavedViewRow key={view.id} view={view} openable={byId.get(view.id)} />
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
