/**
 * The email-marketing service's contact list (Sendinblue, now Brevo): contacts are added or
 * updated in batches, and the people who unsubscribed there (from a campaign's link) are read
 * back so that we never add them again.
 */

/** One contact as the list keeps it. */
export interface MarketingContact {
  /** Lower-cased. */
  email: string;
  firstName: string;
  lastName: string;
  /** `+234…`, or null. */
  phone: string | null;
  /** The merchant this is the owner of, for the list's attributes; null for an uploaded contact. */
  businessName: string | null;
  merchantId: number | null;
}

/** What the list did with one contact of a batch. */
export type ContactOutcome =
  | { email: string; outcome: 'added' }
  | { email: string; outcome: 'updated' }
  /** They had unsubscribed at the provider: left unsubscribed, not re-added. */
  | { email: string; outcome: 'unsubscribed'; reason: string }
  /** The provider refused the address ("invalid email"). */
  | { email: string; outcome: 'invalid'; reason: string };

/** One page of the addresses that unsubscribed at the provider. */
export interface UnsubscribedPage {
  /** Lower-cased. */
  emails: string[];
  /** How many there are in all. */
  total: number;
}

export interface MarketingListProvider {
  /** The service's name, for messages: "Brevo". */
  readonly system: string;
  readonly mode: 'sandbox' | 'http';
  /** The most contacts one `upsertContacts` call takes. */
  readonly batchLimit: number;
  /**
   * Adds or updates each contact of the batch (at most `batchLimit`), answering an outcome for
   * every one of them. Throws `MarketingProviderError` when the whole call failed: nothing of the
   * batch was taken then.
   */
  upsertContacts(contacts: readonly MarketingContact[]): Promise<ContactOutcome[]>;
  /** The addresses that unsubscribed at the provider, a page at a time (`limit` at most 1,000). */
  unsubscribedContacts(page: { offset: number; limit: number }): Promise<UnsubscribedPage>;
}

/**
 * A whole call failed. `rate_limited`: 429, try again after `retryAfterSeconds`; `unavailable`:
 * no answer or a 5xx, try again later; `rejected`: the request was refused (a batch too large),
 * trying it again as it is will not help.
 */
export class MarketingProviderError extends Error {
  override readonly name = 'MarketingProviderError';
  constructor(
    readonly system: string,
    readonly kind: 'rate_limited' | 'unavailable' | 'rejected',
    message: string,
    /** The HTTP status the service answered, or null when it did not answer. */
    readonly status: number | null,
    /** For `rate_limited`: the seconds its Retry-After asked for. */
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Most addresses one page of unsubscribed contacts answers. */
export const UNSUBSCRIBED_PAGE_LIMIT = 1_000;
