import type { AnyCommand } from '../../command';
import {
  createNotification,
  getNotification,
  listNotificationRecipients,
  listNotifications,
  publishNotification,
  updateNotification,
  withdrawNotification,
} from './notifications';

export * from './notifications';

/** Notifications to merchants' apps: drafts, audiences, previews, publishing. In the order the palette and CLI help list them. */
export const notificationCommands = [
  listNotifications,
  getNotification,
  createNotification,
  updateNotification,
  publishNotification,
  withdrawNotification,
  listNotificationRecipients,
] as const satisfies readonly AnyCommand[];
