import { LOAN_FREQUENCIES, LOAN_FREQUENCY_WORDS, LOAN_PURPOSE_WORDS, LOAN_PURPOSES, LOAN_STATUS_WORDS, LOAN_STATUSES } from '@traction/core';

/** The loan lists' choices in the words the tables use. */
export const LOAN_FILTER_OPTIONS = {
  status: LOAN_STATUSES.map((status) => ({ value: status, label: LOAN_STATUS_WORDS[status] })),
  purpose: LOAN_PURPOSES.map((purpose) => ({ value: purpose, label: LOAN_PURPOSE_WORDS[purpose] })),
  frequency: LOAN_FREQUENCIES.map((frequency) => ({ value: frequency, label: LOAN_FREQUENCY_WORDS[frequency] })),
};
