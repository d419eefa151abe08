import type { AnyJobDefinition } from '../jobs/index';
import type { Implementation } from '../../handling/implement';
import { notificationPublishJob } from './notification-publish-job';
import {
  createNotificationHandler,
  getNotificationHandler,
  listNotificationRecipientsHandler,
  listNotificationsHandler,
  publishNotificationHandler,
  updateNotificationHandler,
  withdrawNotificationHandler,
} from './notifications.handlers';

/** Who a notification or broadcast reaches: checked when written, read when it goes out. */
export { audienceBusinessIds, audienceOfRow, countAudience, type StoredAudience, storableAudience } from './audience';

/** Notifications to merchants' apps: drafts, audiences, previews, publishing. */
export const notificationImplementations: readonly Implementation[] = [
  listNotificationsHandler,
  getNotificationHandler,
  createNotificationHandler,
  updateNotificationHandler,
  publishNotificationHandler,
  withdrawNotificationHandler,
  listNotificationRecipientsHandler,
];

/** Scheduled notifications published when their time comes. */
export const notificationJobs: readonly AnyJobDefinition[] = [notificationPublishJob];
