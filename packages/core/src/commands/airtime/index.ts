import type { AnyCommand } from '../../command';

/** Airtime and data rates and commissions per network, with history. In the order the palette and CLI help list them. */
export const airtimeCommands = [] as const satisfies readonly AnyCommand[];
