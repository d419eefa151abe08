/**
 * An SMS gateway over HTTP, in Termii's shape (https://developers.termii.com, "Send message"):
 *
 *   POST {url}/api/sms/send   { api_key, to, from, sms, type: 'plain', channel: 'generic', reference }
 *                          →  200 { message_id, message, balance, user }
 *                             400/422 { message } the number or message was refused: for good
 *                             401/403 the key was refused: nothing can be sent until it is fixed
 *                             429 (Retry-After)  ·  5xx or no connection: the gateway is down
 *   POST {url}/api/sms/find   { api_key, reference }
 *                          →  200 { message_id, parts? } the message sent with this reference
 *                             404 (a JSON answer) none was taken
 *
 * `to` goes as Termii wants it, in international form without the plus (2348031234567). The key
 * travels in the JSON body, as Termii takes it, never in a URL, and is never put in an error.
 * `reference` and `/api/sms/find` are ours, not Termii's: Termii keeps no client reference, so
 * the URL must point at a gateway (or a relay in front of Termii) that keeps it with the message,
 * answers a second send with the same reference with the first message, and finds one by it; a
 * broadcast interrupted mid-send asks `find` before sending again, so nobody gets a message twice.
 * Nothing is retried here: the broadcast decides when to try again.
 */
import { smsSegments } from '@traction/core';
import { formatSeconds } from '../banks/bank-provider';
import { fetchJson, NoAnswer } from '../json-api/fetch-json';
import { SmsDeliveryError, type SentSms, type SmsMessage, type SmsProvider } from './sms-provider';

export interface HttpSmsOptions {
  /** Base URL of the gateway (https://api.ng.termii.com, or the relay in front of it). */
  url: string;
  apiKey: string;
  /** The sender ID approved for the account (TRACTION_SMS_SENDER): every message goes from it. */
  sender: string;
  /** Messages a second the gateway takes from us (default 10). */
  ratePerSecond?: number;
  /** Give up after this long (default 10 s): the message is tried again later with the same reference. */
  timeoutMs?: number;
}

type Answer = { status: number; body: unknown; retryAfterMs: number | null };

export class HttpSmsGateway implements SmsProvider {
  readonly system = 'Termii';
  readonly mode = 'http' as const;
  readonly ratePerSecond: number;

  constructor(private readonly options: HttpSmsOptions) {
    this.ratePerSecond = options.ratePerSecond ?? 10;
  }

  async send(message: SmsMessage): Promise<SentSms> {
    const answer = await this.call('/api/sms/send', {
      api_key: this.options.apiKey,
      to: message.to.replace(/^\+/, ''),
      // The account's approved sender ID: Termii refuses one it has not approved, whatever a caller names.
      from: this.options.sender,
      sms: message.text,
      type: 'plain',
      channel: 'generic',
      reference: message.reference,
    });
    if (answer.status >= 200 && answer.status < 300) {
      const id = messageId(answer.body);
      // Taken, perhaps, but unreadable: tried again later with the same reference, which the gateway answers with the first message.
      if (!id) throw new SmsDeliveryError(`${this.system} answered ${answer.status} without a message id`, 'temporary');
      return { id, parts: smsSegments(message.text).parts };
    }
    throw this.refusal(answer, message.to);
  }

  async find(reference: string): Promise<SentSms | null> {
    const answer = await this.call('/api/sms/find', { api_key: this.options.apiKey, reference });
    if (answer.status === 404 && typeof answer.body === 'object' && answer.body !== null) return null;
    if (answer.status >= 200 && answer.status < 300) {
      const id = messageId(answer.body);
      const parts = (answer.body as { parts?: unknown }).parts;
      if (id) return { id, parts: typeof parts === 'number' && Number.isInteger(parts) && parts > 0 ? parts : 1 };
      throw new SmsDeliveryError(`${this.system} answered ${answer.status} without a message id for ${reference}`, 'unavailable');
    }
    // Anything else (a 404 page from a gateway without the lookup included) cannot say "never sent".
    const refused = this.refusal(answer, reference);
    throw new SmsDeliveryError(`${this.system} could not say whether it took ${reference}: ${refused.message}`, 'unavailable', refused.retryAfterMs);
  }

  private refusal(answer: Answer, subject: string): SmsDeliveryError {
    const said = saidMessage(answer.body);
    const status = `${this.system} answered ${answer.status}${said ? `: ${said}` : ''}`;
    if (answer.status === 429) return new SmsDeliveryError(`${status} (too many requests)`, 'rate_limited', answer.retryAfterMs ?? 1_000);
    // A refused key or an empty account stops every message alike: the channel waits, no number is blamed.
    if (answer.status === 401 || answer.status === 402 || answer.status === 403) {
      return new SmsDeliveryError(`${status} (our account or key was refused)`, 'unavailable', answer.retryAfterMs);
    }
    if (answer.status >= 400 && answer.status < 500) return new SmsDeliveryError(`${status} (refused ${subject})`, 'rejected');
    return new SmsDeliveryError(status, 'unavailable', answer.retryAfterMs);
  }

  private async call(path: string, body: Record<string, unknown>): Promise<Answer> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    try {
      const answer = await fetchJson(`${this.options.url.replace(/\/$/, '')}${path}`, { method: 'POST', headers: {}, body }, timeoutMs);
      return { status: answer.status, body: answer.body, retryAfterMs: retryAfterMs(answer.headers.get('retry-after')) };
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      // A timeout may have reached the gateway, which the reference covers.
      if (error.timedOut)
        throw new SmsDeliveryError(`${this.system} did not answer within ${formatSeconds(timeoutMs)}`, 'temporary', null, { cause: error.cause });
      throw new SmsDeliveryError(`${this.system} could not be reached`, 'unavailable', null, { cause: error.cause });
    }
  }
}

function messageId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message_id: id, message_id_str: idText } = body as { message_id?: unknown; message_id_str?: unknown };
  if (typeof idText === 'string' && idText.trim()) return idText.trim();
  if (typeof id === 'string' && id.trim()) return id.trim();
  return typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : null;
}

function saidMessage(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message.slice(0, 200) : '';
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1_000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The HTTP gateway as `TRACTION_SMS_PROVIDER=http` sets it up: `TRACTION_SMS_URL`,
 * `TRACTION_SMS_API_KEY` and `TRACTION_SMS_SENDER` are required; `TRACTION_SMS_RATE_PER_SECOND`
 * (default 10) and `TRACTION_SMS_TIMEOUT_MS` (default 10,000) are not.
 */
export function httpSmsFromEnv(env: NodeJS.ProcessEnv): HttpSmsGateway {
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} must be set when TRACTION_SMS_PROVIDER=http`);
    return value;
  };
  const options: HttpSmsOptions = { url: required('TRACTION_SMS_URL'), apiKey: required('TRACTION_SMS_API_KEY'), sender: required('TRACTION_SMS_SENDER') };
  if (env.TRACTION_SMS_RATE_PER_SECOND) {
    const rate = Number(env.TRACTION_SMS_RATE_PER_SECOND);
    if (!Number.isFinite(rate) || rate <= 0 || rate > 10_000) {
      throw new Error(`TRACTION_SMS_RATE_PER_SECOND must be a number of messages a second from 1 to 10000, not "${env.TRACTION_SMS_RATE_PER_SECOND}"`);
    }
    options.ratePerSecond = rate;
  }
  const timeout = Number(env.TRACTION_SMS_TIMEOUT_MS);
  if (Number.isInteger(timeout) && timeout > 0) options.timeoutMs = timeout;
  return new HttpSmsGateway(options);
}
