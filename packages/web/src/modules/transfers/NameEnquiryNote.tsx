import { isValidNuban, nameEnquiry, type NigerianBank } from '@traction/core';
import { ClientError } from '@traction/core/client';
import type { FieldNoteProps } from '../forms/FormParts';
import { useCommandQuery } from '../list/useCommandQuery';
import { useBanks } from './useBanks';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** Banks named in the hint for a number typed before its bank. */
const MAX_SUGGESTED = 4;

/**
 * Under the account number: who holds it, asked of the bank (name enquiry) as soon as the ten
 * digits and the bank are in, or why not, in a sentence. A number whose check digit is wrong for
 * the bank is said at once, without asking; one typed before its bank says which banks it fits.
 */
export function NameEnquiryNote({ values }: FieldNoteProps) {
  const banks = useBanks();
  const bankCode = text(values.bankCode);
  const accountNumber = text(values.accountNumber);
  const bank = banks.find((candidate) => candidate.cbnCode === bankCode);
  const complete = /^\d{10}$/.test(accountNumber);
  const valid = complete && bank !== undefined && isValidNuban(bankCode, accountNumber);
  const holder = useCommandQuery(nameEnquiry, { bankCode, accountNumber }, { enabled: valid });

  let shown: { state: string; text: string; tone: 'muted' | 'good' | 'bad' };
  if (!complete) shown = { state: 'waiting', text: "The holder's name shows once the 10 digits and the bank are in.", tone: 'muted' };
  else if (!bank) shown = { state: 'no-bank', text: noBankText(banks, accountNumber), tone: 'muted' };
  else if (!valid) shown = { state: 'invalid', text: `${accountNumber} is not a valid ${bank.name} account number (its check digit is wrong).`, tone: 'bad' };
  else if (holder.isPending) shown = { state: 'asking', text: `Asking ${bank.name} who holds ${accountNumber}…`, tone: 'muted' };
  else if (holder.isError)
    shown = { state: 'failed', text: holder.error instanceof ClientError ? holder.error.userMessage : holder.error.message, tone: 'bad' };
  else shown = { state: 'found', text: holder.data.accountName, tone: 'good' };

  return (
    <p role="status" aria-live="polite" data-name-enquiry={shown.state} className={TONES[shown.tone]}>
      {shown.tone === 'good' ? (
        <>
          <span aria-hidden="true">✓ </span>
          <strong data-account-name>{shown.text}</strong>
          <span className="text-zinc-500 dark:text-zinc-400"> · {bank?.name}, by name enquiry</span>
        </>
      ) : (
        shown.text
      )}
    </p>
  );
}

const TONES = {
  muted: 'text-zinc-500 dark:text-zinc-400',
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-600 dark:text-red-400',
} as const;

/** "Choose the bank to see who holds it: the number fits GTBank, Zenith …" */
function noBankText(banks: readonly NigerianBank[], accountNumber: string): string {
  const fits = banks.filter((bank) => isValidNuban(bank.cbnCode, accountNumber)).map((bank) => bank.shortName);
  if (fits.length === 0) return `Choose the bank to see who holds ${accountNumber}; the number fits none of the banks' check digits.`;
  const named = fits.slice(0, MAX_SUGGESTED).join(', ');
  return `Choose the bank to see who holds ${accountNumber}; the number fits ${named}${fits.length > MAX_SUGGESTED ? ` and ${fits.length - MAX_SUGGESTED} more` : ''}.`;
}
