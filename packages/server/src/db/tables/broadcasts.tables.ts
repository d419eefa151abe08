import type { AudienceKind, BroadcastChannels, BroadcastStatus, DeliveryStatus, MessageChannel } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A broadcast by email and SMS (0041). */
export interface BroadcastsTable {
  id: Generated<number>;
  name: string;
  channels: BroadcastChannels;
  email_subject: string | null;
  email_body: string | null;
  sms_text: string | null;
  status: Generated<BroadcastStatus>;
  audience: AudienceKind;
  audience_state: string | null;
  audience_category: string | null;
  audience_view_id: number | null;
  audience_view_name: string | null;
  /** A saved view's filters as the URL held them; written as JSON text. */
  audience_filters: ColumnType<Record<string, string> | null, string | null, string | null>;
  audience_merchant_ids: number[] | null;
  recipients: number | null;
  messages: number | null;
  sent_count: Generated<number>;
  bounced_count: Generated<number>;
  failed_count: Generated<number>;
  skipped_count: Generated<number>;
  job_id: number | null;
  note: string | null;
  created_by: number | null;
  sent_by: number | null;
  cancelled_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  finished_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
}

/** One message of a sent broadcast to one owner by one channel (0041). */
export interface BroadcastDeliveriesTable {
  id: Generated<number>;
  broadcast_id: number;
  business_id: number;
  channel: MessageChannel;
  address: string | null;
  status: DeliveryStatus;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  provider_id: string | null;
  segments: number | null;
  last_attempt_at: Timestamp | null;
  done_at: Timestamp | null;
}

/** The key unsubscribe links are signed with (0041). */
export interface UnsubscribeKeysTable {
  id: number;
  secret: string;
  created_at: Timestamp;
}
