import { useMemo } from 'react';
import type { PaletteEntry } from '../palette/PaletteEntry';
import { savedViewsRoute } from './savedViewsRoute';
import { useOpenableViews } from './useOpenableViews';

/** The Saved views page: not a sidebar link (the sidebar's Saved views heading leads there), so the palette learns of it here. */
const MANAGER: PaletteEntry = {
  key: `route:${savedViewsRoute.path}`,
  kind: 'route',
  label: savedViewsRoute.label,
  group: '',
  keywords: ['rename view', 'delete view', 'manage views', 'bookmarks'],
  target: savedViewsRoute.path,
  ...(savedViewsRoute.chord ? { chord: savedViewsRoute.chord } : {}),
};

/** The palette's entries for saved views: "View: <name> (<list title>)" for each one the admin may open, and the page that manages them. */
export function useSavedViewPaletteEntries(): readonly PaletteEntry[] {
  const views = useOpenableViews({ fetch: false });
  return useMemo(
    () => [
      ...views.map(
        ({ view, listTitle, to }): PaletteEntry => ({
          key: `view:${view.id}`,
          kind: 'route',
          label: `View: ${view.name} (${listTitle})`,
          group: 'Saved views',
          keywords: ['saved view', listTitle],
          target: to,
        }),
      ),
      MANAGER,
    ],
    [views],
  );
}
