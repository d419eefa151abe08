import { addTerminalRequest, TERMINAL_REQUEST_FORMS } from '@traction/core';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PageHeader } from '../ui/PageHeader';
import { requestPath } from './terminalRequestsQueue';

/**
 * Raising a terminal request: the three channel forms (`/terminal-request-form/<channel>`, the
 * channel fixed) and Request Terminals (`/request-terminals`, any channel). Opens the request once raised.
 */
export default function TerminalRequestFormPage() {
  const { pathname } = useLocation();
  const form = TERMINAL_REQUEST_FORMS.find((each) => pathname === `/terminal-request-form/${each.slug}`);
  const navigate = useNavigate();
  const { allowed } = useOpenCommand();
  const request = useMemo<CommandRequest>(
    () => ({
      command: addTerminalRequest,
      ...(form ? { fixed: { source: form.source } } : {}),
      onDone(output) {
        navigate(requestPath((output as { id: number }).id));
      },
    }),
    [navigate, form],
  );
  return (
    <div className="max-w-xl" data-page="terminal-request-form" data-source={form?.source ?? ''}>
      <PageHeader
        title={form ? `Terminal Request: ${form.label}` : 'Request Terminals'}
        description="Terminals for a merchant: who to call, where to deliver, how many, which model and plan (priced from the price list), and whether they go on loan. A merchant marked as fraud cannot request terminals."
      />
      <section aria-label={addTerminalRequest.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {allowed(addTerminalRequest) ? (
          <CommandForm key={pathname} command={addTerminalRequest} request={request} onClose={() => navigate('/terminal-requests/all')} />
        ) : (
          <p className="text-zinc-500">You need the {addTerminalRequest.permission} permission to raise terminal requests.</p>
        )}
      </section>
    </div>
  );
}
