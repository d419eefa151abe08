import { ROUTES, type RouteEntry } from '../../routes';

function findRoute(): RouteEntry {
  const route = ROUTES.find((entry) => entry.page === 'SavedViewsPage');
  if (!route) throw new Error('routes.ts has no route for SavedViewsPage');
  return route;
}

/** The Saved views page as the route table writes it (path, label, chord), for the links and palette entry that lead there. */
export const savedViewsRoute: RouteEntry = findRoute();
