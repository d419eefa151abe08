/**
 * Notifications shown in the merchants' app (spec §2 Notifications, §4 "create, update, publish"):
 * written as a draft, published now or scheduled, and withdrawn. A published one is never edited
 * (merchants may have read it); it can only be withdrawn, which takes it out of their inbox.
 */
export const NOTIFICATION_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'WITHDRAWN'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_STATUS_WORDS: Record<NotificationStatus, string> = {
  DRAFT: 'Draft',
  SCHEDULED: 'Scheduled',
  PUBLISHED: 'Published',
  WITHDRAWN: 'Withdrawn',
};

/** What a notification is about; the app shows each with its own icon and colour. */
export const NOTIFICATION_CATEGORIES = ['ANNOUNCEMENT', 'PROMOTION', 'SERVICE_UPDATE', 'SECURITY'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_WORDS: Record<NotificationCategory, string> = {
  ANNOUNCEMENT: 'Announcement',
  PROMOTION: 'Promotion',
  SERVICE_UPDATE: 'Service update',
  SECURITY: 'Security',
};

/** Which statuses each action may start from; anything else is a 409 naming the status. */
export const NOTIFICATION_MOVES = {
  edit: ['DRAFT', 'SCHEDULED'],
  publish: ['DRAFT', 'SCHEDULED'],
  withdraw: ['SCHEDULED', 'PUBLISHED'],
} as const satisfies Record<string, readonly NotificationStatus[]>;
export type NotificationAction = keyof typeof NOTIFICATION_MOVES;

/** Whether a notification in `status` may be edited, published or withdrawn. */
export function notificationAllows(status: NotificationStatus, action: NotificationAction): boolean {
  return (NOTIFICATION_MOVES[action] as readonly NotificationStatus[]).includes(status);
}

/** The furthest ahead a notification may be scheduled. */
export const MAX_SCHEDULE_DAYS = 90;

/** As the app's inbox lists them: the title is cut at this many characters, the body at the preview's. */
export const NOTIFICATION_TITLE_MAX = 80;
export const NOTIFICATION_BODY_MAX = 1000;
/** The app's inbox shows this much of the body under the title before "Read more". */
export const NOTIFICATION_PREVIEW_CHARS = 120;
