import type { AnyCommand } from '../../command';

/** Broadcasts by email and SMS to an audience of merchants, sent as jobs. In the order the palette and CLI help list them. */
export const broadcastCommands = [] as const satisfies readonly AnyCommand[];
