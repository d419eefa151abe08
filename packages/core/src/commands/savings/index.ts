import type { AnyCommand } from '../../command';
import { listSavingsWaitlist } from './savings-waitlist';

export * from './savings-waitlist';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const savingsCommands = [listSavingsWaitlist] as const satisfies readonly AnyCommand[];
