import { setTimeout as sleep } from 'node:timers/promises';
import type { AnyCommand, AuditEntry, ListPage } from '@traction/core';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import type { Io } from '../io';
import { pickFields } from '../output/json-fields';
import { callWithSession, type Session } from '../services/session';

export interface TailOptions {
  /** The audit list's own filters (`--command`, `--admin-id`, `--outcome`). */
  filters: Record<string, unknown>;
  /** Entries from this instant on (a date-time the list takes); without it, the last `last` entries. */
  since?: string;
  last: number;
  intervalMs: number;
  /** One JSON object per entry (only these fields, when named) instead of a sentence. */
  json: boolean;
  fields?: readonly string[];
}

/** How many printed ids are remembered, so an entry seen on two polls is printed once. */
const REMEMBERED = 5_000;

/** An instant as Lagos wall-clock time to the second, `2026-11-21 10:00:05`: a live log wants the seconds. */
export const lagosSeconds = (iso: string) => {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? iso : new Date(instant + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
};

/**
 * Prints the audit log as it is written, oldest first, until Ctrl+C (exit 130). The backlog
 * (`since`, or the last few entries) is read within a window closed at the start, page by page
 * from its oldest, so one page is held at a time. Then the newest page is read every
 * interval and, while all of it is new, the pages after it by cursor: each entry is printed
 * once, including one whose transaction committed after a newer one was printed.
 */
export async function followAuditLog(io: Io, session: Session, auditList: AnyCommand, options: TailOptions): Promise<never> {
  const read = (input: Record<string, unknown>) =>
    callWithSession(session, (client) => client.call(auditList, { ...options.filters, ...input } as never, { signal: io.signal })) as Promise<
      ListPage<AuditEntry>
    >;
  const remembered = new Set<number>();
  const order: number[] = [];
  let newest = 0;
  const print = (entries: readonly AuditEntry[]) => {
    for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
      if (remembered.has(entry.id)) continue;
      remembered.add(entry.id);
      order.push(entry.id);
      if (order.length > REMEMBERED) remembered.delete(order.shift()!);
      newest = Math.max(newest, entry.id);
      io.stdout.write(options.json ? `${JSON.stringify(pickFields(entry, options.fields))}\n` : `${lagosSeconds(entry.at)}  ${entry.summary}\n`);
    }
  };

  try {
    // Where "new" starts: the newest entry now. What came before it is the backlog.
    const top = await read({ limit: 1 });
    const floor = top.items[0]?.id ?? 0;
    if (options.since) {
      // Closed at the newest entry (a millisecond on: the answer's times drop the database's microseconds).
      const end = top.items[0] ? new Date(Date.parse(top.items[0].at) + 1).toISOString() : new Date().toISOString();
      const window = { startdatetime: options.since, enddatetime: end };
      // Newest first by cursor to find where each page starts (a number a page), then those pages oldest first.
      const starts: (number | undefined)[] = [undefined];
      let page = await read(window);
      while (page.hasMore && page.next != null) {
        starts.push(page.next);
        page = await read({ ...window, after: page.next });
      }
      for (let index = starts.length - 1; index >= 0; index -= 1) {
        const start = starts[index];
        const entries = index === starts.length - 1 ? page.items : (await read(start === undefined ? window : { ...window, after: start })).items;
        print(entries.filter((entry) => entry.id <= floor));
      }
    } else if (options.last > 0) {
      print((await read({ limit: options.last })).items.filter((entry) => entry.id <= floor));
    }
    newest = Math.max(newest, floor);
    for (;;) {
      await sleep(options.intervalMs, undefined, { signal: io.signal });
      let page = await read({ page: 1 });
      const fresh = [...page.items];
      while (page.hasMore && page.next != null && Math.min(...page.items.map((entry) => entry.id)) > newest) {
        page = await read({ after: page.next });
        fresh.push(...page.items);
      }
      print(fresh.filter((entry) => entry.id > floor));
    }
  } catch (error) {
    // Ctrl+C is how a tail ends: exit 130, nothing more to say.
    if (io.signal.aborted) throw new CliError('', EXIT.interrupted, { cause: error });
    throw error;
  }
}
