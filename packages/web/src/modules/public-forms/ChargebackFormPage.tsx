import { submitChargeback } from '@traction/core';
import { useState } from 'react';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import type { FormParts } from '../forms/FormParts';
import { PublicFormCard } from './PublicFormCard';
import { PublicFormReceived } from './PublicFormReceived';

type Received = { reference: string; message: string };

/** A business name is asked of merchants only. */
const PARTS: FormParts = {
  applies: (name, values) => name !== 'businessName' || values.claimant === 'MERCHANT',
};

/**
 * The public chargeback form (`/traction-chargeback-form`, no sign-in): a cardholder or merchant
 * disputes a card payment by its RRN or terminal ID, amount (typed in Naira) and day, with a
 * photo or PDF of the slip or statement. The form is the command's own: its fields, limits and
 * errors come from the contract; the honeypot field is rendered off-screen and never filled.
 */
export default function ChargebackFormPage() {
  const [received, setReceived] = useState<Received | null>(null);
  const [round, setRound] = useState(0);
  const again = () => {
    setReceived(null);
    setRound((n) => n + 1);
  };
  const request: CommandRequest<typeof submitChargeback> = {
    command: submitChargeback,
    action: 'Send the dispute',
    parts: PARTS,
    onDone: (output) => setReceived(output),
  };
  return (
    <PublicFormCard
      page="chargeback-form"
      title="Dispute a card payment"
      intro="Charged twice, charged for a payment that failed, or for one you did not make? Give us the RRN or the terminal ID printed on the slip, and we will look into it with the bank."
    >
      {received ? (
        <PublicFormReceived reference={received.reference} message={received.message} again={again} />
      ) : (
        <CommandForm key={round} command={submitChargeback} request={request} onClose={again} autoFocus />
      )}
    </PublicFormCard>
  );
}
