import { listKyc, type ListPage } from '@traction/core';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';

/**
 * The records before and after this one in the KYC list the admin came from: the most recently
 * loaded list view (its rows stay cached after leaving it) that holds this record. Nothing when
 * the record was opened from elsewhere.
 */
export function useListNeighbours(id: number): { previous?: number; next?: number } {
  const queryClient = useQueryClient();
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: [listKyc.id] })
    .filter((query) => query.queryKey[2] === 'infinite' && query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of lists) {
    const data = query.state.data as InfiniteData<ListPage<{ id: number }>>;
    const ids = data.pages.flatMap((page) => page.items.map((row) => row.id));
    const at = ids.indexOf(id);
    if (at === -1) continue;
    return { ...(at > 0 ? { previous: ids[at - 1] } : {}), ...(at < ids.length - 1 ? { next: ids[at + 1] } : {}) };
  }
  return {};
}
