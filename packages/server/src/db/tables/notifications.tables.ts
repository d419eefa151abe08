import type { AudienceKind, NotificationCategory, NotificationStatus } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A notification to merchants' apps (0037). */
export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  body: string;
  category: NotificationCategory;
  link_url: string | null;
  link_label: string | null;
  status: Generated<NotificationStatus>;
  audience: AudienceKind;
  audience_state: string | null;
  audience_category: string | null;
  audience_view_id: number | null;
  audience_view_name: string | null;
  /** A saved view's filters as the URL held them; written as JSON text. */
  audience_filters: ColumnType<Record<string, string> | null, string | null, string | null>;
  audience_merchant_ids: number[] | null;
  publish_at: Timestamp | null;
  published_at: Timestamp | null;
  recipients: number | null;
  withdrawn_at: Timestamp | null;
  withdrawn_reason: string | null;
  created_by: number | null;
  published_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One merchant's copy of a published notification (0037). */
export interface NotificationRecipientsTable {
  notification_id: number;
  business_id: number;
  delivered_at: Timestamp;
}

/** One change of a notification's status (0037). */
export interface NotificationEventsTable {
  id: Generated<number>;
  notification_id: number;
  from_status: NotificationStatus | null;
  to_status: NotificationStatus;
  admin_id: number | null;
  note: string | null;
  at: Timestamp;
}
