import { providusRepush } from '@traction/core';
import { BankActionPage } from './BankActionPage';

const INPUTS = [
  { key: 'accountNumber', label: 'Account' },
  { key: 'sessionId', label: 'Session id' },
] as const;

/** Providus Repush: ask Providus to re-send a missed inbound transfer notification. */
export default function ProvidusRepushPage() {
  return (
    <BankActionPage
      command={providusRepush}
      title="Providus Repush"
      description="When a payment into a Providus account never reached the merchant, ask Providus to send its notification again. Refused while the merchant may not receive money (fraud, frozen or closed wallet, blacklisted or deactivated account)."
      inputs={INPUTS}
    />
  );
}
