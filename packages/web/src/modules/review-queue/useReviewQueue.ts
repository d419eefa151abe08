import type { ListPage } from '@traction/core';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { client } from '../../app/client';
import type { ReviewArrival } from './ReviewArrival';
import type { ReviewQueue } from './ReviewQueue';

type Row = Record<string, unknown>;
type Pages = InfiniteData<ListPage<Row>>;

/** How many pages of 100 are read, at most, to find a record opened directly in its queue. */
const MAX_PAGES = 10;

/** The list page's own cache entry for these filters (as useListRows keys it): rows loaded there are not loaded again. */
const queueKey = (queue: ReviewQueue) => [queue.command.id, queue.filters, 'infinite'];
const idsOf = (queue: ReviewQueue, data: Pages | undefined): number[] =>
  data?.pages.flatMap((page) => page.items.map((row) => Number(row[queue.command.list?.rowKey ?? 'id']))) ?? [];

/**
 * The next record to open after `recordId`: the one after it in the queue, or, once it has left
 * the queue (decided, and the list reloaded), the first that the reviewer had not already passed.
 */
function nextAfter(ids: readonly number[], recordId: number, passed: ReadonlySet<number>): number | undefined {
  const at = ids.indexOf(recordId);
  if (at >= 0) return ids[at + 1];
  return ids.find((id) => id !== recordId && !passed.has(id));
}

export interface ReviewQueueChoice {
  /** The queue of the list the reviewer came from (that list page's remembered filters), if any. */
  from: ReviewQueue | null;
  /** The queue the record belongs to, for a record opened any other way; null until the record has loaded. */
  own: ReviewQueue | null;
}

export interface ReviewQueueState {
  /** The queue being walked; null while it cannot be chosen yet (the record is still loading). */
  queue: ReviewQueue | null;
  previous?: number;
  next?: number;
  /** Where the record stands in the queue (3 of 17), while it is in the rows read. */
  position?: { at: number; total: number };
  /** Opens the next or previous record of the queue (j, k). */
  go(id: number): void;
  /**
   * After a decision on the record: opens the next record of the queue with `notice` and focus on
   * its decision, or, after the last, goes back to the list saying so.
   */
  advance(notice: string): Promise<void>;
}

/**
 * The decide-and-advance piece every review queue uses. The queue is the list the reviewer came
 * from when its loaded rows hold the record, else the queue the record belongs to; it stays the
 * same while the reviewer moves along it, even as decided records leave it. Rows are the list
 * page's own cache entry, read further (up to 1,000 rows) until the record and the one after it are in.
 */
export function useReviewQueue(recordId: number, choice: ReviewQueueChoice): ReviewQueueState {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pin, setPin] = useState<{ recordId: number; queue: ReviewQueue } | null>(null);
  let queue = pin?.recordId === recordId ? pin.queue : null;
  if (!queue) {
    const { from, own } = choice;
    const fromHoldsIt = from !== null && idsOf(from, queryClient.getQueryData<Pages>(queueKey(from))).includes(recordId);
    queue = fromHoldsIt ? from : own;
    if (queue) setPin({ recordId, queue });
  }

  const query = useInfiniteQuery({
    queryKey: queue ? queueKey(queue) : ['review-queue', 'none'],
    queryFn: ({ pageParam, signal }) => client.call(queue!.command, { ...queue!.filters, page: pageParam }, { signal }) as Promise<ListPage<Row>>,
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<Row>) => (last.hasMore ? last.page + 1 : undefined),
    enabled: queue !== null,
  });
  const ids = useMemo(() => (queue ? idsOf(queue, query.data) : []), [queue, query.data]);
  const at = ids.indexOf(recordId);

  // Who came before the record when it was last in the rows: once decided it leaves them, and the
  // next record is the first the reviewer has not passed.
  const passed = useRef<{ recordId: number; ids: ReadonlySet<number> }>({ recordId, ids: new Set() });
  useEffect(() => {
    if (at >= 0) passed.current = { recordId, ids: new Set(ids.slice(0, at)) };
    else if (passed.current.recordId !== recordId) passed.current = { recordId, ids: new Set() };
  }, [ids, at, recordId]);
  const passedNow = passed.current.recordId === recordId ? passed.current.ids : new Set<number>();

  // Read on until the record, and the one after it, are in.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pages = query.data?.pages.length ?? 0;
  const readMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError && pages < MAX_PAGES && (at === -1 || at === ids.length - 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page read is a new moment to look again.
  useEffect(() => {
    if (readMore) void fetchNextPage();
  }, [readMore, fetchNextPage, pages]);

  const go = (id: number, arrival?: ReviewArrival) => {
    if (!queue) return;
    setPin({ recordId: id, queue });
    navigate(queue.recordPath(id), arrival ? { state: { reviewArrival: arrival } } : undefined);
  };

  const advance = async (notice: string) => {
    if (!queue) return;
    const key = queueKey(queue);
    const before = passedNow;
    let next = nextAfter(idsOf(queue, queryClient.getQueryData<Pages>(key)), recordId, before);
    for (let read = 0; next === undefined && read < 3 && queryClient.getQueryData<Pages>(key)?.pages.at(-1)?.hasMore; read++) {
      await fetchNextPage();
      next = nextAfter(idsOf(queue, queryClient.getQueryData<Pages>(key)), recordId, before);
    }
    if (next !== undefined) {
      go(next, { notice, focus: true });
      return;
    }
    const arrival: ReviewArrival = { notice: `${notice} That was the last record in ${queue.title}.`, focus: true };
    navigate(queue.listPath, { state: { reviewArrival: arrival } });
  };

  const previous = at > 0 ? ids[at - 1] : at === -1 ? [...passedNow].filter((id) => ids.includes(id)).at(-1) : undefined;
  const next = nextAfter(ids, recordId, passedNow);
  const total = query.data?.pages.at(-1)?.total;
  return {
    queue,
    ...(previous !== undefined ? { previous } : {}),
    ...(next !== undefined ? { next } : {}),
    ...(at >= 0 && total !== undefined ? { position: { at: at + 1, total } } : {}),
    go: (id) => go(id),
    advance,
  };
}
