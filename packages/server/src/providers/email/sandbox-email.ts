import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { EmailDeliveryError, type EmailMessage, type EmailProvider, type SentEmail } from './email-provider';

/**
 * Behaves like a mail API without sending anything: messages are kept in a mailbox (read by
 * tests and by the sandbox endpoint) and written to the server log, so the demo admin can read
 * their device code in the terminal. Failures can be provoked by the recipient's address:
 * `+bounce@` and any address at the domain `bounce.test` are refused as hard bounces, `+timeout@`
 * times out after `timeoutMs`. A message with a `reference` it already took is answered with the
 * first one and not sent again, and `find` looks one up by its reference.
 */
export class SandboxEmailProvider implements EmailProvider {
  readonly name = 'sandbox' as const;
  private readonly messages: SentEmail[] = [];
  private readonly byReference = new Map<string, string>();
  /** Messages a second it takes (broadcasts pace themselves to it). */
  ratePerSecond: number;

  constructor(
    private readonly logger?: Logger,
    private readonly options: { timeoutMs?: number; keep?: number; ratePerSecond?: number } = {},
  ) {
    this.ratePerSecond = options.ratePerSecond ?? 50;
  }

  async send(message: EmailMessage): Promise<{ id: string }> {
    const taken = message.reference === undefined ? undefined : this.byReference.get(message.reference);
    if (taken) return { id: taken };
    if (message.to.includes('+bounce@') || message.to.toLowerCase().endsWith('@bounce.test')) {
      throw new EmailDeliveryError(`The mail service refused ${message.to}: mailbox does not exist`, false, { bounced: true });
    }
    if (message.to.includes('+timeout@')) {
      await new Promise((resolve) => setTimeout(resolve, this.options.timeoutMs ?? 2_000));
      throw new EmailDeliveryError('The mail service did not answer in time', true);
    }
    const sent: SentEmail = { ...message, id: randomUUID(), sentAt: new Date().toISOString() };
    this.messages.push(sent);
    if (message.reference !== undefined) this.byReference.set(message.reference, sent.id);
    const keep = this.options.keep ?? 1_000;
    if (this.messages.length > keep) this.messages.splice(0, this.messages.length - keep);
    this.logger?.info({ email: { to: sent.to, kind: sent.kind, subject: sent.subject, ...sent.data } }, `[sandbox email] to ${sent.to}: ${sent.text}`);
    return { id: sent.id };
  }

  async find(reference: string): Promise<{ id: string } | null> {
    const id = this.byReference.get(reference);
    return id ? { id } : null;
  }

  /** Messages sent, newest last, optionally only to one address. */
  mailbox(to?: string): SentEmail[] {
    const address = to?.toLowerCase();
    return this.messages.filter((m) => !address || m.to === address);
  }

  /** The newest message to an address, optionally of one kind. */
  latest(to: string, kind?: EmailMessage['kind']): SentEmail | undefined {
    return this.mailbox(to)
      .filter((m) => !kind || m.kind === kind)
      .at(-1);
  }
}
