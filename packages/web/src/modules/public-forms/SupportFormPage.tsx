import { submitSupportRequest } from '@traction/core';
import { useState } from 'react';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PublicFormCard } from './PublicFormCard';
import { PublicFormReceived } from './PublicFormReceived';

type Received = { reference: string; message: string };

/**
 * The public support form (`/traction-support-form`, no sign-in): who you are and your message,
 * sent on to the help desk. The form is the command's own (`POST sendzohoemail`): its fields,
 * their limits and errors come from the contract; the honeypot field is rendered off-screen and
 * never filled. Ctrl/⌘+Enter sends it.
 */
export default function SupportFormPage() {
  const [received, setReceived] = useState<Received | null>(null);
  // A new key clears the form: after "Send another", or Cancel.
  const [round, setRound] = useState(0);
  const again = () => {
    setReceived(null);
    setRound((n) => n + 1);
  };
  const request: CommandRequest<typeof submitSupportRequest> = {
    command: submitSupportRequest,
    action: 'Send the message',
    onDone: (output) => setReceived(output),
  };
  return (
    <PublicFormCard page="support-form" title="Contact support" intro="Tell us what you need. Our support team replies by email, usually within a working day.">
      {received ? (
        <PublicFormReceived reference={received.reference} message={received.message} again={again} />
      ) : (
        <CommandForm key={round} command={submitSupportRequest} request={request} onClose={again} autoFocus />
      )}
    </PublicFormCard>
  );
}
