import { commandsById, listSavedViews, type SavedView } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { canOpen } from '../../canOpen';
import { routeOf } from '../../routes';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { viewPath } from './viewPath';

/** A saved view the admin can open now, with the title of its list's page and where it goes. */
export interface OpenableView {
  view: SavedView;
  /** The page's label, "All Admins". */
  listTitle: string;
  /** The page with the view's filters in the URL. */
  to: string;
}

/**
 * The signed-in admin's saved views whose page they may still open (a permission taken away
 * hides a view; the Saved views page still lists it, to delete). `fetch: false` reads what is
 * cached without asking the server: the sidebar asks, and the palette reuses its answer.
 */
export function useOpenableViews({ fetch }: { fetch: boolean }): readonly OpenableView[] {
  const permissions = useAtomValue(permissionSetAtom);
  const { data } = useCommandQuery(listSavedViews, {}, { enabled: fetch });
  return useMemo(
    () =>
      (data?.items ?? []).flatMap((view) => {
        const route = routeOf(view.page);
        if (!route || !canOpen(route, permissions) || !commandsById.get(view.listId)?.list) return [];
        return [{ view, listTitle: route.label, to: viewPath(view) }];
      }),
    [data, permissions],
  );
}
