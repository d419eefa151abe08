import { ofetch, FetchError } from 'ofetch';
import { EmailDeliveryError, type EmailMessage, type EmailProvider } from './email-provider';

/**
 * Sends through a transactional mail API that takes `{ from, to, subject, text }` as JSON with a
 * bearer key (the shape Postmark, Resend and Mailgun's HTTP APIs share closely enough to adapt).
 */
export class HttpEmailProvider implements EmailProvider {
  readonly name = 'http' as const;

  constructor(private readonly options: { url: string; apiKey: string; from: string; timeoutMs?: number }) {}

  async send(message: EmailMessage): Promise<{ id: string }> {
    try {
      const answer = await ofetch<{ id?: string; messageId?: string }>(this.options.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        body: { from: this.options.from, to: message.to, subject: message.subject, text: message.text, tag: message.kind },
        timeout: this.options.timeoutMs ?? 10_000,
        retry: 1,
      });
      return { id: answer.id ?? answer.messageId ?? 'unknown' };
    } catch (error) {
      const status = error instanceof FetchError ? error.status : undefined;
      throw new EmailDeliveryError(
        status ? `The mail service answered ${status}` : 'The mail service could not be reached',
        status === undefined || status >= 500,
        { cause: error },
      );
    }
  }
}
