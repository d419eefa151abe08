/** One message to one admin. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the message is for; lets the sandbox mailbox be searched. */
  kind: 'device-code' | 'password-reset' | 'invite';
  /** Values the message carries (a code, a link), for the sandbox mailbox. */
  data: Record<string, string>;
}

export interface SentEmail extends EmailMessage {
  id: string;
  sentAt: string;
}

/** Sends transactional email. The sandbox keeps and logs messages; the HTTP one calls a mail API. */
export interface EmailProvider {
  readonly name: 'sandbox' | 'http';
  send(message: EmailMessage): Promise<{ id: string }>;
}

/** The mail service refused or could not be reached; nothing was sent. */
export class EmailDeliveryError extends Error {
  override readonly name = 'EmailDeliveryError';
  constructor(
    message: string,
    /** True when trying again may work (timeouts, 5xx). */
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
