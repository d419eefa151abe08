import type { Implementation } from '../../handling/implement';
import type { ApprovalExecutor } from '../approvals/index';
import type { AnyJobDefinition } from '../jobs/index';
import { deductionImplementations, deductionJobs } from './deductions.handlers';
import { loanApprovalExecutor } from './loan-approval';
import { loanImplementations } from './loans.handlers';

/**
 * Lending: loans to merchants (requested, approved under the loans approval policy, disbursed
 * and written off through the ledger) and the automatic deductions that repay them
 * (docs/decisions.md "Loans and deductions").
 */
export { afterRepayment, assertLoanMove, moveLoan } from './loan-moves';
/** Reads the deductions (and other domains) take loans and instalments by. */
export { findLoan, type LockedLoan, loanInstalments, lockDueInstalments, lockLoan } from './loans.repository';

/** Implementations of this domain's commands. */
export const lendingImplementations: readonly Implementation[] = [...loanImplementations, ...deductionImplementations];
/** Runs loan approvals from the approvals queue. */
export const lendingExecutors: readonly ApprovalExecutor[] = [loanApprovalExecutor];
/** Deduction runs. */
export const lendingJobs: readonly AnyJobDefinition[] = deductionJobs;
