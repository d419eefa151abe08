import { listAuditLog } from '@traction/core';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { dateTimeFormat } from '../list/formatCell';
import { useCommandQuery } from '../list/useCommandQuery';

const SHOWN = 10;

/** The latest runs of a command, from the audit log: who, on what, and how it ended. */
export function RecentRuns({ commandId, inputs }: { commandId: string; inputs: readonly { key: string; label: string }[] }) {
  const permissions = useAtomValue(permissionSetAtom);
  const allowed = permissions.has('audit.view');
  const runs = useCommandQuery(listAuditLog, { command: commandId }, { enabled: allowed });
  let body;
  if (!allowed) body = <p className="text-zinc-500">Past runs are in the Audit Log, for admins with the audit.view permission.</p>;
  else if (runs.isPending) body = <p className="text-zinc-500">Loading…</p>;
  else if (runs.isError) body = <p role="alert" className="text-red-600">The history could not be loaded.</p>;
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
            {runs.data.items.slice(0, SHOWN).map((run) => (
              <tr key={run.id} data-outcome={run.outcome} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="py-1 pr-3 whitespace-nowrap">{dateTimeFormat.format(new Date(run.at))}</td>
                <td className="py-1 pr-3">{run.adminEmail ?? '—'}</td>
                {inputs.map((input) => (
                  <td key={input.key} className="py-1 pr-3 font-mono text-xs">
                    {String(run.input[input.key] ?? '—')}
                  </td>
                ))}
                <td className={`py-1 pr-3 ${run.outcome === 'ok' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}>{run.outcome === 'ok' ? 'Done' : `Refused (${run.outcome})`}</td>
                <td className="py-1 text-zinc-600 dark:text-zinc-300">{run.message ?? ''}</td>
              </tr>
            ))}
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
