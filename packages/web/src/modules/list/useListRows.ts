import type { AnyCommand, ListPage } from '@traction/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { client } from '../../app/client';

type Row = Record<string, unknown>;

/**
 * A list command's rows for some filters, a page of 100 at a time as the table asks for more.
 * Cached under `[command.id, filters, 'infinite']`, so invalidating `[command.id]` after a
 * command refreshes it. The previous filters' rows stay on screen while new ones load; rows
 * still changing are asked for again as often as `refetchInterval` says.
 */
export function useListRows(command: AnyCommand, filters: Record<string, unknown>, refetchInterval?: (rows: readonly Row[]) => number | false) {
  const query = useInfiniteQuery({
    queryKey: [command.id, filters, 'infinite'],
    queryFn: ({ pageParam, signal }) => client.call(command, { ...filters, page: pageParam }, { signal }) as Promise<ListPage<Row>>,
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<Row>) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (refetchInterval ? refetchInterval(current.state.data?.pages.flatMap((page) => page.items) ?? []) : false),
  });
  const pages = query.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  return {
    rows,
    /** Rows matching the filters, per the latest page; undefined until the first arrives. */
    total: pages?.at(-1)?.total,
    query,
  };
}
