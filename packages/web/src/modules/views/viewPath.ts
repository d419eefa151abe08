import type { SavedView } from '@traction/core';

/** Where a saved view opens: its page with its filters in the URL, the same link sharing the list gives today. */
export function viewPath(view: Pick<SavedView, 'page' | 'filters'>): string {
  const query = new URLSearchParams(view.filters).toString();
  return query ? `${view.page}?${query}` : view.page;
}
