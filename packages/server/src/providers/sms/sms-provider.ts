/** One SMS to one phone number. */
export interface SmsMessage {
  /** `+234…` */
  to: string;
  text: string;
  /**
   * Ours for the message, unique: the gateway keeps it with the message, answers a second send
   * with the same reference with the first message (sending nothing), and finds a message by it.
   */
  reference: string;
  /** The sender name merchants see (an approved alphanumeric sender ID). */
  from?: string;
}

export interface SentSms {
  id: string;
  /** Parts the gateway sent (and bills). */
  parts: number;
}

/**
 * How a gateway refused a message: `rejected` for good (the number cannot take SMS: it is not a
 * mobile line, or on the network's do-not-disturb list); `temporary` for this message now (a
 * network did not answer: try it again later); `rate_limited`, too many messages too fast (wait
 * `retryAfterMs`); `unavailable`, the gateway itself is down (nothing can be sent now).
 */
export type SmsFailureKind = 'rejected' | 'temporary' | 'rate_limited' | 'unavailable';

export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';
  constructor(
    message: string,
    readonly kind: SmsFailureKind,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An SMS gateway (Termii, Africa's Talking …): sends a message, and finds one by our reference. */
export interface SmsProvider {
  /** The gateway's name, in sentences: "Termii". */
  readonly system: string;
  readonly mode: 'sandbox' | 'http';
  /** Messages a second the gateway takes from us; senders pace themselves to it. */
  readonly ratePerSecond: number;
  send(message: SmsMessage): Promise<SentSms>;
  /** The message sent with this reference, or null when the gateway never took one. */
  find(reference: string): Promise<SentSms | null>;
}
