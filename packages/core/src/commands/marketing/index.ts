import type { AnyCommand } from '../../command';

/** The email-marketing list: contact uploads and the sync of merchant owners. In the order the palette and CLI help list them. */
export const marketingCommands = [] as const satisfies readonly AnyCommand[];
