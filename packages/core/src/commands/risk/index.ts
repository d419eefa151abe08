import type { AnyCommand } from '../../command';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const riskCommands = [] as const satisfies readonly AnyCommand[];
