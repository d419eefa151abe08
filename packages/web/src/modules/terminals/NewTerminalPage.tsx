import { addTerminal } from '@traction/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PageHeader } from '../ui/PageHeader';

/** Adds a terminal to stock, then opens it. */
export default function NewTerminalPage() {
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const request = useMemo<CommandRequest>(
    () => ({
      command: addTerminal,
      onDone(output) {
        navigate(`/terminals/${(output as { id: number }).id}`);
      },
    }),
    [navigate],
  );
  return (
    <div className="max-w-xl">
      <PageHeader
        title="New Terminal"
        description="A terminal into stock: its maker's serial number and its terminal ID (each unique), provider, model and the bank it acquires for. A serial number that is only digits is padded to 3."
      />
      <section aria-label={addTerminal.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {allowed(addTerminal) ? (
          <CommandForm command={addTerminal} request={request} onClose={() => navigate('/terminals')} />
        ) : (
          <p className="text-zinc-500">You need the {addTerminal.permission} permission to add terminals.</p>
        )}
      </section>
    </div>
  );
}
