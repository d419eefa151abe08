/** The words people use for a ledger transfer's kind, in sentences and previews ("POS credit", "transfer out"). */
const TRANSFER_KIND_WORDS: Readonly<Record<string, string>> = {
  pos_credit: 'POS credit',
  transfer_out: 'transfer out',
  fee: 'fee',
  cashback: 'cashback',
  reversal: 'reversal',
  credit: 'credit',
  debit: 'debit',
  adjustment: 'adjustment',
  settlement: 'settlement',
  loan_disbursement: 'loan disbursement',
  loan_charge: 'loan interest and fee',
  loan_repayment: 'loan repayment',
  loan_write_off: 'loan write-off',
};

/** `pos_credit` → `POS credit`; a kind a later issue adds reads with its underscores as spaces until it is named here. */
export const transferKindWords = (kind: string): string => TRANSFER_KIND_WORDS[kind] ?? kind.replace(/_/g, ' ');
