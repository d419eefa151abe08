import { createOverrideCode, type OverrideCodeRow } from '@traction/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PageHeader } from '../ui/PageHeader';
import { IssuedOverrideCode } from './IssuedOverrideCode';

type Issued = OverrideCodeRow & { code: string };

/**
 * New Terminal Override Code: the form (a terminal ID, or none for any terminal; the purpose; how
 * many hours it works), then the code, shown this once with a copy button. `?terminal_id=` fills
 * the terminal in.
 */
export default function NewOverrideCodePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { allowed } = useOpenCommand();
  const [issued, setIssued] = useState<Issued | null>(null);
  // A new form after each code: a fresh form starts empty.
  const [round, setRound] = useState(0);
  const terminalId = params.get('terminal_id') ?? undefined;
  const request = useMemo<CommandRequest<typeof createOverrideCode>>(
    () => ({
      command: createOverrideCode,
      ...(terminalId ? { initial: { terminal_id: terminalId } } : {}),
      onDone(output) {
        setIssued(output);
      },
    }),
    [terminalId],
  );
  return (
    <div className="max-w-xl">
      <PageHeader
        title="New Terminal Override Code"
        description="A single-use code that overrides a terminal's device lock: for one terminal, or any when none is named. It works for 24 hours unless you choose from 1 to 168. It is shown once, when issued."
      />
      <section aria-label={createOverrideCode.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {!allowed(createOverrideCode) ? (
          <p className="text-zinc-500">You need the {createOverrideCode.permission} permission to issue override codes.</p>
        ) : issued ? (
          <IssuedOverrideCode
            issued={issued}
            onAnother={() => {
              setIssued(null);
              setRound((n) => n + 1);
            }}
          />
        ) : (
          <CommandForm key={round} command={createOverrideCode} request={request} onClose={() => navigate('/terminal-override-code')} />
        )}
      </section>
    </div>
  );
}
