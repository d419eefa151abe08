import {
  formatNaira,
  LOAN_FREQUENCIES,
  LOAN_FREQUENCY_WORDS,
  type LoanFrequency,
  type LoanTerms,
  loanCharges,
  loanSchedule,
  MAX_LOAN_INSTALMENTS,
} from '@traction/core';
import { describeLagosDay, lagosDate } from '@traction/core/format';
import type { FieldNoteProps } from '../forms/FormParts';
import type { FormValues } from '../forms/FormField';
import { nairaToKobo } from '../forms/toCommandInput';

const text = (values: FormValues, name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');

/** Kobo typed in Naira, or null when it cannot be read yet; empty is `empty`. */
function kobo(typed: string, empty: number | null): number | null {
  if (typed === '') return empty;
  try {
    return nairaToKobo(typed) ?? empty;
  } catch {
    return null;
  }
}

/** The terms as typed so far, or null while one of them cannot be read. */
function termsOf(values: FormValues): LoanTerms | null {
  const principal = kobo(text(values, 'principal'), null);
  const fee = kobo(text(values, 'fee'), 0);
  const bpsText = text(values, 'interestBps');
  const interestBps = bpsText === '' ? 0 : /^\d+$/.test(bpsText) ? Number(bpsText) : null;
  const frequency = text(values, 'frequency') as LoanFrequency;
  const instalments = /^\d+$/.test(text(values, 'instalments')) ? Number(text(values, 'instalments')) : null;
  if (principal === null || principal <= 0 || fee === null || interestBps === null || interestBps > 10_000) return null;
  if (!LOAN_FREQUENCIES.includes(frequency) || instalments === null || instalments < 1) return null;
  return { principal, interestBps, fee, frequency, instalments };
}

/**
 * Under the loan's terms, as they are typed: what the merchant repays in all, each instalment and
 * when the first and last fall due if it were disbursed today — cut by core's loanCharges and
 * loanSchedule, the rules the server cuts the real schedule with.
 */
export function LoanTermsNote({ values }: FieldNoteProps) {
  const terms = termsOf(values);
  if (!terms) {
    return (
      <span data-loan-preview="incomplete" className="text-zinc-500 dark:text-zinc-400">
        The schedule shows here once the principal, interest, fee, how often and how many instalments can be read.
      </span>
    );
  }
  const most = MAX_LOAN_INSTALMENTS[terms.frequency];
  if (terms.instalments > most) {
    return (
      <span data-loan-preview="too-many" className="text-amber-800 dark:text-amber-300">
        At most {most} {LOAN_FREQUENCY_WORDS[terms.frequency].toLowerCase()} instalments.
      </span>
    );
  }
  const { interest, total } = loanCharges(terms);
  const schedule = loanSchedule(terms, lagosDate());
  const first = schedule[0]!;
  const last = schedule[schedule.length - 1]!;
  const each = first.amount;
  const word = LOAN_FREQUENCY_WORDS[terms.frequency].toLowerCase();
  return (
    <dl data-loan-preview="ready" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-zinc-50 p-2 dark:bg-zinc-800/60">
      <dt className="text-zinc-500 dark:text-zinc-400">Repayable</dt>
      <dd data-preview="total" className="font-medium tabular-nums">
        {formatNaira(total)}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">
          {' '}
          = {formatNaira(terms.principal)} + interest {formatNaira(interest)} + fee {formatNaira(terms.fee)}
        </span>
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Instalments</dt>
      <dd data-preview="instalment" className="tabular-nums">
        {terms.instalments === 1
          ? `one ${word} instalment of ${formatNaira(each)}`
          : `${terms.instalments} ${word} instalments of ${formatNaira(each)}${last.amount !== each ? `, the last ${formatNaira(last.amount)}` : ''}`}
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">If disbursed today</dt>
      <dd data-preview="dates">
        first due {describeLagosDay(first.dueDate)}
        {schedule.length > 1 ? `, last due ${describeLagosDay(last.dueDate)}` : ''}
      </dd>
    </dl>
  );
}
