import { providusRename } from '@traction/core';
import { BankActionPage } from './BankActionPage';

const INPUTS = [
  { key: 'accountNumber', label: 'Account' },
  { key: 'accountName', label: 'New name' },
] as const;

/** Providus Rename: rename one of our Providus fixed accounts at the bank. */
export default function ProvidusRenamePage() {
  return (
    <BankActionPage
      command={providusRename}
      title="Providus Rename"
      description="Renames one of our Providus fixed accounts at Providus and here, so payers see the merchant's current name."
      inputs={INPUTS}
    />
  );
}
