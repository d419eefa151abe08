import {
  badRequest,
  lagosDateTime,
  conflict,
  createNotification,
  getNotification,
  listNotificationRecipients,
  listNotifications,
  MAX_SCHEDULE_DAYS,
  NOTIFICATION_STATUS_WORDS,
  type NotificationAction,
  type NotificationStatus,
  notFound,
  notificationAllows,
  publishNotification,
  rangeBoundToDate,
  updateNotification,
  withdrawNotification,
} from '@traction/core';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { enqueueJob } from '../jobs/index';
import { audienceBusinessIds, countAudience, type StoredAudience, storableAudience } from './audience';
import { NOTIFICATION_PUBLISH_JOB } from './notification-publish-job';
import {
  filterNotifications,
  findNotification,
  insertNotification,
  insertNotificationEvent,
  lockNotification,
  notificationEvents,
  notificationQuery,
  publishToInboxes,
  recipientCsv,
  recipientsQuery,
  scheduleNotification,
  toRecipientRow,
  toNotificationRow,
  updateNotificationContent,
  withdrawNotificationRow,
} from './notifications.repository';

const ACTION_WORDS: Record<NotificationAction, string> = { edit: 'edited', publish: 'published', withdraw: 'withdrawn' };

/** The notification's status, locked; 404 when there is none, 409 naming the status when the action is not open to it. */
async function lockFor(ctx: HandlerContext, id: number, action: NotificationAction): Promise<{ status: NotificationStatus; publish_at: Date | null }> {
  const locked = await lockNotification(ctx.db, id);
  if (!locked) throw notFound(`No notification has id ${id}`);
  if (!notificationAllows(locked.status, action)) {
    const hint = locked.status === 'PUBLISHED' && action === 'edit' ? ': withdraw it and write a new one' : '';
    throw conflict(`Notification ${id} is ${NOTIFICATION_STATUS_WORDS[locked.status].toLowerCase()}, so it cannot be ${ACTION_WORDS[action]}${hint}`, {
      reason: 'illegal_state',
      status: locked.status,
    });
  }
  return locked;
}

async function answer(ctx: HandlerContext, id: number, message: string) {
  return { notification: toNotificationRow((await findNotification(ctx.db, id))!), message };
}

const contentOf = (input: {
  title: string;
  body: string;
  category: 'ANNOUNCEMENT' | 'PROMOTION' | 'SERVICE_UPDATE' | 'SECURITY';
  linkUrl?: string | undefined;
  linkLabel?: string | undefined;
}) => ({
  title: input.title,
  body: input.body,
  category: input.category,
  linkUrl: input.linkUrl ?? null,
  linkLabel: input.linkUrl ? (input.linkLabel ?? 'Open') : null,
});

export const listNotificationsHandler = implementList(listNotifications, ({ input, ctx }) => ({
  query: filterNotifications(notificationQuery(ctx.db), input),
  cursor: { column: 'n.id', key: 'id', direction: 'desc' },
  map: toNotificationRow,
}));

export const getNotificationHandler = implement(getNotification, async ({ input, ctx }) => {
  const row = await findNotification(ctx.db, input.id);
  if (!row) throw notFound(`No notification has id ${input.id}`);
  // Once it went out, the merchants it reached; before, those its audience reaches now.
  const reach = row.recipients ?? (row.status === 'WITHDRAWN' ? 0 : await countAudience(ctx, row as StoredAudience));
  return { notification: toNotificationRow(row), reach, events: await notificationEvents(ctx.db, input.id) };
});

export const createNotificationHandler = implement(createNotification, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const audience = await storableAudience(ctx, admin.id, input);
  const id = await insertNotification(ctx.db, { content: contentOf(input), audience, adminId: admin.id, at: ctx.now });
  await insertNotificationEvent(ctx.db, { notificationId: id, from: null, to: 'DRAFT', adminId: admin.id, note: null, at: ctx.now });
  return answer(ctx, id, `Notification ${id} is saved as a draft. Preview it, then publish it.`);
});

export const updateNotificationHandler = implement(updateNotification, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  await lockFor(ctx, input.id, 'edit');
  const audience = await storableAudience(ctx, admin.id, input);
  await updateNotificationContent(ctx.db, input.id, { content: contentOf(input), audience, at: ctx.now });
  return answer(ctx, input.id, `Notification ${input.id} is changed.`);
});

export const publishNotificationHandler = implement(publishNotification, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const locked = await lockFor(ctx, input.id, 'publish');
  const row = (await findNotification(ctx.db, input.id))!;
  const audience = row as StoredAudience;
  if (input.publishAt) {
    const at = rangeBoundToDate(input.publishAt, 'start');
    if (at.getTime() <= ctx.now.getTime()) {
      throw badRequest('The publishing time has passed', [{ field: 'publishAt', message: 'must be in the future; leave it empty to publish now' }]);
    }
    if (at.getTime() > ctx.now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
      throw badRequest(`Notifications are scheduled at most ${MAX_SCHEDULE_DAYS} days ahead`, [
        { field: 'publishAt', message: `must be within ${MAX_SCHEDULE_DAYS} days` },
      ]);
    }
    const reach = await countAudience(ctx, audience);
    if (reach === 0) throw conflict(`Notification ${input.id}'s audience reaches no merchants today; change the audience first`, { reason: 'empty_audience' });
    await scheduleNotification(ctx.db, input.id, { publishAt: at, adminId: admin.id, at: ctx.now });
    await insertNotificationEvent(ctx.db, {
      notificationId: input.id,
      from: locked.status,
      to: 'SCHEDULED',
      adminId: admin.id,
      note: `for ${lagosDateTime(at.toISOString())} (Lagos)`,
      at: ctx.now,
    });
    // One job per time asked for: a job whose time was moved finds it no longer due and does nothing.
    await enqueueJob(ctx.db, {
      kind: NOTIFICATION_PUBLISH_JOB,
      payload: { notificationId: input.id },
      runAt: at,
      dedupeKey: `notification:${input.id}:${at.toISOString()}`,
      createdBy: admin.id,
      subject: `notification ${input.id}`,
      now: ctx.now,
    });
    return answer(ctx, input.id, `Notification ${input.id} will go out to about ${reach.toLocaleString('en')} merchants at the time set.`);
  }
  const recipients = await publishToInboxes(ctx.db, input.id, { businessIds: audienceBusinessIds(ctx, audience), adminId: admin.id, at: ctx.now });
  if (recipients === 0) throw conflict(`Notification ${input.id}'s audience reaches no merchants; change the audience first`, { reason: 'empty_audience' });
  await insertNotificationEvent(ctx.db, {
    notificationId: input.id,
    from: locked.status,
    to: 'PUBLISHED',
    adminId: admin.id,
    note: `to ${recipients} merchants`,
    at: ctx.now,
  });
  return answer(ctx, input.id, `Notification ${input.id} is in the app of ${recipients.toLocaleString('en')} merchants.`);
});

export const withdrawNotificationHandler = implement(withdrawNotification, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const locked = await lockFor(ctx, input.id, 'withdraw');
  await withdrawNotificationRow(ctx.db, input.id, { reason: input.reason, at: ctx.now });
  await insertNotificationEvent(ctx.db, { notificationId: input.id, from: locked.status, to: 'WITHDRAWN', adminId: admin.id, note: input.reason, at: ctx.now });
  const words = locked.status === 'SCHEDULED' ? 'will not go out' : "is out of the merchants' apps";
  return answer(ctx, input.id, `Notification ${input.id} is withdrawn: it ${words}.`);
});

export const listNotificationRecipientsHandler = implementList(
  listNotificationRecipients,
  ({ input, ctx }) => ({
    query: recipientsQuery(ctx.db, input.id, input.search),
    cursor: { column: 'r.business_id', key: 'business_id', direction: 'asc' },
    map: toRecipientRow,
    csv: recipientCsv,
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (!(await findNotification(ctx.db, input.id))) throw notFound(`No notification has id ${input.id}`);
    },
  },
);
