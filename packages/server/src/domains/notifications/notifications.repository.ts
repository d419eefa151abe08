import { type NotificationCategory, type NotificationRow, type NotificationStatus, rangeBoundToDate } from '@traction/core';
import { type SelectQueryBuilder, sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/database';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';
import { audienceOfRow, type StoredAudience } from './audience';

/** Notifications (0037) with the names of who wrote and published them. */
export function notificationQuery(db: Db) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('admins as c', 'c.id', 'n.created_by')
    .leftJoin('admins as p', 'p.id', 'n.published_by')
    .select([
      'n.id',
      'n.title',
      'n.body',
      'n.category',
      'n.link_url',
      'n.link_label',
      'n.status',
      'n.audience',
      'n.audience_state',
      'n.audience_category',
      'n.audience_view_id',
      'n.audience_view_name',
      'n.audience_filters',
      'n.audience_merchant_ids',
      'n.publish_at',
      'n.published_at',
      'n.recipients',
      'n.withdrawn_at',
      'n.withdrawn_reason',
      'n.created_at',
      'n.updated_at',
      adminNameSql('c').as('created_by_name'),
      adminNameSql('p').as('published_by_name'),
    ]);
}
type NotificationQuery = ReturnType<typeof notificationQuery>;
export type NotificationRecord = RowOf<typeof notificationQuery>;

export interface NotificationFilters {
  search?: string | undefined;
  status?: NotificationStatus | undefined;
  category?: NotificationCategory | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function filterNotifications(query: NotificationQuery, filters: NotificationFilters): NotificationQuery {
  let out = query;
  if (filters.status) out = out.where('n.status', '=', filters.status);
  if (filters.category) out = out.where('n.category', '=', filters.category);
  if (filters.from) out = out.where('n.created_at', '>=', rangeBoundToDate(filters.from, 'start'));
  if (filters.to) out = out.where('n.created_at', '<=', rangeBoundToDate(filters.to, 'end'));
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`lower(n.title) like ${lowerPrefixPattern(search)}`);
  return out;
}

export function toNotificationRow(row: NotificationRecord): NotificationRow {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    category: row.category,
    linkUrl: row.link_url,
    linkLabel: row.link_label,
    status: row.status,
    ...audienceOfRow(row as StoredAudience),
    publishAt: isoTimestampOrNull(row.publish_at),
    publishedAt: isoTimestampOrNull(row.published_at),
    recipients: row.recipients,
    withdrawnAt: isoTimestampOrNull(row.withdrawn_at),
    withdrawnReason: row.withdrawn_reason,
    createdBy: row.created_by_name,
    publishedBy: row.published_by_name,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export async function findNotification(db: Db, id: number): Promise<NotificationRecord | undefined> {
  return notificationQuery(db).where('n.id', '=', id).executeTakeFirst();
}

/** The notification's status, locked until the transaction ends: moves of one notification never interleave. */
export async function lockNotification(db: Db, id: number): Promise<{ status: NotificationStatus; publish_at: Date | null } | undefined> {
  return db.selectFrom('notifications').select(['status', 'publish_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface NotificationContent {
  title: string;
  body: string;
  category: NotificationCategory;
  linkUrl: string | null;
  linkLabel: string | null;
}

const contentColumns = (content: NotificationContent, audience: StoredAudience) => ({
  title: content.title,
  body: content.body,
  category: content.category,
  link_url: content.linkUrl,
  link_label: content.linkLabel,
  ...audience,
  audience_filters: audience.audience_filters === null ? null : JSON.stringify(audience.audience_filters),
});

export async function insertNotification(
  db: Db,
  args: { content: NotificationContent; audience: StoredAudience; adminId: number | null; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({ ...contentColumns(args.content, args.audience), created_by: args.adminId, created_at: args.at, updated_at: args.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNotificationContent(db: Db, id: number, args: { content: NotificationContent; audience: StoredAudience; at: Date }): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ ...contentColumns(args.content, args.audience), updated_at: args.at })
    .where('id', '=', id)
    .execute();
}

export async function scheduleNotification(db: Db, id: number, args: { publishAt: Date; adminId: number | null; at: Date }): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'SCHEDULED', publish_at: args.publishAt, published_by: args.adminId, updated_at: args.at })
    .where('id', '=', id)
    .execute();
}

/**
 * Puts the notification in the inbox of every merchant `businessIds` selects, and marks it
 * published with their number: one statement each, inside the caller's transaction.
 */
export async function publishToInboxes(
  db: Db,
  id: number,
  args: { businessIds: SelectQueryBuilder<Database, 'businesses', { id: number }>; adminId: number | null; at: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('notification_recipients')
    .columns(['notification_id', 'business_id', 'delivered_at'])
    .expression(
      db
        .selectFrom(args.businessIds.as('a'))
        .select([sql<number>`${id}::int`.as('notification_id'), 'a.id', sql<Date>`${args.at}::timestamptz`.as('delivered_at')]),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  const recipients = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
  await db
    .updateTable('notifications')
    .set({
      status: 'PUBLISHED',
      published_at: args.at,
      publish_at: sql`coalesce(publish_at, ${args.at}::timestamptz)`,
      recipients,
      updated_at: args.at,
      ...(args.adminId === null ? {} : { published_by: args.adminId }),
    })
    .where('id', '=', id)
    .execute();
  return recipients;
}

export async function withdrawNotificationRow(db: Db, id: number, args: { reason: string; at: Date }): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ status: 'WITHDRAWN', withdrawn_at: args.at, withdrawn_reason: args.reason, updated_at: args.at })
    .where('id', '=', id)
    .execute();
}

export async function insertNotificationEvent(
  db: Db,
  event: { notificationId: number; from: NotificationStatus | null; to: NotificationStatus; adminId: number | null; note: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('notification_events')
    .values({ notification_id: event.notificationId, from_status: event.from, to_status: event.to, admin_id: event.adminId, note: event.note, at: event.at })
    .execute();
}

export async function notificationEvents(db: Db, id: number) {
  const rows = await db
    .selectFrom('notification_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.id', 'e.at', 'e.from_status', 'e.to_status', 'e.note', adminNameSql('a').as('by')])
    .where('e.notification_id', '=', id)
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({ id: row.id, at: isoTimestamp(row.at), fromStatus: row.from_status, toStatus: row.to_status, by: row.by, note: row.note }));
}

/** Merchants a notification went to; `search` is the start of a merchant's name. */
export function recipientsQuery(db: Db, id: number, search?: string) {
  const query = db
    .selectFrom('notification_recipients as r')
    .innerJoin('businesses as b', 'b.id', 'r.business_id')
    .select(['r.business_id', 'b.name', 'b.state_code', 'b.category', 'r.delivered_at'])
    .where('r.notification_id', '=', id);
  const typed = search?.trim();
  return typed ? query.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(typed)}`) : query;
}

/** `toRecipientRow` as SQL, for exports PostgreSQL writes itself. */
export const recipientCsv: CsvColumns<ReturnType<typeof toRecipientRow>> = {
  businessId: 'r.business_id',
  businessName: 'b.name',
  stateCode: 'b.state_code',
  category: 'b.category',
  deliveredAt: 'r.delivered_at',
};

export function toRecipientRow(row: RowOf<typeof recipientsQuery>) {
  return {
    businessId: row.business_id,
    businessName: row.name,
    stateCode: row.state_code,
    category: row.category,
    deliveredAt: isoTimestamp(row.delivered_at),
  };
}
