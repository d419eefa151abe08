import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { AUDIENCE_KIND_WORDS, audienceFields, audienceRow, refineAudience } from '../../notifications/audience';
import {
  MAX_SCHEDULE_DAYS,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_WORDS,
  NOTIFICATION_STATUS_WORDS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TITLE_MAX,
} from '../../notifications/notification-facts';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';

/**
 * Notifications to merchants' apps (spec §7 "Notifications and uploads"; docs/decisions.md
 * "Notifications and broadcasts"): drafts with an audience, previewed as the app shows them,
 * published now or at a time, and withdrawn.
 */

export const notificationStatusField = z.enum(NOTIFICATION_STATUSES).meta({ label: 'Status', words: NOTIFICATION_STATUS_WORDS });
export const notificationCategoryField = z.enum(NOTIFICATION_CATEGORIES).meta({ label: 'Category', words: NOTIFICATION_CATEGORY_WORDS });
const notificationIdField = idField.meta({ label: 'Notification' });

export const notificationRow = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  category: notificationCategoryField,
  /** Where the app's button leads (https), or null for none. */
  linkUrl: z.string().nullable(),
  /** The button's words in the app. */
  linkLabel: z.string().nullable(),
  status: notificationStatusField,
  ...audienceRow.shape,
  /** When it goes (scheduled) or went (published) out. */
  publishAt: timestamp.nullable(),
  publishedAt: timestamp.nullable(),
  /** Merchants it reached when published; null before. */
  recipients: z.number().int().nullable(),
  withdrawnAt: timestamp.nullable(),
  withdrawnReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  publishedBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationEvent = z.object({
  id: z.number().int(),
  at: timestamp,
  fromStatus: notificationStatusField.nullable(),
  toStatus: notificationStatusField,
  by: z.string().nullable(),
  note: z.string().nullable(),
});

export const listNotifications = defineCommand({
  id: 'notifications.list',
  group: 'notifications',
  action: 'list',
  title: 'List notifications',
  description: "Notifications to merchants' apps, newest first: by title, status, category and when they were written.",
  keywords: ['notifications', 'notification/all', 'inbox', 'push', 'announcements', 'merchant app'],
  method: 'GET',
  path: '/v1/stores/notification/all',
  permission: 'notifications.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional().describe("the start of the notification's title"),
    status: notificationStatusField.optional(),
    category: notificationCategoryField.optional(),
    from: dateTimeParam.optional().meta({ label: 'Written from' }),
    to: dateTimeParam.optional().meta({ label: 'Written to' }),
  }),
  output: listOutput(notificationRow),
  list: {
    route: '/notifications',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'from', to: 'to' },
    detailRoute: '/notifications/preview/{id}',
    rowName: 'title',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id', width: 6 },
      { key: 'title', label: 'Title', kind: 'text', priority: 'high' },
      { key: 'category', label: 'Category', kind: 'enum', words: NOTIFICATION_CATEGORY_WORDS, priority: 'low' },
      { key: 'status', label: 'Status', kind: 'enum', words: NOTIFICATION_STATUS_WORDS, priority: 'high' },
      { key: 'audienceWords', label: 'Audience', kind: 'text', priority: 'medium' },
      { key: 'recipients', label: 'Merchants', kind: 'number', priority: 'medium' },
      { key: 'publishAt', label: 'Goes out', kind: 'datetime', priority: 'medium' },
      { key: 'createdBy', label: 'Written by', kind: 'text', priority: 'low' },
      { key: 'createdAt', label: 'Written', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction notifications list --status SCHEDULED',
});

export const getNotification = defineCommand({
  id: 'notifications.get',
  group: 'notifications',
  action: 'get',
  title: 'Show a notification',
  description: 'One notification as the app will show it, with its audience, how many merchants it reaches now (or reached), and its history.',
  keywords: ['notification', 'preview'],
  method: 'GET',
  path: '/v1/stores/notification/{id}',
  permission: 'notifications.view',
  input: z.object({ id: notificationIdField }),
  output: z.object({
    notification: notificationRow,
    /** Merchants the audience reaches: now for a draft or scheduled one, when published for the rest. */
    reach: z.number().int(),
    events: z.array(notificationEvent),
  }),
  example: 'traction notifications get --id 12',
});

const contentFields = {
  title: z.string().trim().min(3, 'must be at least 3 characters').max(NOTIFICATION_TITLE_MAX).meta({ label: 'Title' }),
  body: z.string().trim().min(3, 'must be at least 3 characters').max(NOTIFICATION_BODY_MAX).meta({ label: 'Message' }),
  category: notificationCategoryField.default('ANNOUNCEMENT'),
  linkUrl: z
    .url({ protocol: /^https$/, message: 'must be a web address starting https://' })
    .max(500)
    .optional()
    .meta({ label: 'Button link', description: 'where the button in the app leads (https://…)' }),
  linkLabel: z.string().trim().min(2).max(24).optional().meta({ label: 'Button words', description: 'what the button says, e.g. "See offer"' }),
};

const needsBoth = (value: { linkUrl?: string | undefined; linkLabel?: string | undefined }, ctx: z.RefinementCtx) => {
  if (value.linkLabel && !value.linkUrl) ctx.addIssue({ code: 'custom', path: ['linkUrl'], message: 'is required when the button has words' });
};

export const createNotification = defineCommand({
  id: 'notifications.create',
  group: 'notifications',
  action: 'create',
  title: 'Write a notification',
  description: `A notification to merchants' apps, kept as a draft until it is published: its title, message, category, an optional button, and its audience (${Object.values(AUDIENCE_KIND_WORDS).join(', ').toLowerCase()}).`,
  keywords: ['notification/create', 'new notification', 'announce', 'push'],
  method: 'POST',
  path: '/v1/stores/notification/create',
  permission: 'notifications.manage',
  audit: { action: 'write notification {subject}', subject: { kind: 'notification', from: 'output.notification.id' } },
  input: z.object({ ...contentFields, ...audienceFields }).superRefine((value, ctx) => {
    needsBoth(value, ctx);
    refineAudience(value, ctx);
  }),
  output: z.object({ notification: notificationRow, message: z.string() }),
  example: 'traction notifications create --title "Stock up for December" --body "Loans for stock are open" --audience STATE --audience-state LA',
});

export const updateNotification = defineCommand({
  id: 'notifications.update',
  group: 'notifications',
  action: 'update',
  title: 'Edit a notification',
  description: 'Changes a draft or scheduled notification (a scheduled one keeps its time). A published one cannot be edited, only withdrawn.',
  keywords: ['notification/update', 'edit notification'],
  method: 'POST',
  path: '/v1/stores/notification/update',
  permission: 'notifications.manage',
  audit: { action: 'edit notification {subject}', subject: { kind: 'notification', from: 'id' } },
  input: z.object({ id: notificationIdField, ...contentFields, ...audienceFields }).superRefine((value, ctx) => {
    needsBoth(value, ctx);
    refineAudience(value, ctx);
  }),
  output: z.object({ notification: notificationRow, message: z.string() }),
  example: 'traction notifications update --id 12 --title "Stock up for Christmas" --body "Loans for stock are open" --audience ALL',
});

export const publishNotification = defineCommand({
  id: 'notifications.publish',
  group: 'notifications',
  action: 'publish',
  title: 'Publish a notification',
  description: `Puts a notification in the inbox of every merchant of its audience, now or at a time (Lagos) up to ${MAX_SCHEDULE_DAYS} days ahead. The merchants are those the audience reaches when it goes out. Publishing a scheduled one again changes its time.`,
  keywords: ['notification/publish', 'send notification', 'schedule notification'],
  method: 'POST',
  path: '/v1/stores/notification/publish',
  permission: 'notifications.publish',
  danger: 'confirm',
  audit: { action: 'publish notification {subject}', subject: { kind: 'notification', from: 'id' } },
  input: z.object({
    id: notificationIdField,
    publishAt: dateTimeParam.optional().meta({ label: 'Publish at', description: 'Lagos time; empty publishes now' }),
  }),
  output: z.object({ notification: notificationRow, message: z.string() }),
  example: 'traction notifications publish --id 12 --publish-at 2026-12-01T08:00',
});

export const withdrawNotification = defineCommand({
  id: 'notifications.withdraw',
  group: 'notifications',
  action: 'withdraw',
  title: 'Withdraw a notification',
  description:
    "Takes a published notification out of merchants' inboxes, or stops a scheduled one from going out. It cannot be published again: write a new one.",
  keywords: ['notification withdraw', 'unpublish', 'recall', 'cancel notification'],
  method: 'POST',
  path: '/v1/stores/notification/withdraw',
  permission: 'notifications.publish',
  danger: 'confirm',
  audit: { action: 'withdraw notification {subject}', subject: { kind: 'notification', from: 'id' }, note: 'reason' },
  input: z.object({ id: notificationIdField, reason: reasonField.meta({ label: 'Reason' }) }),
  output: z.object({ notification: notificationRow, message: z.string() }),
  example: 'traction notifications withdraw --id 12 --reason "Offer ended early"',
});

export const notificationRecipientRow = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  stateCode: z.string(),
  category: z.string(),
  deliveredAt: timestamp,
});

export const listNotificationRecipients = defineCommand({
  id: 'notifications.recipients',
  group: 'notifications',
  action: 'recipients',
  title: "List a notification's merchants",
  description: 'The merchants a published (or since withdrawn) notification went to, by name.',
  keywords: ['notification recipients', 'audience', 'who got it'],
  method: 'GET',
  path: '/v1/stores/notification/{id}/recipients',
  permission: 'notifications.view',
  input: z.object({ id: notificationIdField, ...listPaging, search: searchField.optional().describe("the start of the merchant's name") }),
  output: listOutput(notificationRecipientRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'businessId',
    searchField: 'search',
    detailRoute: '/merchants/{businessId}',
    rowName: 'businessName',
    csv: true,
    columns: [
      { key: 'businessId', label: 'Merchant ID', kind: 'id', width: 8 },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'stateCode', label: 'State', kind: 'text', priority: 'low' },
      { key: 'category', label: 'Category', kind: 'text', priority: 'low' },
      { key: 'deliveredAt', label: 'Delivered', kind: 'datetime', priority: 'medium' },
    ],
  },
  example: 'traction notifications recipients --id 12',
});
