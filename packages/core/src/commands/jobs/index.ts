import type { AnyCommand } from '../../command';
import { getJob, listJobs, retryJob } from './jobs';

export * from './job-schemas';
export * from './jobs';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const jobCommands = [listJobs, getJob, retryJob] as const satisfies readonly AnyCommand[];
