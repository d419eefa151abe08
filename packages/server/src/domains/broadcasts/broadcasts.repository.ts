import {
  type BroadcastChannelCounts,
  type BroadcastChannels,
  type BroadcastPlan,
  type BroadcastRow,
  type BroadcastStatus,
  broadcastSmsParts,
  channelsOf,
  type DeliveryStatus,
  type MessageChannel,
  rangeBoundToDate,
} from '@traction/core';
import { type RawBuilder, sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';
import type { HandlerContext } from '../../handling/handler-context';
import { audienceBusinessIds, audienceOfRow, type StoredAudience } from '../notifications/index';

/** Broadcasts (0041) with the names of who wrote and sent them. */
export function broadcastQuery(db: Db) {
  return db
    .selectFrom('broadcasts as b')
    .leftJoin('admins as c', 'c.id', 'b.created_by')
    .leftJoin('admins as s', 's.id', 'b.sent_by')
    .selectAll('b')
    .select([adminNameSql('c').as('created_by_name'), adminNameSql('s').as('sent_by_name')]);
}
type BroadcastQuery = ReturnType<typeof broadcastQuery>;
export type BroadcastRecord = RowOf<typeof broadcastQuery>;

export interface BroadcastFilters {
  search?: string | undefined;
  status?: BroadcastStatus | undefined;
  channels?: BroadcastChannels | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function filterBroadcasts(query: BroadcastQuery, filters: BroadcastFilters): BroadcastQuery {
  let out = query;
  if (filters.status) out = out.where('b.status', '=', filters.status);
  if (filters.channels) out = out.where('b.channels', '=', filters.channels);
  if (filters.from) out = out.where('b.created_at', '>=', rangeBoundToDate(filters.from, 'start'));
  if (filters.to) out = out.where('b.created_at', '<=', rangeBoundToDate(filters.to, 'end'));
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(search)}`);
  return out;
}

export function toBroadcastRow(row: BroadcastRecord): BroadcastRow {
  const parts = row.sms_text === null ? null : broadcastSmsParts(row.sms_text);
  return {
    id: row.id,
    name: row.name,
    channels: row.channels,
    emailSubject: row.email_subject,
    emailBody: row.email_body,
    smsText: row.sms_text,
    smsParts: parts?.parts ?? null,
    smsEncoding: parts?.encoding ?? null,
    status: row.status,
    ...audienceOfRow(row as StoredAudience),
    recipients: row.recipients,
    messages: row.messages,
    sent: row.sent_count,
    bounced: row.bounced_count,
    failed: row.failed_count,
    skipped: row.skipped_count,
    jobId: row.job_id,
    note: row.note,
    createdBy: row.created_by_name,
    sentBy: row.sent_by_name,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    sentAt: isoTimestampOrNull(row.sent_at),
    finishedAt: isoTimestampOrNull(row.finished_at),
    cancelledAt: isoTimestampOrNull(row.cancelled_at),
    cancelReason: row.cancel_reason,
  };
}

/** `toBroadcastRow` as SQL for the columns the list exports. */
export const broadcastCsv: CsvColumns<BroadcastRow> = {
  id: 'b.id',
  name: 'b.name',
  channels: 'b.channels',
  status: 'b.status',
  messages: 'b.messages',
  sent: 'b.sent_count',
  bounced: 'b.bounced_count',
  failed: 'b.failed_count',
  skipped: 'b.skipped_count',
  sentAt: 'b.sent_at',
  createdAt: 'b.created_at',
};

export async function findBroadcast(db: Db, id: number): Promise<BroadcastRecord | undefined> {
  return broadcastQuery(db).where('b.id', '=', id).executeTakeFirst();
}

/** The broadcast's status, locked until the transaction ends: moves of one broadcast never interleave. */
export async function lockBroadcast(db: Db, id: number): Promise<{ status: BroadcastStatus } | undefined> {
  return db.selectFrom('broadcasts').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What a broadcast says and to whom, as stored: only the words of the channels it goes by. */
export interface BroadcastContentColumns {
  name: string;
  channels: BroadcastChannels;
  emailSubject: string | null;
  emailBody: string | null;
  smsText: string | null;
}

const contentColumns = (content: BroadcastContentColumns, audience: StoredAudience) => {
  const channels = channelsOf(content.channels);
  return {
    name: content.name,
    channels: content.channels,
    email_subject: channels.includes('EMAIL') ? content.emailSubject : null,
    email_body: channels.includes('EMAIL') ? content.emailBody : null,
    sms_text: channels.includes('SMS') ? content.smsText : null,
    ...audience,
    audience_filters: audience.audience_filters === null ? null : JSON.stringify(audience.audience_filters),
  };
};

export async function insertBroadcast(
  db: Db,
  args: { content: BroadcastContentColumns; audience: StoredAudience; adminId: number | null; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('broadcasts')
    .values({ ...contentColumns(args.content, args.audience), created_by: args.adminId, created_at: args.at, updated_at: args.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBroadcastContent(
  db: Db,
  id: number,
  args: { content: BroadcastContentColumns; audience: StoredAudience; at: Date },
): Promise<void> {
  await db
    .updateTable('broadcasts')
    .set({ ...contentColumns(args.content, args.audience), updated_at: args.at })
    .where('id', '=', id)
    .execute();
}

// An owner's addresses as a message can use them: an email that looks like one, lower-cased; a
// Nigerian mobile number as +234… (as core's normaliseNigerianPhone reads them), else null.
const EMAIL_OF = sql`case when trim(o.email) ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$' then lower(trim(o.email)) end`;
const PHONE_OF = sql`'+234' || substring(regexp_replace(o.phone, '[[:space:]().-]', '', 'g') from '^(?:\\+?234)?0?([789][01][0-9]{8})$')`;

/**
 * The merchants an audience reaches now, one row each with its owner's usable email and phone
 * (the first owner of the business: business_users role owner), as a query to select from.
 */
function recipientsOf(ctx: HandlerContext, audience: StoredAudience): RawBuilder<unknown> {
  return sql`(
    select a.id as business_id, ${EMAIL_OF} as email, ${PHONE_OF} as phone
    from (${audienceBusinessIds(ctx, audience)}) a
    left join lateral (
      select u.email, u.phone from business_users u where u.business_id = a.id and u.role = 'owner' order by u.id limit 1
    ) o on true
  )`;
}

const addressColumn = (channel: MessageChannel) => sql.ref(channel === 'EMAIL' ? 'r.email' : 'r.phone');

/** Whom a broadcast reaches if sent now: merchants, messages per channel, opted-out and unreachable owners, and the first ten. */
export async function planBroadcast(ctx: HandlerContext, audience: StoredAudience, channels: readonly MessageChannel[]): Promise<BroadcastPlan> {
  const counted = await sql<{ merchants: number; email_none: number; email_out: number; sms_none: number; sms_out: number }>`
    select count(*)::int as merchants,
      count(*) filter (where r.email is null)::int as email_none,
      count(*) filter (where exists (select 1 from contact_opt_outs x where x.channel = 'EMAIL' and x.address = r.email))::int as email_out,
      count(*) filter (where r.phone is null)::int as sms_none,
      count(*) filter (where exists (select 1 from contact_opt_outs x where x.channel = 'SMS' and x.address = r.phone))::int as sms_out
    from ${recipientsOf(ctx, audience)} r`.execute(ctx.db);
  const row = counted.rows[0]!;
  const sample = await sql<{ business_id: number; name: string; email: string | null; phone: string | null }>`
    select r.business_id, b.name, r.email, r.phone
    from ${recipientsOf(ctx, audience)} r join businesses b on b.id = r.business_id
    order by r.business_id limit 10`.execute(ctx.db);
  return {
    merchants: row.merchants,
    channels: channels.map((channel) => {
      const none = channel === 'EMAIL' ? row.email_none : row.sms_none;
      const out = channel === 'EMAIL' ? row.email_out : row.sms_out;
      return { channel, messages: row.merchants - none - out, optedOut: out, noAddress: none };
    }),
    sample: sample.rows.map((r) => ({ businessId: r.business_id, businessName: r.name, email: r.email, phone: r.phone })),
  };
}

const NO_ADDRESS: Record<MessageChannel, string> = {
  EMAIL: 'The owner has no usable email address',
  SMS: 'The owner has no usable Nigerian mobile number',
};
const OPTED_OUT: Record<MessageChannel, string> = {
  EMAIL: 'This email address is on the opt-out list',
  SMS: 'This phone number is on the opt-out list',
};

/**
 * Fixes who gets a broadcast, in the caller's transaction: one delivery per merchant the audience
 * reaches now and channel, with its owner's address then; an owner without a usable address, or
 * whose address is on the opt-out list for the channel, is skipped with why. Answers the merchants
 * and messages.
 */
export async function snapshotDeliveries(
  ctx: HandlerContext,
  broadcastId: number,
  args: { audience: StoredAudience; channels: readonly MessageChannel[]; at: Date },
): Promise<{ recipients: number; messages: number }> {
  for (const channel of args.channels) {
    const address = addressColumn(channel);
    await sql`
      insert into broadcast_deliveries (broadcast_id, business_id, channel, address, status, reason, done_at)
      select ${broadcastId}::int, r.business_id, ${channel}, ${address},
        case when ${address} is null or x.id is not null then 'SKIPPED' else 'PENDING' end,
        case when ${address} is null then ${NO_ADDRESS[channel]}::text when x.id is not null then ${OPTED_OUT[channel]}::text end,
        case when ${address} is null or x.id is not null then ${args.at}::timestamptz end
      from ${recipientsOf(ctx, args.audience)} r
      left join contact_opt_outs x on x.channel = ${channel} and x.address = ${address}
      order by r.business_id`.execute(ctx.db);
  }
  const counted = await ctx.db
    .selectFrom('broadcast_deliveries')
    .select((eb) => [eb.fn.countAll<string>().as('messages'), sql<string>`count(distinct business_id)`.as('recipients')])
    .where('broadcast_id', '=', broadcastId)
    .executeTakeFirstOrThrow();
  return { recipients: Number(counted.recipients), messages: Number(counted.messages) };
}

export async function markSending(db: Db, id: number, args: { adminId: number; recipients: number; messages: number; at: Date }): Promise<void> {
  await db
    .updateTable('broadcasts')
    .set({ status: 'SENDING', sent_by: args.adminId, sent_at: args.at, recipients: args.recipients, messages: args.messages, updated_at: args.at })
    .where('id', '=', id)
    .execute();
}

export async function setBroadcastJob(db: Db, id: number, jobId: number): Promise<void> {
  await db.updateTable('broadcasts').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** Cancels a sending broadcast and every message not handed to a provider yet; answers how many messages were cancelled. */
export async function cancelSending(db: Db, id: number, args: { adminId: number; reason: string; at: Date }): Promise<number> {
  const cancelled = await db
    .updateTable('broadcast_deliveries')
    .set({ status: 'CANCELLED', reason: `The broadcast was cancelled before this message was sent: ${args.reason}`, done_at: args.at, next_attempt_at: null })
    .where('broadcast_id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  await db
    .updateTable('broadcasts')
    .set({
      status: 'CANCELLED',
      cancelled_at: args.at,
      cancelled_by: args.adminId,
      cancel_reason: args.reason,
      finished_at: args.at,
      note: null,
      updated_at: args.at,
    })
    .where('id', '=', id)
    .execute();
  await refreshBroadcastCounts(db, id);
  return Number(cancelled.numUpdatedRows);
}

/** The broadcast's message counts, read again from its deliveries. */
export async function refreshBroadcastCounts(db: Db, id: number): Promise<void> {
  await sql`
    update broadcasts set
      sent_count = c.sent, bounced_count = c.bounced, failed_count = c.failed, skipped_count = c.skipped
    from (
      select count(*) filter (where status = 'SENT')::int as sent,
        count(*) filter (where status = 'BOUNCED')::int as bounced,
        count(*) filter (where status = 'FAILED')::int as failed,
        count(*) filter (where status = 'SKIPPED')::int as skipped
      from broadcast_deliveries where broadcast_id = ${id}
    ) c
    where broadcasts.id = ${id}`.execute(db);
}

/** The messages of each channel of the broadcast by outcome, in channel order. */
export async function channelCounts(db: Db, id: number, channels: readonly MessageChannel[]): Promise<BroadcastChannelCounts[]> {
  const rows = await db
    .selectFrom('broadcast_deliveries')
    .select(['channel', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('broadcast_id', '=', id)
    .groupBy(['channel', 'status'])
    .execute();
  return channels.map((channel) => {
    const of = (status: DeliveryStatus) => Number(rows.find((row) => row.channel === channel && row.status === status)?.n ?? 0);
    const counts = {
      pending: of('PENDING'),
      sending: of('SENDING'),
      sent: of('SENT'),
      bounced: of('BOUNCED'),
      failed: of('FAILED'),
      skipped: of('SKIPPED'),
      cancelled: of('CANCELLED'),
    };
    return { channel, total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
  });
}

/** A broadcast's messages; `search` is the start of the merchant's name or of the address. */
export function deliveriesQuery(
  db: Db,
  id: number,
  filters: { search?: string | undefined; channel?: MessageChannel | undefined; status?: DeliveryStatus | undefined },
) {
  let query = db
    .selectFrom('broadcast_deliveries as d')
    .innerJoin('businesses as bz', 'bz.id', 'd.business_id')
    .select([
      'd.id',
      'd.broadcast_id',
      'd.business_id',
      'bz.name',
      'd.channel',
      'd.address',
      'd.status',
      'd.reason',
      'd.attempts',
      'd.provider_id',
      'd.segments',
      'd.last_attempt_at',
      'd.done_at',
    ])
    .where('d.broadcast_id', '=', id);
  if (filters.channel) query = query.where('d.channel', '=', filters.channel);
  if (filters.status) query = query.where('d.status', '=', filters.status);
  const search = filters.search?.trim();
  if (search) {
    const pattern = lowerPrefixPattern(search);
    query = query.where(sql<boolean>`(lower(bz.name) like ${pattern} or d.address like ${pattern})`);
  }
  return query;
}

export function toDeliveryRow(row: RowOf<typeof deliveriesQuery>) {
  return {
    id: row.id,
    broadcastId: row.broadcast_id,
    businessId: row.business_id,
    businessName: row.name,
    channel: row.channel,
    address: row.address,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    providerId: row.provider_id,
    segments: row.segments,
    lastAttemptAt: isoTimestampOrNull(row.last_attempt_at),
    doneAt: isoTimestampOrNull(row.done_at),
  };
}

/** `toDeliveryRow` as SQL, for exports PostgreSQL writes itself. */
export const deliveryCsv: CsvColumns<ReturnType<typeof toDeliveryRow>> = {
  businessId: 'd.business_id',
  businessName: 'bz.name',
  channel: 'd.channel',
  address: 'd.address',
  status: 'd.status',
  reason: 'd.reason',
  attempts: 'd.attempts',
  lastAttemptAt: 'd.last_attempt_at',
};
