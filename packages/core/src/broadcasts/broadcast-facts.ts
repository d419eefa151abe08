/**
 * Broadcasts (spec §2 Broadcast Portal; docs/decisions.md "Broadcasts"): one message to an
 * audience of merchants' owners by email, SMS or both, written as a draft, sent once as a job in
 * batches through the email and SMS providers, and cancelled while it is sending. Every message
 * carries an unsubscribe link, and an address on the opt-out list is skipped.
 */
export const BROADCAST_STATUSES = ['DRAFT', 'SENDING', 'SENT', 'PARTLY_FAILED', 'CANCELLED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export const BROADCAST_STATUS_WORDS: Record<BroadcastStatus, string> = {
  DRAFT: 'Draft',
  SENDING: 'Sending',
  SENT: 'Sent',
  PARTLY_FAILED: 'Sent, some failed',
  CANCELLED: 'Cancelled',
};

/** Which statuses each action may start from; anything else is a 409 naming the status. */
export const BROADCAST_MOVES = {
  edit: ['DRAFT'],
  send: ['DRAFT'],
  cancel: ['SENDING'],
} as const satisfies Record<string, readonly BroadcastStatus[]>;
export type BroadcastAction = keyof typeof BROADCAST_MOVES;

/** Whether a broadcast in `status` may be edited, sent or cancelled. */
export function broadcastAllows(status: BroadcastStatus, action: BroadcastAction): boolean {
  return (BROADCAST_MOVES[action] as readonly BroadcastStatus[]).includes(status);
}

/** The channels a message goes by. */
export const MESSAGE_CHANNELS = ['EMAIL', 'SMS'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_WORDS: Record<MessageChannel, string> = { EMAIL: 'Email', SMS: 'SMS' };

/** The channels a broadcast is written for: one field, so a form and a CLI flag carry it as one choice. */
export const BROADCAST_CHANNEL_CHOICES = ['EMAIL', 'SMS', 'BOTH'] as const;
export type BroadcastChannels = (typeof BROADCAST_CHANNEL_CHOICES)[number];
export const BROADCAST_CHANNELS_WORDS: Record<BroadcastChannels, string> = { EMAIL: 'Email', SMS: 'SMS', BOTH: 'Email and SMS' };

/** The channels a choice sends by. */
export function channelsOf(choice: BroadcastChannels): MessageChannel[] {
  return choice === 'BOTH' ? ['EMAIL', 'SMS'] : [choice];
}

/** What became of one message to one recipient. */
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'SENT', 'BOUNCED', 'FAILED', 'SKIPPED', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_WORDS: Record<DeliveryStatus, string> = {
  PENDING: 'Waiting',
  SENDING: 'Being sent',
  SENT: 'Sent',
  BOUNCED: 'Bounced',
  FAILED: 'Failed',
  SKIPPED: 'Skipped',
  CANCELLED: 'Cancelled',
};

/** The job kind that sends a broadcast. */
export const BROADCAST_JOB_KIND = 'broadcasts.send';

/** Tries a message gets when its provider answers with a temporary failure, the first included. */
export const DELIVERY_MAX_ATTEMPTS = 3;
/** The wait before the second try; doubled before each further one. */
export const DELIVERY_RETRY_SECONDS = 60;

export const BROADCAST_NAME_MAX = 80;
export const EMAIL_SUBJECT_MAX = 150;
export const EMAIL_BODY_MAX = 10_000;

/** The most parts one SMS of a broadcast may take, the unsubscribe line included. */
export const SMS_MAX_PARTS = 3;
/**
 * Characters kept for the unsubscribe line every SMS ends with (`\nStop: https://…/unsubscribe?t=…`):
 * what the text may hold is counted with this many more characters, so the sent message stays
 * within SMS_MAX_PARTS whatever the link.
 */
export const SMS_OPT_OUT_RESERVE = 80;

/** The line every SMS of a broadcast ends with: the unsubscribe link. */
export const smsOptOutLine = (link: string) => `\nStop: ${link}`;

/** The lines every email of a broadcast ends with: why the merchant gets it and the unsubscribe link. */
export const emailOptOutLines = (link: string) =>
  `\n\n--\nYou get this email because you run a business on Traction. To get no more messages like it at this address, unsubscribe: ${link}`;

// GSM 03.38: the basic set (one septet each) and the extension set (an escape and a septet: two).
const GSM_BASIC = new Set([
  ...'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
]);
const GSM_EXTENDED = new Set([...'^{}\\[~]|€\f']);

export interface SmsSegments {
  /** GSM-7 when every character is in the GSM alphabet, else UCS-2 (unicode: Yoruba and Igbo marks, emoji …). */
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them: septets (GSM-7, an extension character counts two) or UTF-16 units. */
  units: number;
  /** Parts the message is sent as. */
  parts: number;
  /** Units each part holds: 160/153 (GSM-7), 70/67 (UCS-2). */
  perPart: number;
  /** Units the last part can still take. */
  left: number;
}

/**
 * How an SMS is split: 160 GSM-7 characters in one part, 153 per part when longer (the rest is
 * the header joining them); 70 and 67 when any character needs unicode.
 */
export function smsSegments(text: string): SmsSegments {
  let gsm = true;
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const units = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perPart = parts <= 1 ? single : multi;
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, parts, perPart, left: parts === 0 ? single : parts * perPart - units };
}

/** The parts an SMS of the broadcast takes once the unsubscribe line is added (the line counted at its reserve). */
export function broadcastSmsParts(text: string): SmsSegments {
  return smsSegments(`${text}${' '.repeat(SMS_OPT_OUT_RESERVE)}`);
}
