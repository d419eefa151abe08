/** One message to one admin. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for; lets the sandbox mailbox be searched. */
  kind: 'device-code' | 'password-reset' | 'invite' | 'broadcast' | 'website-form-reply' | 'scheduled-export';
  /** Values the message carries (a code, a link), for the sandbox mailbox. */
  data: Record<string, string>;
  /** Ours for the message, unique (a broadcast's delivery): a service that keeps it finds the message by it and never sends it twice. */
  reference?: string;
}

export interface SentEmail extends EmailMessage {
  id: string;
  sentAt: string;
}

/** Sends transactional email. The sandbox keeps and logs messages; the HTTP one calls a mail API. */
export interface EmailProvider {
  readonly name: 'sandbox' | 'http';
  send(message: EmailMessage): Promise<{ id: string }>;
  /** Messages a second the service takes from us (broadcasts pace themselves to it); 10 when not said. */
  readonly ratePerSecond?: number;
  /** The message sent with this reference, or null when none was; absent when the service cannot tell. */
  find?(reference: string): Promise<{ id: string } | null>;
}

/** The mail service refused or could not be reached; nothing was sent. */
export class EmailDeliveryError extends Error {
  override readonly name = 'EmailDeliveryError';
  constructor(
    message: string,
    /** True when trying again may work (timeouts, 5xx). */
    readonly retryable: boolean,
    options?: { cause?: unknown; bounced?: boolean },
  ) {
    super(message, options);
    this.bounced = options?.bounced ?? false;
  }

  /** The receiving mail server refused the address for good (a hard bounce): it does not exist. */
  readonly bounced: boolean;
}
