import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import {
  BROADCAST_CHANNEL_CHOICES,
  BROADCAST_CHANNELS_WORDS,
  BROADCAST_NAME_MAX,
  BROADCAST_STATUS_WORDS,
  BROADCAST_STATUSES,
  broadcastSmsParts,
  DELIVERY_MAX_ATTEMPTS,
  DELIVERY_STATUS_WORDS,
  DELIVERY_STATUSES,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  MESSAGE_CHANNEL_WORDS,
  MESSAGE_CHANNELS,
  SMS_MAX_PARTS,
} from '../../broadcasts/broadcast-facts';
import { AUDIENCE_KIND_WORDS, audienceFields, audienceRow, refineAudience } from '../../notifications/audience';
import type { FieldIssue } from '../../errors';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { honeypotField } from '../../schemas/honeypot';
import { reasonField } from '../../schemas/risk';

/**
 * Broadcasts by email and SMS (spec §2 Broadcast Portal; the spec gives no calls, so they sit under
 * /v1/broadcasts: docs/decisions.md "Broadcasts"): drafts with an audience, sent once as a job in
 * batches through the email and SMS providers, with what became of every message; and the public
 * unsubscribe every message links to.
 */
const BASE = '/v1/broadcasts';

export const broadcastStatusField = z.enum(BROADCAST_STATUSES).meta({ label: 'Status', words: BROADCAST_STATUS_WORDS });
export const broadcastChannelsField = z.enum(BROADCAST_CHANNEL_CHOICES).meta({ label: 'Channels', words: BROADCAST_CHANNELS_WORDS });
export const messageChannelField = z.enum(MESSAGE_CHANNELS).meta({ label: 'Channel', words: MESSAGE_CHANNEL_WORDS });
export const deliveryStatusField = z.enum(DELIVERY_STATUSES).meta({ label: 'Outcome', words: DELIVERY_STATUS_WORDS });
const broadcastIdField = idField.meta({ label: 'Broadcast' });

export const broadcastRow = z.object({
  id: z.number().int(),
  name: z.string(),
  channels: broadcastChannelsField,
  /** The email's subject and plain-text body; null when it does not go by email. */
  emailSubject: z.string().nullable(),
  emailBody: z.string().nullable(),
  /** The SMS text, without the unsubscribe line every SMS ends with; null when it does not go by SMS. */
  smsText: z.string().nullable(),
  /** Parts each SMS takes with its unsubscribe line (at most 3), and its encoding. */
  smsParts: z.number().int().nullable(),
  smsEncoding: z.enum(['GSM-7', 'UCS-2']).nullable(),
  status: broadcastStatusField,
  ...audienceRow.shape,
  /** Merchants it was sent to (the audience when it was sent); null before. */
  recipients: z.number().int().nullable(),
  /** Messages it holds, one per recipient and channel, skipped ones included; null before. */
  messages: z.number().int().nullable(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** The job sending it. */
  jobId: z.number().int().nullable(),
  /** The sending job's latest word (a provider it waits for). */
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  sentAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  cancelledAt: timestamp.nullable(),
  cancelReason: z.string().nullable(),
});
export type BroadcastRow = z.infer<typeof broadcastRow>;

/** The messages of one channel by outcome. */
export const broadcastChannelCounts = z.object({
  channel: messageChannelField,
  total: z.number().int(),
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
});
export type BroadcastChannelCounts = z.infer<typeof broadcastChannelCounts>;

/** Who a broadcast reaches if sent now: merchants, messages per channel, and a few of them. */
export const broadcastPlan = z.object({
  merchants: z.number().int(),
  channels: z.array(
    z.object({
      channel: messageChannelField,
      /** Messages that would go out. */
      messages: z.number().int(),
      /** Owners whose address is on the opt-out list for the channel. */
      optedOut: z.number().int(),
      /** Owners with no usable address for the channel. */
      noAddress: z.number().int(),
    }),
  ),
  /** The first merchants it reaches (at most 10), with their owners' addresses. */
  sample: z.array(z.object({ businessId: z.number().int(), businessName: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
});
export type BroadcastPlan = z.infer<typeof broadcastPlan>;

export const listBroadcasts = defineCommand({
  id: 'broadcasts.list',
  group: 'broadcasts',
  action: 'list',
  title: 'List broadcasts',
  description:
    'Broadcasts by email and SMS, newest first: by name, status, channels and when they were written, with how many messages went out, bounced, failed or were skipped.',
  keywords: ['broadcast portal', 'broadcasts', 'bulk sms', 'bulk email', 'campaigns'],
  method: 'GET',
  path: BASE,
  permission: 'broadcasts.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional().describe("the start of the broadcast's name"),
    status: broadcastStatusField.optional(),
    channels: broadcastChannelsField.optional(),
    from: dateTimeParam.optional().meta({ label: 'Written from' }),
    to: dateTimeParam.optional().meta({ label: 'Written to' }),
  }),
  output: listOutput(broadcastRow),
  list: {
    route: '/broadcast-portal',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'from', to: 'to' },
    detailRoute: '/broadcast-portal/{id}',
    rowName: 'name',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id', width: 6 },
      { key: 'name', label: 'Name', kind: 'text', priority: 'high' },
      { key: 'channels', label: 'Channels', kind: 'enum', words: BROADCAST_CHANNELS_WORDS, priority: 'medium' },
      { key: 'status', label: 'Status', kind: 'enum', words: BROADCAST_STATUS_WORDS, priority: 'high' },
      { key: 'audienceWords', label: 'Audience', kind: 'text', priority: 'medium' },
      { key: 'messages', label: 'Messages', kind: 'number', priority: 'medium' },
      { key: 'sent', label: 'Sent', kind: 'number', priority: 'medium' },
      { key: 'bounced', label: 'Bounced', kind: 'number', priority: 'low' },
      { key: 'failed', label: 'Failed', kind: 'number', priority: 'low' },
      { key: 'skipped', label: 'Skipped', kind: 'number', priority: 'low' },
      { key: 'sentAt', label: 'Sent at', kind: 'datetime', priority: 'low' },
      { key: 'createdBy', label: 'Written by', kind: 'text', priority: 'low' },
      { key: 'createdAt', label: 'Written', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction broadcasts list --status SENDING',
});

export const getBroadcast = defineCommand({
  id: 'broadcasts.get',
  group: 'broadcasts',
  action: 'get',
  title: 'Show a broadcast',
  description:
    'One broadcast with its messages counted per channel and outcome (live while it sends), and, for a draft, whom it reaches if sent now: merchants, messages per channel, opted-out and unreachable owners.',
  keywords: ['broadcast', 'delivery counts'],
  method: 'GET',
  path: `${BASE}/{id}`,
  permission: 'broadcasts.view',
  input: z.object({ id: broadcastIdField }),
  output: z.object({
    broadcast: broadcastRow,
    counts: z.array(broadcastChannelCounts),
    /** A draft: whom it reaches if sent now; null once sent. */
    plan: broadcastPlan.nullable(),
  }),
  example: 'traction broadcasts get --id 4',
});

const text = (min: number, max: number) => z.string().trim().min(min, `must be at least ${min} characters`).max(max);
const labelled = (label: string, description?: string) => (description ? { label, description } : { label });

/** An SMS text that fits SMS_MAX_PARTS with the unsubscribe line (counted at its reserve). */
const smsTextField = text(3, 1_000).superRefine((value, ctx) => {
  const parts = broadcastSmsParts(value);
  if (parts.parts > SMS_MAX_PARTS) {
    ctx.addIssue({ code: 'custom', message: `is too long: ${parts.parts} SMS parts with the unsubscribe line (${parts.encoding}); at most ${SMS_MAX_PARTS}` });
  }
});

const contentFields = {
  name: z
    .string()
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(BROADCAST_NAME_MAX)
    .meta({ label: 'Name', description: 'for the portal only; merchants never see it' }),
  channels: broadcastChannelsField,
  emailSubject: text(3, EMAIL_SUBJECT_MAX).optional().meta(labelled('Email subject')),
  emailBody: text(10, EMAIL_BODY_MAX).optional().meta(labelled('Email message', 'plain text; an unsubscribe link is added at the end')),
  smsText: smsTextField.optional().meta(labelled('SMS text', `an unsubscribe link is added at the end; at most ${SMS_MAX_PARTS} SMS parts with it`)),
  ...audienceFields,
};

type Content = {
  channels?: (typeof BROADCAST_CHANNEL_CHOICES)[number] | undefined;
  emailSubject?: string | undefined;
  emailBody?: string | undefined;
  smsText?: string | undefined;
};

/**
 * The words each channel chosen needs and does not have, as 400 fields. Checked by the server on
 * the whole broadcast (a create, or a draft with an edit laid over it) rather than in the schema,
 * whose generated example (CLI help, the bad-input probes) cannot know which words go together.
 */
export function broadcastContentProblems(value: Content): FieldIssue[] {
  const email = value.channels === 'EMAIL' || value.channels === 'BOTH';
  const sms = value.channels === 'SMS' || value.channels === 'BOTH';
  const problems: FieldIssue[] = [];
  if (email && !value.emailSubject) problems.push({ field: 'emailSubject', message: 'is required when it goes by email' });
  if (email && !value.emailBody) problems.push({ field: 'emailBody', message: 'is required when it goes by email' });
  if (sms && !value.smsText) problems.push({ field: 'smsText', message: 'is required when it goes by SMS' });
  return problems;
}

/** A whole broadcast's content and audience, as written: what create takes, and what an update must leave (with `broadcastContentProblems`). */
export const broadcastContent = z.object(contentFields).superRefine(refineAudience);
export type BroadcastContent = z.output<typeof broadcastContent>;

export const createBroadcast = defineCommand({
  id: 'broadcasts.create',
  group: 'broadcasts',
  action: 'create',
  title: 'Write a broadcast',
  description: `A message to merchants' owners by email, SMS or both, kept as a draft until it is sent: its name, the email's subject and body, the SMS text, and its audience (${Object.values(AUDIENCE_KIND_WORDS).join(', ').toLowerCase()}).`,
  keywords: ['new broadcast', 'bulk sms', 'bulk email', 'campaign'],
  method: 'POST',
  path: BASE,
  permission: 'broadcasts.manage',
  audit: { action: 'write broadcast {subject}', subject: { kind: 'broadcast', from: 'output.broadcast.id' } },
  input: broadcastContent,
  output: z.object({ broadcast: broadcastRow, message: z.string() }),
  example: 'traction broadcasts create --name "December loans" --channels SMS --sms-text "Loans for stock are open" --audience STATE --audience-state LA',
});

export const updateBroadcast = defineCommand({
  id: 'broadcasts.update',
  group: 'broadcasts',
  action: 'update',
  title: 'Edit a broadcast',
  description:
    'Changes a draft broadcast: what is given replaces what it held, the rest stays (changing the audience kind takes the new kind’s value). Once sent it cannot be edited.',
  keywords: ['edit broadcast', 'change broadcast'],
  method: 'PATCH',
  path: `${BASE}/{id}`,
  permission: 'broadcasts.manage',
  audit: { action: 'edit broadcast {subject}', subject: { kind: 'broadcast', from: 'id' } },
  input: z.object({
    id: broadcastIdField,
    ...contentFields,
    name: contentFields.name.optional(),
    channels: broadcastChannelsField.optional(),
    audience: audienceFields.audience.optional(),
  }),
  output: z.object({ broadcast: broadcastRow, message: z.string() }),
  example: 'traction broadcasts update --id 4 --sms-text "Loans for stock close on Friday"',
});

export const sendBroadcast = defineCommand({
  id: 'broadcasts.send',
  group: 'broadcasts',
  action: 'send',
  title: 'Send a broadcast',
  description: `Sends a draft to the owners of every merchant its audience reaches now: one message per owner and channel, fixed when it is sent, skipping addresses on the opt-out list; a job sends them in batches at the providers' rate, trying a temporary failure up to ${DELIVERY_MAX_ATTEMPTS} times. Nobody gets it twice, however the job is interrupted. dryRun shows the merchants, the messages per channel and a sample, and sends nothing.`,
  keywords: ['send broadcast', 'send sms', 'send email', 'blast'],
  method: 'POST',
  path: `${BASE}/{id}/send`,
  permission: 'broadcasts.send',
  danger: 'confirm',
  idempotency: 'required',
  audit: {
    action: (input) => (input.dryRun === true ? 'preview sending broadcast {subject}' : 'send broadcast {subject}'),
    subject: { kind: 'broadcast', from: 'id' },
  },
  input: z.object({
    id: broadcastIdField,
    dryRun: z.boolean().default(false).meta({ label: 'Dry run', description: 'show whom it would reach and a sample; send nothing' }),
  }),
  output: z.object({ broadcast: broadcastRow, plan: broadcastPlan.nullable(), message: z.string() }),
  example: 'traction broadcasts send --id 4 --dry-run',
});

export const cancelBroadcast = defineCommand({
  id: 'broadcasts.cancel',
  group: 'broadcasts',
  action: 'cancel',
  title: 'Cancel a broadcast',
  description: 'Stops a broadcast that is sending: messages not sent yet are cancelled; those already sent stay sent.',
  keywords: ['stop broadcast', 'cancel sending'],
  method: 'POST',
  path: `${BASE}/{id}/cancel`,
  permission: 'broadcasts.send',
  danger: 'confirm',
  audit: { action: 'cancel broadcast {subject}', subject: { kind: 'broadcast', from: 'id' }, note: 'reason' },
  input: z.object({ id: broadcastIdField, reason: reasonField.meta({ label: 'Reason' }) }),
  output: z.object({ broadcast: broadcastRow, message: z.string() }),
  example: 'traction broadcasts cancel --id 4 --reason "Wrong date in the text"',
});

export const broadcastDeliveryRow = z.object({
  id: z.number().int(),
  broadcastId: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  channel: messageChannelField,
  /** The owner's email or phone (+234…) as it was when the broadcast was sent; null when they had none. */
  address: z.string().nullable(),
  status: deliveryStatusField,
  /** Why it bounced, failed or was skipped, in the provider's words where it gave some. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** The provider's id for the message. */
  providerId: z.string().nullable(),
  /** SMS parts it was sent as. */
  segments: z.number().int().nullable(),
  lastAttemptAt: timestamp.nullable(),
  doneAt: timestamp.nullable(),
});
export type BroadcastDeliveryRow = z.infer<typeof broadcastDeliveryRow>;

export const listBroadcastDeliveries = defineCommand({
  id: 'broadcasts.deliveries',
  group: 'broadcasts',
  action: 'deliveries',
  title: "List a broadcast's messages",
  description: 'Every message of a sent broadcast, one per merchant and channel: its address, what became of it and why.',
  keywords: ['deliveries', 'bounces', 'failed sms', 'broadcast recipients'],
  method: 'GET',
  path: `${BASE}/{id}/deliveries`,
  permission: 'broadcasts.view',
  input: z.object({
    ...listPaging,
    id: broadcastIdField,
    search: searchField.optional().describe("the start of the merchant's name or of the address"),
    channel: messageChannelField.optional(),
    status: deliveryStatusField.optional(),
  }),
  output: listOutput(broadcastDeliveryRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{businessId}',
    rowName: 'businessName',
    csv: true,
    columns: [
      { key: 'businessId', label: 'Merchant ID', kind: 'id', width: 8 },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'channel', label: 'Channel', kind: 'enum', words: MESSAGE_CHANNEL_WORDS, priority: 'medium', width: 8 },
      { key: 'address', label: 'Address', kind: 'text', priority: 'medium' },
      { key: 'status', label: 'Outcome', kind: 'enum', words: DELIVERY_STATUS_WORDS, priority: 'high' },
      { key: 'reason', label: 'Why', kind: 'sentence', priority: 'medium' },
      { key: 'attempts', label: 'Tries', kind: 'number', priority: 'low', width: 6 },
      { key: 'lastAttemptAt', label: 'Last try', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction broadcasts deliveries --id 4 --status FAILED --csv',
});

export const unsubscribe = defineCommand({
  id: 'broadcasts.unsubscribe',
  group: 'broadcasts',
  action: 'unsubscribe',
  title: 'Unsubscribe an address',
  description:
    'The link at the end of every broadcast message (no sign-in): puts the address the link was made for on the opt-out list for its channel, once. It answers the same whatever the address, and says nothing about anyone.',
  keywords: ['unsubscribe', 'opt out', 'stop'],
  method: 'POST',
  path: '/v1/public/unsubscribe',
  auth: 'public',
  permission: null,
  audit: { action: 'unsubscribe an address from broadcasts' },
  input: z.object({
    token: z
      .string()
      .trim()
      .min(10, 'is not a valid unsubscribe link')
      .max(400)
      .meta({ label: 'Unsubscribe token', description: 'from the link in the message' }),
    website: honeypotField,
  }),
  output: z.object({ message: z.string() }),
  secrets: ['token'],
  example: 'traction broadcasts unsubscribe --token "…"',
});
