import { isValidNuban, sweepAccountEnquiry } from '@traction/core';
import { ClientError } from '@traction/core/client';
import type { FieldNoteProps } from '../forms/FormParts';
import { useCommandQuery } from '../list/useCommandQuery';
import { useBanks } from '../transfers/useBanks';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const TONES = {
  muted: 'text-zinc-500 dark:text-zinc-400',
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-600 dark:text-red-400',
} as const;

/**
 * Under the destination account number: who holds it, from the account enquiry sweeps make, as
 * soon as the bank and the ten digits are in; a wrong check digit is said without asking.
 */
export function SweepDestinationNote({ values }: FieldNoteProps) {
  const banks = useBanks();
  const bankCode = text(values.bankCode);
  const accountNumber = text(values.accountNumber);
  const bank = banks.find((candidate) => candidate.cbnCode === bankCode);
  const complete = /^\d{10}$/.test(accountNumber);
  const valid = complete && bank !== undefined && isValidNuban(bankCode, accountNumber);
  const holder = useCommandQuery(sweepAccountEnquiry, { bankCode, accountNumber }, { enabled: valid });

  let shown: { state: string; text: string; tone: keyof typeof TONES };
  if (!bank) shown = { state: 'no-bank', text: 'Choose the destination bank first; the holder’s name shows once the 10 digits are in.', tone: 'muted' };
  else if (!complete) shown = { state: 'waiting', text: 'The holder’s name shows once the 10 digits are in.', tone: 'muted' };
  else if (!valid) shown = { state: 'invalid', text: `${accountNumber} is not a valid ${bank.name} account number (its check digit is wrong).`, tone: 'bad' };
  else if (holder.isPending) shown = { state: 'asking', text: `Asking ${bank.name} who holds ${accountNumber}…`, tone: 'muted' };
  else if (holder.isError)
    shown = { state: 'failed', text: holder.error instanceof ClientError ? holder.error.userMessage : holder.error.message, tone: 'bad' };
  else shown = { state: 'found', text: holder.data.accountName, tone: 'good' };

  return (
    <p role="status" aria-live="polite" data-account-enquiry={shown.state} className={TONES[shown.tone]}>
      {shown.tone === 'good' ? (
        <>
          <span aria-hidden="true">✓ </span>
          <strong data-account-name>{shown.text}</strong>
          <span className="text-zinc-500 dark:text-zinc-400"> · {bank?.name}, by account enquiry: the swept money goes here</span>
        </>
      ) : (
        shown.text
      )}
    </p>
  );
}
