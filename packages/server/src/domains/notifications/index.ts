import type { Implementation } from '../../handling/implement';

/** Notifications to merchants' apps: drafts, audiences, previews, publishing. */
export const notificationImplementations: readonly Implementation[] = [];
