import type { TransferDetail } from '@traction/core';
import { formatDateTime } from '../ui/formatDateTime';
import { Section } from '../ui/Section';
import { TransferStatusBadge } from './TransferStatusBadge';

/** The transfer's life, oldest first: each status it took, when (Lagos time), what happened and who did it. */
export function TransferHistorySection({ transfer }: { transfer: TransferDetail }) {
  return (
    <Section name="history" title="Status history" count={transfer.events.length}>
      <ol aria-label="Status history" className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {transfer.events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the history only grows, so an index names one event for good.
          <li key={index} data-event={event.status} className="grid gap-x-3 gap-y-0.5 px-3 py-2 text-sm sm:grid-cols-[10rem_9rem_1fr]">
            <time dateTime={event.at} className="text-zinc-500 tabular-nums dark:text-zinc-400">
              {formatDateTime(event.at)}
            </time>
            <span>
              <TransferStatusBadge status={event.status} />
            </span>
            <span>
              {event.note}
              {event.responseCode ? <span className="ml-1 font-mono text-xs text-zinc-500">[{event.responseCode}]</span> : null}
              {event.adminName ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">by {event.adminName}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
