import type { BroadcastChannels, BroadcastStatus } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppDeps } from '../deps';
import { backgroundContext } from '../handling/handler-context';
import { type BroadcastContentColumns, insertBroadcast, refreshBroadcastCounts, snapshotDeliveries } from '../domains/broadcasts/broadcasts.repository';
import { addOptOuts } from '../domains/marketing/index';
import type { StoredAudience } from '../domains/notifications/index';
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

interface DemoBroadcast {
  content: BroadcastContentColumns;
  audience: StoredAudience | 'FIRST_40';
  writtenDaysAgo: number;
  /** What became of it: a draft, or sent that many days ago and finished as the status says. */
  fate: 'draft' | { sentDaysAgo: number; status: Exclude<BroadcastStatus, 'DRAFT' | 'SENDING'> };
}

const content = (name: string, channels: BroadcastChannels, words: Partial<BroadcastContentColumns>): BroadcastContentColumns => ({
  name,
  channels,
  emailSubject: null,
  emailBody: null,
  smsText: null,
  ...words,
});

const DEMO: readonly DemoBroadcast[] = [
  {
    content: content('Lower card fees for pharmacies', 'BOTH', {
      emailSubject: 'Card payments now cost pharmacies less',
      emailBody:
        'From 1 December, card payments at pharmacies cost 0.5% (capped at ₦1,000). Nothing to do on your side: the new price applies to every terminal of your business.',
      smsText: 'Traction: card payments at pharmacies now cost 0.5% (max N1,000) from 1 Dec. Nothing to do on your side.',
    }),
    audience: audience({ audience: 'CATEGORY', audience_category: 'PHARMACY' }),
    writtenDaysAgo: 22,
    fate: { sentDaysAgo: 21, status: 'PARTLY_FAILED' },
  },
  {
    content: content('Abuja network maintenance', 'SMS', {
      smsText: 'Traction: transfers in Abuja may be slow on Sunday 02:00-03:00 while we upgrade. Cash-out is not affected.',
    }),
    audience: audience({ audience: 'STATE', audience_state: 'FC' }),
    writtenDaysAgo: 6,
    fate: { sentDaysAgo: 5, status: 'SENT' },
  },
  {
    content: content('Black Friday cashback', 'EMAIL', {
      emailSubject: '2% back on transfers this Friday',
      emailBody: 'Get 2% back on every transfer above ₦10,000 this Friday only. The cashback lands in your wallet on Monday.',
    }),
    audience: 'FIRST_40',
    writtenDaysAgo: 4,
    fate: { sentDaysAgo: 4, status: 'CANCELLED' },
  },
  {
    content: content('December stock loans', 'BOTH', {
      emailSubject: 'Loans for your December stock are open',
      emailBody:
        'Merchants in good standing can borrow for festive stock and repay daily from their wallet. Apply in the Loans tab of the app before 20 December.',
      smsText: 'Traction: loans for December stock are open. Apply in the app before 20 Dec.',
    }),
    audience: audience({ audience: 'STATE', audience_state: 'LA' }),
    writtenDaysAgo: 1,
    fate: 'draft',
  },
];

/** Provider answers the demo's failed messages carry, as the sandboxes word them. */
const BOUNCE = (address: string | null) => `The mail service refused ${address}: mailbox does not exist`;
const REJECTED = (address: string | null) => `${address} is not a mobile number that can take SMS`;
const NO_ANSWER = (address: string | null) => `The network of ${address} did not answer; try again later (3 tries)`;

/** Marks the waiting messages of a demo broadcast as the providers answered them: sent, with a few bounces and failures when `failures`. */
async function answerDeliveries(db: Db, broadcastId: number, at: Date, failures: boolean): Promise<void> {
  const rows = await db
    .selectFrom('broadcast_deliveries')
    .select(['id', 'channel', 'address'])
    .where('broadcast_id', '=', broadcastId)
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .execute();
  let n = 0;
  for (const row of rows) {
    n += 1;
    const done = new Date(at.getTime() + n * 100);
    const base = { attempts: 1, last_attempt_at: done, done_at: done, next_attempt_at: null };
    let change: Record<string, unknown> = { ...base, status: 'SENT', provider_id: `demo-${broadcastId}-${row.id}`, segments: row.channel === 'SMS' ? 1 : null };
    if (failures && row.channel === 'EMAIL' && n % 11 === 0) change = { ...base, status: 'BOUNCED', reason: BOUNCE(row.address) };
    if (failures && row.channel === 'SMS' && n % 13 === 0) change = { ...base, status: 'FAILED', reason: REJECTED(row.address) };
    if (failures && row.channel === 'SMS' && n % 17 === 0) change = { ...base, attempts: 3, status: 'FAILED', reason: NO_ANSWER(row.address) };
    await db.updateTable('broadcast_deliveries').set(change).where('id', '=', row.id).execute();
  }
}

/**
 * Demo broadcasts once (skipped when there are any): one to pharmacies by email and SMS that
 * finished with bounces, failures and opted-out owners skipped, one by SMS to Abuja that went to
 * all, one cancelled halfway, and a draft to Lagos. A few owners are put on the opt-out list
 * first (as an unsubscribe link would). The messages are written with their outcomes, as the
 * sending job would have left them; no provider is called.
 */
export async function seedBroadcasts(deps: AppDeps, options: { now?: Date } = {}): Promise<{ broadcasts: number }> {
  const { db } = deps;
  if (await db.selectFrom('broadcasts').select('id').limit(1).executeTakeFirst()) return { broadcasts: 0 };
  const now = options.now ?? deps.clock.now();
  const writer = await demoAdmin(db, 'Operations');
  const adminId = writer?.id ?? null;
  await db.transaction().execute(async (trx) => {
    const ctx = backgroundContext(deps, trx, now, 'demo broadcasts');
    // Every 25th pharmacy owner unsubscribed from an earlier message.
    const owners = await trx
      .selectFrom('businesses as b')
      .innerJoin('business_users as u', (join) => join.onRef('u.business_id', '=', 'b.id').on('u.role', '=', 'owner'))
      .select(['u.email', 'u.phone'])
      .where('b.category', '=', 'PHARMACY')
      .where(sql<boolean>`b.id % 25 = 0`)
      .execute();
    const at = new Date(now.getTime() - 30 * DAY);
    await addOptOuts(
      trx,
      'EMAIL',
      owners.map((o) => o.email),
      'UNSUBSCRIBE_LINK',
      at,
    );
    const first40 = await trx.selectFrom('businesses').select('id').orderBy('id').limit(40).execute();
    for (const demo of DEMO) {
      const written = new Date(now.getTime() - demo.writtenDaysAgo * DAY);
      const stored =
        demo.audience === 'FIRST_40'
          ? audience({ audience: 'MERCHANTS', audience_merchant_ids: first40.length > 0 ? first40.map((b) => b.id) : [1] })
          : demo.audience;
      const id = await insertBroadcast(trx, { content: demo.content, audience: stored, adminId, at: written });
      if (demo.fate === 'draft') continue;
      const sentAt = new Date(now.getTime() - demo.fate.sentDaysAgo * DAY + 3_600_000);
      const channels = demo.content.channels === 'BOTH' ? (['EMAIL', 'SMS'] as const) : ([demo.content.channels] as const);
      const { recipients, messages } = await snapshotDeliveries(ctx, id, { audience: stored, channels, at: sentAt });
      if (demo.fate.status === 'CANCELLED') {
        const half = await trx
          .selectFrom('broadcast_deliveries')
          .select('id')
          .where('broadcast_id', '=', id)
          .where('status', '=', 'PENDING')
          .orderBy('id')
          .execute();
        const cutAt = half[Math.floor(half.length / 2)]?.id ?? 0;
        await trx
          .updateTable('broadcast_deliveries')
          .set({ status: 'CANCELLED', reason: 'The broadcast was cancelled before this message was sent: the cashback partner pulled out', done_at: sentAt })
          .where('broadcast_id', '=', id)
          .where('status', '=', 'PENDING')
          .where('id', '>=', cutAt)
          .execute();
      }
      await answerDeliveries(trx, id, sentAt, demo.fate.status === 'PARTLY_FAILED');
      const finished = new Date(sentAt.getTime() + 20 * 60_000);
      await refreshBroadcastCounts(trx, id);
      const counted = await trx.selectFrom('broadcasts').select(['bounced_count', 'failed_count']).where('id', '=', id).executeTakeFirstOrThrow();
      // As the job ends one: with a failure among few merchants or none, whatever the demo meant.
      const status = demo.fate.status === 'CANCELLED' ? 'CANCELLED' : counted.bounced_count + counted.failed_count > 0 ? 'PARTLY_FAILED' : 'SENT';
      await trx
        .updateTable('broadcasts')
        .set({
          status,
          sent_by: adminId,
          sent_at: sentAt,
          recipients,
          messages,
          finished_at: finished,
          updated_at: finished,
          ...(demo.fate.status === 'CANCELLED'
            ? { cancelled_at: finished, cancelled_by: adminId, cancel_reason: 'The cashback partner pulled out; the offer is off' }
            : {}),
        })
        .where('id', '=', id)
        .execute();
    }
  });
  return { broadcasts: DEMO.length };
}
