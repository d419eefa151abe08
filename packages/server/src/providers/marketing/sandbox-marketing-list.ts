import {
  type ContactOutcome,
  type MarketingContact,
  type MarketingListProvider,
  MarketingProviderError,
  UNSUBSCRIBED_PAGE_LIMIT,
  type UnsubscribedPage,
} from './marketing-list-provider';

export interface SandboxMarketingOptions {
  /** The most contacts one upsert takes; a larger batch is refused (400). Default 100, as Brevo's batch calls. */
  batchLimit?: number;
  /** Calls allowed in each window of `windowSeconds`; the next answers 429 with Retry-After to the window's end. Default 10. */
  requestsPerWindow?: number;
  /** Default 10 seconds. */
  windowSeconds?: number;
  /** Waited before every answer, as a real round trip (ms; default 0). */
  latencyMs?: number;
  /** Start with the outage switched on (TRACTION_SANDBOX_MARKETING=outage). */
  outage?: boolean;
  /** Addresses that unsubscribed at the provider before this process started. */
  unsubscribed?: readonly string[];
  /** The provider's clock, for its rate windows. */
  now?: () => Date;
}

/** An address the sandbox refuses as invalid: at a `.invalid` domain (RFC 2606), or whose local part starts with "invalid". */
export const isSandboxInvalidAddress = (email: string) => /\.invalid$/.test(email) || /^invalid/.test(email);
/** An address whose person unsubscribes at the provider: its local part starts with "unsubscribed". */
export const isSandboxUnsubscribingAddress = (email: string) => /^unsubscribed/.test(email);
/** A domain whose contacts make the provider fail the whole batch (503): an outage provoked from a file. */
export const SANDBOX_OUTAGE_DOMAIN = 'provider-down.test';

interface StoredContact {
  contact: MarketingContact;
  unsubscribed: boolean;
}

/**
 * Behaves like Brevo's contact list without calling it, failures included, deterministically:
 * - a batch larger than `batchLimit` is refused (400, `rejected`);
 * - more than `requestsPerWindow` calls in a window answer 429 (`rate_limited`) with a Retry-After
 *   to the end of the window, by the clock it is given;
 * - the outage switch (`setOutage`, or TRACTION_SANDBOX_MARKETING=outage at start) fails every
 *   call as `unavailable` (503), and so does a batch holding an address at `provider-down.test`;
 * - an address at a `.invalid` domain, or whose local part starts with "invalid", comes back
 *   `invalid` ("Invalid email address");
 * - an address whose local part starts with "unsubscribed" is kept as unsubscribed (the person
 *   unsubscribed from the first campaign): it comes back `unsubscribed`, and is listed by
 *   `unsubscribedContacts` from then on, as are the `unsubscribed` addresses it started with;
 * - any other address is `added` the first time and `updated` after.
 * What it holds lives in this process only: a restarted sandbox has an empty list.
 */
export class SandboxMarketingList implements MarketingListProvider {
  readonly system = 'Brevo';
  readonly mode = 'sandbox' as const;
  private readonly contacts = new Map<string, StoredContact>();
  private outage: boolean;
  private window = { start: 0, calls: 0 };
  private settings: Required<Omit<SandboxMarketingOptions, 'outage' | 'unsubscribed' | 'now'>>;
  private readonly now: () => Date;
  /** Calls answered or refused, by how: what the tests and the demo log read. */
  readonly calls = { upserts: 0, listings: 0, rateLimited: 0, unavailable: 0, rejected: 0 };

  constructor(options: SandboxMarketingOptions = {}) {
    this.settings = {
      batchLimit: options.batchLimit ?? 100,
      requestsPerWindow: options.requestsPerWindow ?? 10,
      windowSeconds: options.windowSeconds ?? 10,
      latencyMs: options.latencyMs ?? 0,
    };
    this.outage = options.outage ?? false;
    this.now = options.now ?? (() => new Date());
    for (const email of options.unsubscribed ?? []) {
      const address = email.toLowerCase();
      this.contacts.set(address, {
        contact: { email: address, firstName: '', lastName: '', phone: null, businessName: null, merchantId: null },
        unsubscribed: true,
      });
    }
  }

  get batchLimit(): number {
    return this.settings.batchLimit;
  }

  /** Whether the outage switch is on. */
  get outageOn(): boolean {
    return this.outage;
  }

  /** Switches the provoked outage on or off. */
  setOutage(down: boolean): void {
    this.outage = down;
  }

  /** Changes the limits (tests make them small), and starts a fresh rate window. */
  configure(options: Partial<Pick<SandboxMarketingOptions, 'batchLimit' | 'requestsPerWindow' | 'windowSeconds' | 'latencyMs'>>): void {
    this.settings = { ...this.settings, ...options };
    this.window = { start: 0, calls: 0 };
  }

  /** A person unsubscribes at the provider (from a campaign's link). */
  unsubscribe(email: string): void {
    const address = email.toLowerCase();
    const stored = this.contacts.get(address);
    if (stored) stored.unsubscribed = true;
    else
      this.contacts.set(address, {
        contact: { email: address, firstName: '', lastName: '', phone: null, businessName: null, merchantId: null },
        unsubscribed: true,
      });
  }

  /** The contact as the list holds it, and whether they unsubscribed. */
  contact(email: string): { contact: MarketingContact; unsubscribed: boolean } | undefined {
    const stored = this.contacts.get(email.toLowerCase());
    return stored ? { contact: { ...stored.contact }, unsubscribed: stored.unsubscribed } : undefined;
  }

  /** Contacts the list holds, unsubscribed ones included. */
  get size(): number {
    return this.contacts.size;
  }

  async upsertContacts(batch: readonly MarketingContact[]): Promise<ContactOutcome[]> {
    await this.answer();
    if (batch.length > this.settings.batchLimit) {
      this.calls.rejected += 1;
      throw new MarketingProviderError(
        this.system,
        'rejected',
        `${this.system} takes at most ${this.settings.batchLimit} contacts a call, not ${batch.length} (400)`,
        400,
      );
    }
    if (batch.some((contact) => contact.email.toLowerCase().endsWith(`@${SANDBOX_OUTAGE_DOMAIN}`))) {
      this.calls.unavailable += 1;
      throw new MarketingProviderError(
        this.system,
        'unavailable',
        `${this.system} answered 503 Service Unavailable (sandbox: a contact at ${SANDBOX_OUTAGE_DOMAIN})`,
        503,
      );
    }
    this.calls.upserts += 1;
    return batch.map((given): ContactOutcome => {
      const email = given.email.toLowerCase();
      if (isSandboxInvalidAddress(email)) return { email, outcome: 'invalid', reason: `${this.system} refused it: Invalid email address` };
      const stored = this.contacts.get(email);
      if (stored?.unsubscribed) return { email, outcome: 'unsubscribed', reason: `Unsubscribed at ${this.system}: left unsubscribed` };
      const contact = { ...given, email };
      if (isSandboxUnsubscribingAddress(email)) {
        this.contacts.set(email, { contact, unsubscribed: true });
        return { email, outcome: 'unsubscribed', reason: `Unsubscribed at ${this.system}: left unsubscribed` };
      }
      this.contacts.set(email, { contact, unsubscribed: false });
      return { email, outcome: stored ? 'updated' : 'added' };
    });
  }

  async unsubscribedContacts(page: { offset: number; limit: number }): Promise<UnsubscribedPage> {
    await this.answer();
    this.calls.listings += 1;
    const all = [...this.contacts.values()].filter((stored) => stored.unsubscribed).map((stored) => stored.contact.email);
    const limit = Math.min(Math.max(page.limit, 1), UNSUBSCRIBED_PAGE_LIMIT);
    return { emails: all.slice(page.offset, page.offset + limit), total: all.length };
  }

  /** The round trip, the outage and the rate limit every call meets first. */
  private async answer(): Promise<void> {
    if (this.settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.settings.latencyMs));
    if (this.outage) {
      this.calls.unavailable += 1;
      throw new MarketingProviderError(this.system, 'unavailable', `${this.system} is not answering (sandbox outage switched on)`, null);
    }
    const windowMs = this.settings.windowSeconds * 1000;
    const now = this.now().getTime();
    const start = Math.floor(now / windowMs) * windowMs;
    if (start !== this.window.start) this.window = { start, calls: 0 };
    if (this.window.calls >= this.settings.requestsPerWindow) {
      this.calls.rateLimited += 1;
      const retryAfter = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      throw new MarketingProviderError(
        this.system,
        'rate_limited',
        `${this.system} answered 429 Too Many Requests: at most ${this.settings.requestsPerWindow} calls every ${this.settings.windowSeconds} s (Retry-After: ${retryAfter})`,
        429,
        retryAfter,
      );
    }
    this.window.calls += 1;
  }
}

/**
 * The sandbox as the environment sets it up: TRACTION_SANDBOX_MARKETING=outage starts it down;
 * a little latency, so a sync's progress can be watched in the console.
 */
export function marketingListFromEnv(env: NodeJS.ProcessEnv): SandboxMarketingList {
  return new SandboxMarketingList({ outage: env.TRACTION_SANDBOX_MARKETING === 'outage', latencyMs: 150 });
}
