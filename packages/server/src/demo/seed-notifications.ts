import { lagosDateTime } from '@traction/core';
import type { AppDeps } from '../deps';
import { backgroundContext } from '../handling/handler-context';
import { enqueueJob } from '../domains/jobs/index';
import { audienceBusinessIds, type StoredAudience } from '../domains/notifications/audience';
import { NOTIFICATION_PUBLISH_JOB } from '../domains/notifications/notification-publish-job';
import {
  insertNotification,
  insertNotificationEvent,
  type NotificationContent,
  publishToInboxes,
  scheduleNotification,
  withdrawNotificationRow,
} from '../domains/notifications/notifications.repository';
import { demoAdmin } from './seed-approvals';

const DAY = 86_400_000;

const audience = (over: Partial<StoredAudience>): StoredAudience => ({
  audience: 'ALL',
  audience_state: null,
  audience_category: null,
  audience_view_id: null,
  audience_view_name: null,
  audience_filters: null,
  audience_merchant_ids: null,
  ...over,
});

interface DemoNotification {
  content: NotificationContent;
  audience: StoredAudience;
  /** Days before now it was written. */
  writtenDaysAgo: number;
  /** What became of it: published (days ago), scheduled (days ahead), withdrawn after publishing, or a draft. */
  fate: { published: number } | { scheduledIn: number } | { withdrawn: [number, number, string] } | 'draft';
}

const DEMO: readonly DemoNotification[] = [
  {
    content: {
      title: 'Welcome to the new Traction app',
      body: 'Everything you used before is still here, faster. Your wallet, terminals and loans now sit on one screen. Tap to take the tour.',
      category: 'ANNOUNCEMENT',
      linkUrl: 'https://traction.ng/app-tour',
      linkLabel: 'Take the tour',
    },
    audience: audience({}),
    writtenDaysAgo: 40,
    fate: { published: 38 },
  },
  {
    content: {
      title: 'Beware of fake Traction agents',
      body: 'Traction staff will never ask for your PIN or card details. Check any visiting officer on our staff verification portal with their referral code.',
      category: 'SECURITY',
      linkUrl: 'https://traction.ng/traction-staff-verification-portal',
      linkLabel: 'Verify an officer',
    },
    audience: audience({}),
    writtenDaysAgo: 21,
    fate: { published: 20 },
  },
  {
    content: {
      title: 'Planned maintenance on Sunday, 02:00–03:00',
      body: 'Transfers and card payments may be slow for up to an hour while we upgrade our systems. Cash-out at your terminal is not affected.',
      category: 'SERVICE_UPDATE',
      linkUrl: null,
      linkLabel: null,
    },
    audience: audience({ audience: 'STATE', audience_state: 'LA' }),
    writtenDaysAgo: 9,
    fate: { published: 8 },
  },
  {
    content: {
      title: 'Black Friday cashback: 2% on transfers',
      body: 'Get 2% back on every transfer above ₦10,000 this Friday only.',
      category: 'PROMOTION',
      linkUrl: 'https://traction.ng/cashback',
      linkLabel: 'See offer',
    },
    audience: audience({ audience: 'CATEGORY', audience_category: 'RETAIL' }),
    writtenDaysAgo: 6,
    fate: { withdrawn: [5, 4, 'The cashback partner pulled out; the offer is off'] },
  },
  {
    content: {
      title: 'Stock loans for December are open',
      body: 'Merchants in good standing can borrow for festive stock and repay daily from their wallet. Apply in the Loans tab before 20 December.',
      category: 'PROMOTION',
      linkUrl: 'https://traction.ng/loans',
      linkLabel: 'Apply now',
    },
    audience: audience({ audience: 'STATE', audience_state: 'LA' }),
    writtenDaysAgo: 1,
    fate: { scheduledIn: 2 },
  },
  {
    content: {
      title: 'New: pharmacy stock financing',
      body: 'Pharmacies can now finance drug stock through Traction, with repayments spread over 30 days.',
      category: 'ANNOUNCEMENT',
      linkUrl: null,
      linkLabel: null,
    },
    audience: audience({ audience: 'CATEGORY', audience_category: 'PHARMACY' }),
    writtenDaysAgo: 0,
    fate: 'draft',
  },
];

/**
 * Demo notifications once (skipped when there are any): published to every merchant, to Lagos and
 * to a category, one withdrawn after it went out, one scheduled two days ahead (its job waits for
 * its time), and a draft. Inboxes are filled from the merchants there are.
 */
export async function seedNotifications(deps: AppDeps, options: { now?: Date } = {}): Promise<{ notifications: number }> {
  const { db } = deps;
  const existing = await db.selectFrom('notifications').select('id').limit(1).executeTakeFirst();
  if (existing) return { notifications: 0 };
  const now = options.now ?? deps.clock.now();
  const writer = await demoAdmin(db, 'Operations');
  const adminId = writer?.id ?? null;
  await db.transaction().execute(async (trx) => {
    const ctx = backgroundContext(deps, trx, now, 'demo notifications');
    for (const demo of DEMO) {
      const written = new Date(now.getTime() - demo.writtenDaysAgo * DAY);
      const id = await insertNotification(trx, { content: demo.content, audience: demo.audience, adminId, at: written });
      await insertNotificationEvent(trx, { notificationId: id, from: null, to: 'DRAFT', adminId, note: null, at: written });
      if (demo.fate === 'draft') continue;
      if ('scheduledIn' in demo.fate) {
        // 08:00 in Lagos, some days ahead: when people open the app before work.
        const day = new Date(now.getTime() + demo.fate.scheduledIn * DAY);
        const at = new Date(`${day.toISOString().slice(0, 10)}T07:00:00.000Z`);
        await scheduleNotification(trx, id, { publishAt: at, adminId, at: written });
        await insertNotificationEvent(trx, {
          notificationId: id,
          from: 'DRAFT',
          to: 'SCHEDULED',
          adminId,
          note: `for ${lagosDateTime(at.toISOString())} (Lagos)`,
          at: written,
        });
        await enqueueJob(trx, {
          kind: NOTIFICATION_PUBLISH_JOB,
          payload: { notificationId: id },
          runAt: at,
          dedupeKey: `notification:${id}:${at.toISOString()}`,
          now: written,
        });
        continue;
      }
      const publishedDaysAgo = 'published' in demo.fate ? demo.fate.published : demo.fate.withdrawn[0];
      const publishedAt = new Date(now.getTime() - publishedDaysAgo * DAY);
      const recipients = await publishToInboxes(trx, id, { businessIds: audienceBusinessIds(ctx, demo.audience), adminId, at: publishedAt });
      await insertNotificationEvent(trx, { notificationId: id, from: 'DRAFT', to: 'PUBLISHED', adminId, note: `to ${recipients} merchants`, at: publishedAt });
      if ('withdrawn' in demo.fate) {
        const [, withdrawnDaysAgo, reason] = demo.fate.withdrawn;
        const at = new Date(now.getTime() - withdrawnDaysAgo * DAY);
        await withdrawNotificationRow(trx, id, { reason, at });
        await insertNotificationEvent(trx, { notificationId: id, from: 'PUBLISHED', to: 'WITHDRAWN', adminId, note: reason, at });
      }
    }
  });
  return { notifications: DEMO.length };
}
