import type { AnyCommand } from '../../command';

/** Notifications to merchants' apps: drafts, audiences, previews, publishing. In the order the palette and CLI help list them. */
export const notificationCommands = [] as const satisfies readonly AnyCommand[];
