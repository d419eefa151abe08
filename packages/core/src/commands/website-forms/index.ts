import type { AnyCommand } from '../../command';

/** The public forms (chargeback, support) and the Website Forms work queue. In the order the palette and CLI help list them. */
export const websiteFormCommands = [] as const satisfies readonly AnyCommand[];
