import type { AnyCommand } from '@traction/core';
import { auditInputRows } from './auditInputRows';

/** What an audit entry's command was sent, as labelled fields (secrets hidden). */
export function AuditInputFields({ command, input }: { command: AnyCommand | undefined; input: Record<string, unknown> }) {
  const rows = auditInputRows(command, input);
  if (rows.length === 0) {
    return (
      <p data-audit-input className="mt-1 text-zinc-500 dark:text-zinc-400">
        Nothing was sent with it.
      </p>
    );
  }
  return (
    <dl data-audit-input className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-md bg-zinc-50 p-2 dark:bg-zinc-800/60">
      {rows.map((row) => (
        <div key={row.key} className="contents" data-field={row.key}>
          <dt className="text-zinc-500 dark:text-zinc-400">{row.label}</dt>
          <dd className="min-w-0 whitespace-pre-wrap wrap-anywhere">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
