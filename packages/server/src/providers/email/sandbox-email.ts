import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { EmailDeliveryError, type EmailMessage, type EmailProvider, type SentEmail } from './email-provider';

/**
 * Behaves like a mail API without sending anything: messages are kept in a mailbox (read by
 * tests and by the sandbox endpoint) and written to the server log, so the demo admin can read
 * their device code in the terminal. Failures can be provoked by the recipient's address:
 * `+bounce@` is refused as a hard bounce, `+timeout@` times out after `timeoutMs`.
 */
export class SandboxEmailProvider implements EmailProvider {
  readonly name = 'sandbox' as const;
  private readonly messages: SentEmail[] = [];

  constructor(
    private readonly logger?: Logger,
    private readonly options: { timeoutMs?: number; keep?: number } = {},
  ) {}

  async send(message: EmailMessage): Promise<{ id: string }> {
    if (message.to.includes('+bounce@')) {
      throw new EmailDeliveryError(`The mail service refused ${message.to}: mailbox does not exist`, false);
    }
    if (message.to.includes('+timeout@')) {
      await new Promise((resolve) => setTimeout(resolve, this.options.timeoutMs ?? 2_000));
      throw new EmailDeliveryError('The mail service did not answer in time', true);
    }
    const sent: SentEmail = { ...message, id: randomUUID(), sentAt: new Date().toISOString() };
    this.messages.push(sent);
    const keep = this.options.keep ?? 1_000;
    if (this.messages.length > keep) this.messages.splice(0, this.messages.length - keep);
    this.logger?.info({ email: { to: sent.to, kind: sent.kind, subject: sent.subject, ...sent.data } }, `[sandbox email] to ${sent.to}: ${sent.text}`);
    return { id: sent.id };
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
