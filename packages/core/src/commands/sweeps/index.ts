import type { AnyCommand } from '../../command';
import { sweepAccountEnquiry, sweepBalanceEnquiry, sweepBanks } from './sweep-enquiries';
import { cancelSweep, getSweepStatus, listSweepSources, listSweeps, newSweep, processSweep } from './sweeps';

export * from './sweep-enquiries';
export * from './sweep-schemas';
export * from './sweeps';

/** The approval action of a sweep: a second admin approves it on /approvals before it runs. */
export const SWEEP_APPROVAL_ACTION = 'transfers.sweep';

/** The job that sweeps an approved sweep's sources. */
export const SWEEP_JOB_KIND = 'sweeps.run';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const sweepCommands = [
  newSweep,
  processSweep,
  getSweepStatus,
  listSweeps,
  listSweepSources,
  cancelSweep,
  sweepBalanceEnquiry,
  sweepAccountEnquiry,
  sweepBanks,
] as const satisfies readonly AnyCommand[];
