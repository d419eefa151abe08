import { listAuditLog, type AnyCommand } from '@traction/core';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { useCommandQuery } from '../list/useCommandQuery';

const SHOWN = 10;

/**
 * How a run ended, in words: the audit log keeps `ok` or the HTTP status. A bank that did not
 * answer a change may have made it, and the words say so.
 */
export function outcomeWords(outcome: string, message: string | null): { text: string; tone: 'ok' | 'refused' | 'unknown' } {
  const said = message ?? '';
  const mayHave = /may have/i.test(said);
  switch (outcome) {
    case 'ok':
      return { text: 'Done', tone: 'ok' };
    case '504':
      return mayHave ? { text: 'Timed out — may have acted', tone: 'unknown' } : { text: 'Timed out — nothing changed', tone: 'refused' };
    case '502':
    case '503':
      return mayHave ? { text: 'Bank error — may have acted', tone: 'unknown' } : { text: 'Bank error — nothing changed', tone: 'refused' };
    case '409':
      if (/already re-(sent|pushed)/i.test(said)) return { text: 'Refused: already re-pushed', tone: 'refused' };
      if (mayHave) return { text: 'Refused: an earlier run may have acted', tone: 'unknown' };
      return { text: 'Refused: not allowed now', tone: 'refused' };
    case '400':
      return { text: 'Refused: check the details', tone: 'refused' };
    case '403':
      return { text: 'Refused: no permission', tone: 'refused' };
    case '404':
      return { text: 'Refused: not found', tone: 'refused' };
    default:
      return { text: 'Failed', tone: 'refused' };
  }
}

const TONE = {
  ok: 'text-emerald-700 dark:text-emerald-400',
  refused: 'text-red-700 dark:text-red-400',
  unknown: 'text-amber-700 dark:text-amber-400',
} as const;

/** The latest runs of a command, from the audit log: who, on what, and how it ended. */
export function RecentRuns({ command, inputs }: { command: AnyCommand; inputs: readonly { key: string; label: string }[] }) {
  const permissions = useAtomValue(permissionSetAtom);
  const allowed = permissions.has('audit.view');
  const runs = useCommandQuery(listAuditLog, { command: command.id }, { enabled: allowed });
  let body: ReactNode;
  if (!allowed) body = <p className="text-zinc-500">Past runs are in the Audit Log, for admins with the audit.view permission.</p>;
  else if (runs.isPending) body = <p className="text-zinc-500">Loading…</p>;
  else if (runs.isError)
    body = (
      <p role="alert" className="text-red-600">
        The history could not be loaded.
      </p>
    );
  else if (runs.data.items.length === 0) body = <p className="text-zinc-500">No runs yet.</p>;
  else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="recent-runs">
          <thead className="text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th className="py-1 pr-3 font-medium">Time</th>
              <th className="py-1 pr-3 font-medium">Admin</th>
              {inputs.map((input) => (
                <th key={input.key} className="py-1 pr-3 font-medium">
                  {input.label}
                </th>
              ))}
              <th className="py-1 pr-3 font-medium">Outcome</th>
              <th className="py-1 font-medium">Message</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.items.slice(0, SHOWN).map((run) => {
              const ended = outcomeWords(run.outcome, run.message);
              return (
                <tr key={run.id} data-outcome={run.outcome} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                  <td className="py-1 pr-3 whitespace-nowrap">{dateTimeFormat.format(new Date(run.at))}</td>
                  <td className="py-1 pr-3">{run.adminEmail ?? '—'}</td>
                  {inputs.map((input) => (
                    <td key={input.key} className="py-1 pr-3 font-mono text-xs whitespace-nowrap">
                      {String(run.input[input.key] ?? '—')}
                    </td>
                  ))}
                  <td className={`py-1 pr-3 whitespace-nowrap ${TONE[ended.tone]}`} title={`HTTP ${run.outcome}`}>
                    {ended.text}
                  </td>
                  <td className="min-w-72 py-1 break-words whitespace-normal text-zinc-600 dark:text-zinc-300">{run.message ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section aria-label="Recent runs" className="mt-6">
      <h2 className="mb-2 font-medium">Recent runs</h2>
      {body}
    </section>
  );
}
