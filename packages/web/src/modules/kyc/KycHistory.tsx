import type { KycEvent } from '@traction/core';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { KycStatusBadge } from './KycStatusBadge';

/** A record's status changes, oldest first, each with who made it and why. */
export function KycHistory({ events }: { events: readonly KycEvent[] }) {
  if (events.length === 0) return <p className="px-3 py-4 text-zinc-500 dark:text-zinc-400">No status changes yet.</p>;
  return (
    <ol data-testid="kyc-history" className="relative space-y-3 px-3 py-3">
      {events.map((event) => (
        <li key={event.id} data-event-to={event.toStatus} className="border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
          <div className="flex flex-wrap items-center gap-1.5 text-sm">
            {event.fromStatus ? (
              <>
                <KycStatusBadge status={event.fromStatus} />
                <span role="img" aria-label="to">
                  →
                </span>
              </>
            ) : (
              <span className="text-zinc-500">Submitted as</span>
            )}
            <KycStatusBadge status={event.toStatus} />
            <span className="text-zinc-500 dark:text-zinc-400">
              {event.admin ? `by ${event.admin.name || event.admin.email}` : 'automatically'} · {dateTimeFormat.format(new Date(event.at))}
            </span>
          </div>
          {event.comment ? <p className="mt-1 whitespace-pre-line text-zinc-700 dark:text-zinc-300">{event.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}
