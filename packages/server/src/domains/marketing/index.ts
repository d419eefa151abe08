import type { Implementation } from '../../handling/implement';
import type { AnyJobDefinition } from '../jobs/index';
import { emailSyncJobs } from './email-sync-run';
import { emailSyncImplementations } from './email-sync.handlers';

/**
 * The email-marketing list (docs/decisions.md "Email-marketing sync"): contact uploads and the
 * sync of merchant owners, pushed to the marketing provider by a job; and the opt-out list every
 * sender of email and SMS consults (the broadcasts too).
 */
export { addOptOuts, type OptOutChannel, type OptOutSource, optedOutAddresses, optOutAddress } from './opt-outs';

/** The email-marketing list: contact uploads and the sync of merchant owners. */
export const marketingImplementations: readonly Implementation[] = emailSyncImplementations;
/** The run that pushes contacts to the marketing list. */
export const marketingJobs: readonly AnyJobDefinition[] = emailSyncJobs;
