import {
  BROADCAST_JOB_KIND,
  channelsOf,
  DELIVERY_MAX_ATTEMPTS,
  DELIVERY_RETRY_SECONDS,
  emailOptOutLines,
  lagosDateTime,
  type MessageChannel,
  smsOptOutLine,
} from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { EmailDeliveryError } from '../../providers/email/email-provider';
import { SmsDeliveryError } from '../../providers/sms/sms-provider';
import type { JobDefinition, JobResult, RunningJob } from '../jobs/index';
import { type BroadcastRecord, findBroadcast, refreshBroadcastCounts } from './broadcasts.repository';
import { unsubscribeKey, unsubscribeLink, unsubscribeToken } from './unsubscribe-tokens';

/**
 * The job that sends a broadcast (docs/decisions.md "Broadcasts"). Its messages were fixed when it
 * was sent (one delivery row each); the job hands them to the providers a batch at a time, paced
 * to each provider's rate, and records each one's outcome as soon as the provider answers.
 *
 * Nobody gets a message twice: a message is marked SENDING (committed) before it is handed to
 * the provider, with a reference of ours the provider keeps; its outcome is recorded right after
 * the answer. A job taken over after a crash finds the messages left SENDING and asks the provider
 * by reference: one it took is recorded SENT and not sent again; one it never took is sent; and
 * where the provider cannot say (an email service without look-ups) the message is recorded
 * FAILED as interrupted, never sent again. A message already SENT is never picked again.
 */
export interface BroadcastJobPayload {
  broadcastId: number;
}

/** Messages claimed and sent between two progress reports (each report also extends the job's lease). */
export const BROADCAST_BATCH = 50;
/** When an email service does not say its rate. */
const DEFAULT_EMAIL_RATE = 10;
/** Waits for a gateway that refused for its rate, inline, before the message counts as a temporary failure. */
const RATE_LIMIT_TRIES = 3;
/** How long a channel whose provider is down waits before the job tries it again. */
const OUTAGE_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (n: number) => n.toLocaleString('en-NG');

/** Hands out moments at most `perSecond` a second (real time: a provider's rate is real time). */
class Pacer {
  private next = 0;
  constructor(private readonly perSecond: number) {}
  async wait(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1_000 / Math.max(0.1, this.perSecond);
    if (at > now) await sleep(at - now);
  }
}

interface Claimed {
  id: number;
  business_id: number;
  channel: MessageChannel;
  address: string | null;
  attempts: number;
}

type Outcome =
  | { kind: 'sent'; providerId: string; segments: number | null }
  | { kind: 'bounced' | 'failed'; reason: string }
  | { kind: 'retry'; reason: string }
  /** The provider itself is down: the message goes back, its try not counted, and the channel waits. */
  | { kind: 'unavailable'; reason: string; waitMs: number };

/** Ours for a message, kept by the provider: it finds the message by it and never sends it twice. */
export const deliveryReference = (broadcastId: number, deliveryId: number) => `BRD-${broadcastId}-${deliveryId}`;

/** Hands one message to its provider and says what became of it; a plain error (a crash) is thrown on. */
async function deliver(deps: AppDeps, broadcast: BroadcastRecord, delivery: Claimed, key: string): Promise<Outcome> {
  const reference = deliveryReference(broadcast.id, delivery.id);
  const address = delivery.address!;
  const link = unsubscribeLink(deps.config.publicUrl, unsubscribeToken(key, delivery.channel, address));
  if (delivery.channel === 'SMS') {
    for (let tries = 1; ; tries += 1) {
      try {
        const sent = await deps.providers.sms.send({ to: address, text: `${broadcast.sms_text}${smsOptOutLine(link)}`, reference, from: 'Traction' });
        return { kind: 'sent', providerId: sent.id, segments: sent.parts };
      } catch (error) {
        if (!(error instanceof SmsDeliveryError)) throw error;
        if (error.kind === 'rate_limited' && tries < RATE_LIMIT_TRIES) {
          await sleep(Math.min(5_000, error.retryAfterMs ?? 1_000));
          continue;
        }
        if (error.kind === 'rejected') return { kind: 'failed', reason: error.message };
        if (error.kind === 'unavailable') return { kind: 'unavailable', reason: error.message, waitMs: error.retryAfterMs ?? OUTAGE_WAIT_MS };
        return { kind: 'retry', reason: error.message };
      }
    }
  }
  try {
    const sent = await deps.providers.email.send({
      to: address,
      subject: broadcast.email_subject!,
      text: `${broadcast.email_body}${emailOptOutLines(link)}`,
      kind: 'broadcast',
      data: { broadcast: String(broadcast.id), unsubscribe: link },
      reference,
    });
    return { kind: 'sent', providerId: sent.id, segments: null };
  } catch (error) {
    if (!(error instanceof EmailDeliveryError)) throw error;
    if (error.bounced) return { kind: 'bounced', reason: error.message };
    return error.retryable ? { kind: 'retry', reason: error.message } : { kind: 'failed', reason: error.message };
  }
}

/** Marks a batch of due messages SENDING (their try counted), in id order, for this job to send now. */
async function claimBatch(db: Db, broadcastId: number, channels: readonly MessageChannel[], now: Date): Promise<Claimed[]> {
  if (channels.length === 0) return [];
  const claimed = await sql<Claimed>`
    update broadcast_deliveries d set status = 'SENDING', attempts = d.attempts + 1, last_attempt_at = ${now}
    where d.id in (
      select id from broadcast_deliveries
      where broadcast_id = ${broadcastId} and status = 'PENDING' and channel = any(${[...channels]}::text[])
        and (next_attempt_at is null or next_attempt_at <= ${now})
      order by id limit ${BROADCAST_BATCH}
      for update skip locked
    )
    returning d.id, d.business_id, d.channel, d.address, d.attempts`.execute(db);
  return [...claimed.rows].sort((a, b) => a.id - b.id);
}

/** Records what became of a message handed to its provider (only while it is still SENDING: whoever records first wins). */
async function recordOutcome(db: Db, delivery: Claimed, outcome: Outcome, now: Date): Promise<void> {
  const update = db.updateTable('broadcast_deliveries').where('id', '=', delivery.id).where('status', '=', 'SENDING');
  switch (outcome.kind) {
    case 'sent':
      await update
        .set({ status: 'SENT', provider_id: outcome.providerId, segments: outcome.segments, reason: null, next_attempt_at: null, done_at: now })
        .execute();
      return;
    case 'bounced':
    case 'failed':
      await update.set({ status: outcome.kind === 'bounced' ? 'BOUNCED' : 'FAILED', reason: outcome.reason, next_attempt_at: null, done_at: now }).execute();
      return;
    case 'retry': {
      if (delivery.attempts >= DELIVERY_MAX_ATTEMPTS) {
        await update.set({ status: 'FAILED', reason: `${outcome.reason} (${delivery.attempts} tries)`, next_attempt_at: null, done_at: now }).execute();
        return;
      }
      const at = new Date(now.getTime() + DELIVERY_RETRY_SECONDS * 1000 * 2 ** (delivery.attempts - 1));
      await update
        .set({ status: 'PENDING', reason: `${outcome.reason}; tried ${delivery.attempts} of ${DELIVERY_MAX_ATTEMPTS} times`, next_attempt_at: at })
        .execute();
      return;
    }
    case 'unavailable':
      await releaseDelivery(db, delivery.id);
      return;
  }
}

/** Puts a claimed message back as it was before this try (the provider never had it). */
async function releaseDelivery(db: Db, id: number): Promise<void> {
  await db
    .updateTable('broadcast_deliveries')
    .set((eb) => ({ status: 'PENDING', attempts: sql<number>`greatest(${eb.ref('attempts')} - 1, 0)` }))
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .execute();
}

/**
 * Messages left SENDING by a run that stopped between handing them over and recording the answer:
 * each is looked up at its provider by reference. Taken: SENT, not sent again. Never taken: back
 * to waiting, sent normally. Cannot tell: FAILED as interrupted, so nobody gets it twice.
 */
async function settleInterrupted(deps: AppDeps, broadcastId: number): Promise<number> {
  const left = await deps.db
    .selectFrom('broadcast_deliveries')
    .select(['id', 'channel'])
    .where('broadcast_id', '=', broadcastId)
    .where('status', '=', 'SENDING')
    .orderBy('id')
    .execute();
  const now = deps.clock.now();
  for (const delivery of left) {
    const reference = deliveryReference(broadcastId, delivery.id);
    const update = deps.db.updateTable('broadcast_deliveries').where('id', '=', delivery.id).where('status', '=', 'SENDING');
    if (delivery.channel === 'SMS') {
      const found = await deps.providers.sms.find(reference);
      if (found)
        await update.set({ status: 'SENT', provider_id: found.id, segments: found.parts, reason: null, next_attempt_at: null, done_at: now }).execute();
      else await releaseDelivery(deps.db, delivery.id);
      continue;
    }
    const email = deps.providers.email;
    const found = email.find ? await email.find(reference) : undefined;
    if (found) await update.set({ status: 'SENT', provider_id: found.id, reason: null, next_attempt_at: null, done_at: now }).execute();
    else if (found === null) await releaseDelivery(deps.db, delivery.id);
    else {
      await update
        .set({
          status: 'FAILED',
          reason: 'Sending was interrupted and the email service cannot say whether this message went: not sent again, so that nobody gets it twice',
          next_attempt_at: null,
          done_at: now,
        })
        .execute();
    }
  }
  return left.length;
}

async function setNote(db: Db, id: number, note: string | null): Promise<void> {
  await db.updateTable('broadcasts').set({ note }).where('id', '=', id).execute();
}

/** Where the broadcast stands, for its job's progress. */
async function reportProgress(job: RunningJob<BroadcastJobPayload>, message: string): Promise<void> {
  const row = await job.deps.db
    .selectFrom('broadcast_deliveries')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where status not in ('PENDING', 'SENDING'))::int`.as('done'),
      sql<number>`count(*) filter (where status = 'SENT')::int`.as('sent'),
      sql<number>`count(*) filter (where status = 'BOUNCED')::int`.as('bounced'),
      sql<number>`count(*) filter (where status = 'FAILED')::int`.as('failed'),
      sql<number>`count(*) filter (where status = 'SKIPPED')::int`.as('skipped'),
      sql<number>`count(*) filter (where status = 'PENDING' and attempts > 0)::int`.as('retrying'),
    ])
    .where('broadcast_id', '=', job.payload.broadcastId)
    .executeTakeFirstOrThrow();
  await job.progress({
    done: row.done,
    total: row.total,
    counts: { sent: row.sent, bounced: row.bounced, failed: row.failed, skipped: row.skipped, retrying: row.retrying },
    message,
  });
}

/** The end: SENT when every message went (skipped ones aside), else PARTLY_FAILED; a cancelled one stays cancelled. */
async function finish(db: Db, id: number, now: Date): Promise<string> {
  await refreshBroadcastCounts(db, id);
  const row = (await findBroadcast(db, id))!;
  if (row.status !== 'SENDING') return `Broadcast ${id} is ${row.status.toLowerCase()}`;
  const status = row.bounced_count + row.failed_count > 0 ? 'PARTLY_FAILED' : 'SENT';
  await db
    .updateTable('broadcasts')
    .set({ status, finished_at: now, note: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .execute();
  return `${count(row.sent_count)} sent, ${count(row.bounced_count)} bounced, ${count(row.failed_count)} failed, ${count(row.skipped_count)} skipped`;
}

/** Sends a broadcast's messages; resumable and safe to take over (see the file's comment). */
export async function runBroadcastSend(job: RunningJob<BroadcastJobPayload>): Promise<JobResult> {
  const { deps } = job;
  const id = job.payload.broadcastId;
  const broadcast = await findBroadcast(deps.db, id);
  if (!broadcast) return { status: 'failed', reason: `Broadcast ${id} does not exist` };
  const settled = await settleInterrupted(deps, id);
  if (broadcast.status !== 'SENDING') {
    await refreshBroadcastCounts(deps.db, id);
    return { status: 'done', result: { note: `Broadcast ${id} is ${broadcast.status.toLowerCase()}`, settled } };
  }
  const key = await unsubscribeKey(deps.db, deps.clock.now());
  const pacers: Record<MessageChannel, Pacer> = {
    EMAIL: new Pacer(deps.providers.email.ratePerSecond ?? DEFAULT_EMAIL_RATE),
    SMS: new Pacer(deps.providers.sms.ratePerSecond),
  };
  const systems: Record<MessageChannel, string> = { EMAIL: 'The email service', SMS: deps.providers.sms.system };
  /** Channels whose provider is down, until when (the test's clock), and why. */
  const down = new Map<MessageChannel, { until: Date; reason: string }>();
  const channels = channelsOf(broadcast.channels);
  for (;;) {
    if (job.signal.aborted)
      return { status: 'retry', at: deps.clock.now(), reason: 'The worker stopped; the broadcast carries on with the messages not sent yet' };
    const now = deps.clock.now();
    const current = await deps.db.selectFrom('broadcasts').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (current.status !== 'SENDING') break;
    const batch = await claimBatch(
      deps.db,
      id,
      channels.filter((channel) => !down.has(channel)),
      now,
    );
    if (batch.length === 0) {
      const waiting = await deps.db
        .selectFrom('broadcast_deliveries')
        .select(['channel', sql<Date | null>`min(coalesce(next_attempt_at, ${now}))`.as('next'), sql<number>`count(*)::int`.as('n')])
        .where('broadcast_id', '=', id)
        .where('status', 'in', ['PENDING', 'SENDING'])
        .groupBy('channel')
        .execute();
      if (waiting.length === 0) break;
      const times = waiting.map((row) => {
        const outage = down.get(row.channel);
        const next = new Date(row.next ?? now);
        return outage && outage.until > next ? outage.until : next;
      });
      const at = new Date(Math.max(now.getTime() + 1_000, Math.min(...times.map((time) => time.getTime()))));
      const n = waiting.reduce((sum, row) => sum + row.n, 0);
      const outages = [...down.entries()].map(([channel, outage]) => `${systems[channel]} is not answering (${outage.reason})`);
      const note = `${outages.length > 0 ? `${outages.join('; ')}. ` : ''}${count(n)} message${n === 1 ? '' : 's'} wait${n === 1 ? 's' : ''} to be tried again at ${lagosDateTime(at.toISOString())}`;
      await setNote(deps.db, id, note);
      await refreshBroadcastCounts(deps.db, id);
      await reportProgress(job, note);
      return { status: 'retry', at, reason: note };
    }
    for (const delivery of batch) {
      if (down.has(delivery.channel)) {
        await releaseDelivery(deps.db, delivery.id);
        continue;
      }
      await pacers[delivery.channel].wait();
      const outcome = await deliver(deps, broadcast, delivery, key);
      const at = deps.clock.now();
      if (outcome.kind === 'unavailable') down.set(delivery.channel, { until: new Date(at.getTime() + outcome.waitMs), reason: outcome.reason });
      await recordOutcome(deps.db, delivery, outcome, at);
    }
    await refreshBroadcastCounts(deps.db, id);
    if (down.size === 0) await setNote(deps.db, id, null);
    await reportProgress(job, `Sending: up to message ${batch.at(-1)!.id}`);
  }
  const summary = await finish(deps.db, id, deps.clock.now());
  await reportProgress(job, summary);
  return { status: 'done', result: { summary, settled } };
}

/** The jobs of broadcasts, registered at the composition root (src/jobs.ts) through the domain's index. */
export const broadcastSendJobs: readonly JobDefinition<BroadcastJobPayload>[] = [{ kind: BROADCAST_JOB_KIND, leaseSeconds: 120, run: runBroadcastSend }];
