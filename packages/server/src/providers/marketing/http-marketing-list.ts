/**
 * Brevo's contacts API (https://developers.brevo.com, API v3), every call with the `api-key`
 * header:
 *
 *   GET  {url}/contacts/{email}?identifierType=email_id  → 200 { email, emailBlacklisted, listIds } · 404 (none)
 *   POST {url}/contacts  { email, attributes: { FIRSTNAME, LASTNAME, SMS? }, listIds: [list], updateEnabled: true }
 *                         → 201 { id } created · 204 updated · 400 { code, message } refused (an invalid address)
 *   GET  {url}/contacts?listIds=list&filter=equals(EMAIL_BLACKLISTED,true)&limit&offset&sort=asc
 *                         → 200 { contacts: [{ email, emailBlacklisted }], count }
 *
 * Each contact of a batch is looked up first: one who unsubscribed at Brevo (blocklisted) is left
 * as they are and answered `unsubscribed`, never re-added; the others are created or updated into
 * the list, `added` on 201 and `updated` on 204. A 400 for one contact is that contact refused
 * (`invalid`, with Brevo's message); 401/403 fail the whole call as `rejected` (our key or plan),
 * 429 as `rate_limited` with its Retry-After, 5xx, timeouts and no connection as `unavailable`.
 * Brevo has no batch call that answers per contact, so a call failing mid-batch may have taken
 * the contacts before it: sending the batch again is harmless (they come back `updated`).
 * The unsubscribed listing keeps only contacts Brevo says are blocklisted, so a filter Brevo
 * ignored could only make it read too few, never opt everyone out. The key is never put in an error.
 */
import { formatSeconds } from '../banks/bank-provider';
import { fetchJson, NoAnswer } from '../json-api/fetch-json';
import {
  type ContactOutcome,
  type MarketingContact,
  type MarketingListProvider,
  MarketingProviderError,
  UNSUBSCRIBED_PAGE_LIMIT,
  type UnsubscribedPage,
} from './marketing-list-provider';

export interface HttpMarketingListOptions {
  /** Brevo's API base (default https://api.brevo.com/v3). */
  url?: string;
  apiKey: string;
  /** The id of the Brevo list contacts are added to. */
  listId: number;
  /** Contacts one `upsertContacts` takes (two calls each); default 50. */
  batchLimit?: number;
  /** Give up on a call after this long (default 15 s). */
  timeoutMs?: number;
}

type Answer = { status: number; body: unknown; retryAfterSeconds: number | null };

export class HttpMarketingList implements MarketingListProvider {
  readonly system = 'Brevo';
  readonly mode = 'http' as const;
  readonly batchLimit: number;
  private readonly url: string;

  constructor(private readonly options: HttpMarketingListOptions) {
    this.batchLimit = options.batchLimit ?? 50;
    this.url = (options.url ?? 'https://api.brevo.com/v3').replace(/\/$/, '');
  }

  async upsertContacts(batch: readonly MarketingContact[]): Promise<ContactOutcome[]> {
    if (batch.length > this.batchLimit) {
      throw new MarketingProviderError(this.system, 'rejected', `${this.system} is sent at most ${this.batchLimit} contacts a call, not ${batch.length}`, null);
    }
    const outcomes: ContactOutcome[] = [];
    for (const given of batch) outcomes.push(await this.upsert({ ...given, email: given.email.toLowerCase() }));
    return outcomes;
  }

  async unsubscribedContacts(page: { offset: number; limit: number }): Promise<UnsubscribedPage> {
    const limit = Math.min(Math.max(page.limit, 1), UNSUBSCRIBED_PAGE_LIMIT);
    const query = new URLSearchParams({
      listIds: String(this.options.listId),
      filter: 'equals(EMAIL_BLACKLISTED,true)',
      limit: String(limit),
      offset: String(Math.max(page.offset, 0)),
      sort: 'asc',
    });
    const answer = await this.call('GET', `/contacts?${query}`);
    if (answer.status !== 200) throw this.failure(answer);
    const { contacts, count } = (answer.body ?? {}) as { contacts?: unknown; count?: unknown };
    const emails = (Array.isArray(contacts) ? contacts : [])
      .filter((contact: unknown) => (contact as { emailBlacklisted?: unknown })?.emailBlacklisted === true)
      .map((contact: unknown) => (contact as { email?: unknown }).email)
      .filter((email): email is string => typeof email === 'string' && email.includes('@'))
      .map((email) => email.toLowerCase());
    return { emails, total: typeof count === 'number' && Number.isSafeInteger(count) ? count : page.offset + emails.length };
  }

  private async upsert(contact: MarketingContact): Promise<ContactOutcome> {
    const email = contact.email;
    const found = await this.call('GET', `/contacts/${encodeURIComponent(email)}?identifierType=email_id`);
    if (found.status === 400) return { email, outcome: 'invalid', reason: `${this.system} refused it: ${said(found.body) || 'Invalid email address'}` };
    if (found.status === 200 && (found.body as { emailBlacklisted?: unknown } | null)?.emailBlacklisted === true) {
      return { email, outcome: 'unsubscribed', reason: `Unsubscribed at ${this.system}: left unsubscribed` };
    }
    if (found.status !== 200 && found.status !== 404) throw this.failure(found);
    const attributes: Record<string, string> = { FIRSTNAME: contact.firstName, LASTNAME: contact.lastName };
    if (contact.phone) attributes.SMS = contact.phone;
    const saved = await this.call('POST', '/contacts', { email, attributes, listIds: [this.options.listId], updateEnabled: true });
    if (saved.status === 201) return { email, outcome: 'added' };
    if (saved.status === 204 || saved.status === 200) return { email, outcome: 'updated' };
    if (saved.status === 400) return { email, outcome: 'invalid', reason: `${this.system} refused it: ${said(saved.body) || 'Invalid contact'}` };
    throw this.failure(saved);
  }

  private failure(answer: Answer): MarketingProviderError {
    const text = `${this.system} answered ${answer.status}${said(answer.body) ? `: ${said(answer.body)}` : ''}`;
    if (answer.status === 429) {
      return new MarketingProviderError(
        this.system,
        'rate_limited',
        `${text} (Retry-After: ${answer.retryAfterSeconds ?? 'not said'})`,
        429,
        answer.retryAfterSeconds,
      );
    }
    if (answer.status >= 400 && answer.status < 500)
      return new MarketingProviderError(this.system, 'rejected', `${text} (the call was refused)`, answer.status);
    return new MarketingProviderError(this.system, 'unavailable', text, answer.status);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
    const timeoutMs = this.options.timeoutMs ?? 15_000;
    try {
      const answer = await fetchJson(`${this.url}${path}`, { method, headers: { 'api-key': this.options.apiKey }, ...(body ? { body } : {}) }, timeoutMs);
      return { status: answer.status, body: answer.body, retryAfterSeconds: retryAfterSeconds(answer.headers) };
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      const said = error.timedOut ? `${this.system} did not answer within ${formatSeconds(timeoutMs)}` : `${this.system} could not be reached`;
      throw new MarketingProviderError(this.system, 'unavailable', said, null, null, { cause: error.cause });
    }
  }
}

function said(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message.slice(0, 200) : '';
}

/** Retry-After (seconds or an HTTP date), else Brevo's x-sib-ratelimit-reset (seconds); null when neither says. */
function retryAfterSeconds(headers: Headers): number | null {
  const header = headers.get('retry-after') ?? headers.get('x-sib-ratelimit-reset');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - Date.now()) / 1_000));
}

/**
 * The list as `TRACTION_MARKETING_PROVIDER=http` sets it up: `TRACTION_MARKETING_API_KEY` and
 * `TRACTION_MARKETING_LIST_ID` are required; `TRACTION_MARKETING_URL` defaults to Brevo's
 * https://api.brevo.com/v3 and `TRACTION_MARKETING_TIMEOUT_MS` to 15,000.
 */
export function httpMarketingListFromEnv(env: NodeJS.ProcessEnv): HttpMarketingList {
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} must be set when TRACTION_MARKETING_PROVIDER=http`);
    return value;
  };
  const apiKey = required('TRACTION_MARKETING_API_KEY');
  const listId = Number(required('TRACTION_MARKETING_LIST_ID'));
  if (!Number.isSafeInteger(listId) || listId <= 0) {
    throw new Error(`TRACTION_MARKETING_LIST_ID must be the id of a Brevo list (a whole number), not "${env.TRACTION_MARKETING_LIST_ID}"`);
  }
  const options: HttpMarketingListOptions = { apiKey, listId };
  if (env.TRACTION_MARKETING_URL?.trim()) options.url = env.TRACTION_MARKETING_URL.trim();
  const timeout = Number(env.TRACTION_MARKETING_TIMEOUT_MS);
  if (Number.isInteger(timeout) && timeout > 0) options.timeoutMs = timeout;
  return new HttpMarketingList(options);
}
