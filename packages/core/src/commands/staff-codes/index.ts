import type { AnyCommand } from '../../command';

/** Staff referral codes, and the public check that a visiting officer is real staff. In the order the palette and CLI help list them. */
export const staffCodeCommands = [] as const satisfies readonly AnyCommand[];
