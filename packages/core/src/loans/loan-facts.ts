/**
 * Loans (docs/decisions.md "Loans and deductions"): what a loan is for, how often it is repaid,
 * the states it passes through and how its schedule is cut, written once. The server refuses any
 * other move (409 naming the current state); the console and the CLI offer only these.
 */

export const LOAN_PURPOSES = ['WORKING_CAPITAL', 'TERMINAL'] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];
export const LOAN_PURPOSE_WORDS: Record<LoanPurpose, string> = { WORKING_CAPITAL: 'Working capital', TERMINAL: 'Terminal on loan' };

export const LOAN_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number];
export const LOAN_FREQUENCY_WORDS: Record<LoanFrequency, string> = { DAILY: 'Daily', WEEKLY: 'Weekly' };
/** Days between instalments. */
export const LOAN_FREQUENCY_DAYS: Record<LoanFrequency, number> = { DAILY: 1, WEEKLY: 7 };
/** The most instalments a loan may have: a year of daily or two years of weekly repayments. */
export const MAX_LOAN_INSTALMENTS: Record<LoanFrequency, number> = { DAILY: 365, WEEKLY: 104 };

export const LOAN_STATUSES = ['REQUESTED', 'APPROVED', 'DECLINED', 'CANCELLED', 'DISBURSED', 'REPAYING', 'REPAID', 'DEFAULTED', 'WRITTEN_OFF'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];
export const LOAN_STATUS_WORDS: Record<LoanStatus, string> = {
  REQUESTED: 'Requested',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  DISBURSED: 'Disbursed',
  REPAYING: 'Repaying',
  REPAID: 'Repaid',
  DEFAULTED: 'Defaulted',
  WRITTEN_OFF: 'Written off',
};

/**
 * Where a loan may go from each state. A request waits for a second admin under the loans
 * approval policy (approved or declined there); an approved loan is disbursed to the merchant's
 * wallet; its first repayment makes it repaying, the last repaid. A loan in arrears may be marked
 * defaulted, and a defaulted one written off (what is still owed leaves the books). Repayments of
 * a defaulted loan bring it back to repaying. Declined, cancelled, repaid and written off are final.
 */
export const LOAN_MOVES: Record<LoanStatus, readonly LoanStatus[]> = {
  REQUESTED: ['APPROVED', 'DECLINED', 'CANCELLED'],
  APPROVED: ['DISBURSED', 'CANCELLED'],
  DECLINED: [],
  CANCELLED: [],
  DISBURSED: ['REPAYING', 'REPAID', 'DEFAULTED'],
  REPAYING: ['REPAID', 'DEFAULTED'],
  REPAID: [],
  DEFAULTED: ['REPAYING', 'REPAID', 'WRITTEN_OFF'],
  WRITTEN_OFF: [],
};

export const canMoveLoan = (from: LoanStatus, to: LoanStatus): boolean => LOAN_MOVES[from].includes(to);

/** States in which a loan is owed money and deductions may take from its merchant. */
export const COLLECTING_LOAN_STATUSES: readonly LoanStatus[] = ['DISBURSED', 'REPAYING', 'DEFAULTED'];

/** What an admin may do to a loan with `loans update`; approval and decline go through the approvals queue. */
export const LOAN_ACTIONS = ['EDIT', 'DISBURSE', 'CANCEL', 'DEFAULT', 'WRITE_OFF'] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];
export const LOAN_ACTION_WORDS: Record<LoanAction, string> = {
  EDIT: 'Edit terms',
  DISBURSE: 'Disburse',
  CANCEL: 'Cancel',
  DEFAULT: 'Mark defaulted',
  WRITE_OFF: 'Write off',
};
/** The state each action moves a loan to (EDIT keeps it). */
export const LOAN_ACTION_TARGET: Record<Exclude<LoanAction, 'EDIT'>, LoanStatus> = {
  DISBURSE: 'DISBURSED',
  CANCEL: 'CANCELLED',
  DEFAULT: 'DEFAULTED',
  WRITE_OFF: 'WRITTEN_OFF',
};

/** The actions a loan in this state allows: its terms are edited only while requested. */
export function loanActions(status: LoanStatus): LoanAction[] {
  const moves = (Object.entries(LOAN_ACTION_TARGET) as [LoanAction, LoanStatus][]).filter(([, to]) => canMoveLoan(status, to)).map(([action]) => action);
  return status === 'REQUESTED' ? ['EDIT', ...moves] : moves;
}

/** The loans approval action (approval policies, the approvals queue). */
export const LOAN_APPROVAL_ACTION = 'loans.approve';

/** The terms a schedule is cut from. */
export interface LoanTerms {
  /** Kobo lent. */
  principal: number;
  /** Flat interest on the principal over the whole loan, in basis points (500 = 5%). */
  interestBps: number;
  /** A flat fee in kobo, repaid with the instalments. */
  fee: number;
  frequency: LoanFrequency;
  instalments: number;
}

/** What the merchant repays in all: principal, interest (rounded half up to the kobo) and fee. */
export function loanCharges(terms: LoanTerms): { interest: number; total: number } {
  const interest = Math.floor((terms.principal * terms.interestBps + 5_000) / 10_000);
  return { interest, total: terms.principal + interest + terms.fee };
}

export interface ScheduledInstalment {
  number: number;
  /** YYYY-MM-DD, Lagos calendar. */
  dueDate: string;
  amount: number;
}

/**
 * The instalments of a loan disbursed on `disbursedOn` (YYYY-MM-DD): equal amounts, the last one
 * taking what rounding left so they add up to the total exactly; the first due one period after
 * disbursement.
 */
export function loanSchedule(terms: LoanTerms, disbursedOn: string): ScheduledInstalment[] {
  const { total } = loanCharges(terms);
  const each = Math.floor(total / terms.instalments);
  const step = LOAN_FREQUENCY_DAYS[terms.frequency];
  const start = Date.parse(`${disbursedOn}T00:00:00Z`);
  return Array.from({ length: terms.instalments }, (_, index) => ({
    number: index + 1,
    dueDate: new Date(start + (index + 1) * step * 86_400_000).toISOString().slice(0, 10),
    amount: index === terms.instalments - 1 ? total - each * (terms.instalments - 1) : each,
  }));
}

/** A loan's reference as people quote it: LN-000042. */
export const loanReference = (id: number): string => `LN-${String(id).padStart(6, '0')}`;
