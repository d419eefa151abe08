import type { FieldNoteProps } from '../forms/FormParts';

/** Under a payout's amount: what leaving it empty does, since an empty amount is not "nothing". */
export function PayoutAmountNote({ values }: FieldNoteProps) {
  const typed = typeof values.amount === 'string' && values.amount.trim() !== '';
  return typed ? null : <span className="text-zinc-500 dark:text-zinc-400">Left empty, the whole balance is paid out, less the transfer fee.</span>;
}
