import { describe, expect, it } from 'vitest';
import { type MarketingContact, MarketingProviderError } from './marketing-list-provider';
import { SandboxMarketingList } from './sandbox-marketing-list';

const contact = (email: string): MarketingContact => ({ email, firstName: 'Ada', lastName: 'Obi', phone: null, businessName: null, merchantId: null });

function clockAt(iso: string) {
  let now = new Date(iso);
  return { now: () => now, move: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
}

async function refusal(call: Promise<unknown>): Promise<MarketingProviderError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MarketingProviderError);
  return error as MarketingProviderError;
}

describe('the sandbox email-marketing list', () => {
  it('adds a contact, then updates it; refuses invalid addresses; keeps the unsubscribing ones unsubscribed', async () => {
    const list = new SandboxMarketingList();
    expect(await list.upsertContacts([contact('ada@example.ng'), contact('invalid.person@example.ng'), contact('bola@shop.invalid')])).toEqual([
      { email: 'ada@example.ng', outcome: 'added' },
      { email: 'invalid.person@example.ng', outcome: 'invalid', reason: 'Brevo refused it: Invalid email address' },
      { email: 'bola@shop.invalid', outcome: 'invalid', reason: 'Brevo refused it: Invalid email address' },
    ]);
    expect(await list.upsertContacts([contact('ADA@example.ng'), contact('unsubscribed.chidi@example.ng')])).toEqual([
      { email: 'ada@example.ng', outcome: 'updated' },
      { email: 'unsubscribed.chidi@example.ng', outcome: 'unsubscribed', reason: 'Unsubscribed at Brevo: left unsubscribed' },
    ]);
    expect(list.contact('ada@example.ng')).toMatchObject({ contact: { firstName: 'Ada' }, unsubscribed: false });
    list.unsubscribe('ada@example.ng');
    expect(await list.upsertContacts([contact('ada@example.ng')])).toEqual([
      { email: 'ada@example.ng', outcome: 'unsubscribed', reason: 'Unsubscribed at Brevo: left unsubscribed' },
    ]);
  });

  it('lists the unsubscribed a page at a time, those it started with among them', async () => {
    const list = new SandboxMarketingList({ unsubscribed: ['Gone@Example.ng'] });
    await list.upsertContacts([contact('unsubscribed.one@example.ng'), contact('kept@example.ng')]);
    expect(await list.unsubscribedContacts({ offset: 0, limit: 1 })).toEqual({ emails: ['gone@example.ng'], total: 2 });
    expect(await list.unsubscribedContacts({ offset: 1, limit: 1 })).toEqual({ emails: ['unsubscribed.one@example.ng'], total: 2 });
  });

  it('refuses a batch larger than its limit (400), taking none of it', async () => {
    const list = new SandboxMarketingList({ batchLimit: 2 });
    const error = await refusal(list.upsertContacts([contact('a@x.ng'), contact('b@x.ng'), contact('c@x.ng')]));
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect(list.size).toBe(0);
  });

  it('answers 429 past its calls per window, with a Retry-After to the end of the window', async () => {
    const clock = clockAt('2026-11-21T09:00:03.000Z');
    const list = new SandboxMarketingList({ requestsPerWindow: 2, windowSeconds: 10, now: clock.now });
    await list.upsertContacts([contact('a@x.ng')]);
    await list.unsubscribedContacts({ offset: 0, limit: 10 });
    const limited = await refusal(list.upsertContacts([contact('b@x.ng')]));
    expect(limited).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 7 });
    expect(limited.message).toBe('Brevo answered 429 Too Many Requests: at most 2 calls every 10 s (Retry-After: 7)');
    expect(list.contact('b@x.ng')).toBeUndefined();
    clock.move(7);
    expect(await list.upsertContacts([contact('b@x.ng')])).toEqual([{ email: 'b@x.ng', outcome: 'added' }]);
    expect(list.calls).toMatchObject({ upserts: 2, listings: 1, rateLimited: 1 });
  });

  it('fails every call while the outage is on, and a batch holding an address at provider-down.test', async () => {
    const list = new SandboxMarketingList({ outage: true });
    expect(list.outageOn).toBe(true);
    expect(await refusal(list.upsertContacts([contact('a@x.ng')]))).toMatchObject({ kind: 'unavailable', status: null });
    expect(await refusal(list.unsubscribedContacts({ offset: 0, limit: 10 }))).toMatchObject({ kind: 'unavailable' });
    list.setOutage(false);
    const down = await refusal(list.upsertContacts([contact('a@x.ng'), contact('ops@provider-down.test')]));
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(list.contact('a@x.ng')).toBeUndefined();
    expect(await list.upsertContacts([contact('a@x.ng')])).toEqual([{ email: 'a@x.ng', outcome: 'added' }]);
  });
});
