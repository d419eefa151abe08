import type { LoanAction } from '@traction/core';
import type { FormParts } from '../forms/FormParts';
import { InterestPercentControl } from './InterestPercentControl';
import { LoanMerchantNote } from './LoanMerchantNote';
import { LoanTermsNote } from './LoanTermsNote';

const TERM_FIELDS: ReadonlySet<string> = new Set(['principal', 'interestBps', 'fee', 'frequency', 'instalments']);
const TERMS: FormParts = {
  labels: { interestBps: 'Interest (%)' },
  controls: { interestBps: InterestPercentControl },
  notes: { instalments: LoanTermsNote },
};

/**
 * The new-loan form over loans.add: the merchant named under its id, the interest as a
 * percentage, the schedule previewed under the terms as they are typed, and the terminal request
 * asked for only for a terminal on loan.
 */
export const NEW_LOAN_PARTS: FormParts = {
  ...TERMS,
  notes: { ...TERMS.notes, businessId: LoanMerchantNote },
  applies: (name, values) => name !== 'terminalRequestId' || values.purpose === 'TERMINAL',
};

/** loans.update opened from the palette, the action chosen in the form: the terms only to edit them, the day only to disburse. */
export const UPDATE_LOAN_PARTS: FormParts = {
  ...TERMS,
  applies: (name, values) => (TERM_FIELDS.has(name) ? values.action === 'EDIT' : name === 'disbursedOn' ? values.action === 'DISBURSE' : true),
};

/** loans.update opened from a loan's page with its action fixed: only the fields that action reads. */
export function loanActionParts(action: LoanAction): FormParts {
  if (action === 'EDIT') return { ...TERMS, applies: (name) => name !== 'disbursedOn' };
  return { applies: (name) => name === 'note' || (action === 'DISBURSE' && name === 'disbursedOn') };
}
