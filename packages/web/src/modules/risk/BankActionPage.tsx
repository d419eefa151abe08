import type { AnyCommand } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { CommandForm } from '../forms/CommandForm';
import { PageHeader } from '../ui/PageHeader';
import { RecentRuns } from './RecentRuns';

export interface BankActionPageProps {
  command: AnyCommand;
  title: string;
  description: string;
  /** Input fields shown for each past run. */
  inputs: readonly { key: string; label: string }[];
}

/**
 * A page that runs one bank command: its form (asks to confirm, explains the bank's refusals and
 * timeouts under the form), the answer, then a fresh form; and the latest runs from the audit log.
 */
export function BankActionPage({ command, title, description, inputs }: BankActionPageProps) {
  const permissions = useAtomValue(permissionSetAtom);
  const [round, setRound] = useState(0);
  // A new request per round: a new form with a new Idempotency-Key.
  const request = useMemo(() => ({ command, round }), [command, round]);
  const mayRun = command.permission === null || permissions.has(command.permission);
  return (
    <div className="max-w-4xl">
      <PageHeader title={title} description={description} />
      <section aria-label={command.title} className="max-w-xl rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {mayRun ? (
          <CommandForm key={round} command={command} request={request} onClose={() => setRound((n) => n + 1)} />
        ) : (
          <p className="text-zinc-500">You need the {command.permission} permission to do this.</p>
        )}
      </section>
      <RecentRuns command={command} inputs={inputs} />
    </div>
  );
}
