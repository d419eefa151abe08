import type { ApprovalExecutor } from '../approvals/index';
import type { Implementation } from '../../handling/implement';
import { sweepExecutor } from './sweep-approval';
import { sweepImplementations as implementations } from './sweeps.handlers';

/**
 * Bulk sweeps: the balances of many merchant wallets, each as one outgoing transfer through the
 * transfers domain, to one bank account. A previewed draft, submitted for a second admin's
 * approval (action `transfers.sweep`), then swept by the job `sweeps.run`.
 */
export { runSweep, sweepJobs } from './sweep-run';
export { sweepDetailOf } from './sweep-view';

/** Implementations of this domain's commands. */
export const sweepImplementations: readonly Implementation[] = implementations;

/** The executor of an approved sweep, registered at the composition root. */
export const sweepExecutors: readonly ApprovalExecutor[] = [sweepExecutor];
