/** Where the loan pages live (spec §2), and ours for the tracker. */
export const LOANS_PATH = '/loans';
export const NEW_LOAN_PATH = '/loans/new-loan';
export const LOAN_TRACKER_PATH = '/loans/tracker';
export const loanPath = (id: number) => `${LOANS_PATH}/${id}`;
/** The new-loan form for a merchant (from the merchant's page). */
export const newLoanPathFor = (businessId: number) => `${NEW_LOAN_PATH}?businessId=${businessId}`;
