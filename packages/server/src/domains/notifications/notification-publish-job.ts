import type { JobDefinition } from '../jobs/index';
import { backgroundContext } from '../../handling/handler-context';
import { audienceBusinessIds, type StoredAudience } from './audience';
import { findNotification, insertNotificationEvent, lockNotification, publishToInboxes } from './notifications.repository';

export const NOTIFICATION_PUBLISH_JOB = 'notifications.publish';

/**
 * Publishes a scheduled notification when its time comes. It does so only while the notification
 * is still scheduled and due: withdrawn, already published, or moved to a later time, the job
 * ends having done nothing (a later job was enqueued for the new time). Inbox rows are written
 * with the status in one transaction, so a crash publishes all or nothing, and a re-run finds it
 * published.
 */
export const notificationPublishJob: JobDefinition<{ notificationId: number }> = {
  kind: NOTIFICATION_PUBLISH_JOB,
  async run(job) {
    const now = job.deps.clock.now();
    const outcome = await job.deps.db.transaction().execute(async (trx) => {
      const locked = await lockNotification(trx, job.payload.notificationId);
      const due = locked?.status === 'SCHEDULED' && locked.publish_at !== null && locked.publish_at.getTime() <= now.getTime();
      if (!due) return null;
      const row = (await findNotification(trx, job.payload.notificationId))!;
      const ctx = backgroundContext(job.deps, trx, now, `job ${job.id}`);
      const recipients = await publishToInboxes(trx, row.id, { businessIds: audienceBusinessIds(ctx, row as StoredAudience), adminId: null, at: now });
      await insertNotificationEvent(trx, {
        notificationId: row.id,
        from: 'SCHEDULED',
        to: 'PUBLISHED',
        adminId: null,
        note: `at its time, to ${recipients} merchants`,
        at: now,
      });
      return recipients;
    });
    return { status: 'done', result: outcome === null ? { published: false } : { published: true, recipients: outcome } };
  },
};
