import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpMarketingList, httpMarketingListFromEnv } from './http-marketing-list';
import { MarketingProviderError, type MarketingContact } from './marketing-list-provider';

/**
 * Brevo's contacts API on loopback: a small list it keeps (who is there, who is blocklisted),
 * answering as Brevo does, and every request it got. `down` answers every call with a status.
 */
let server: Server;
let url: string;
const list = new Map<string, { blocklisted: boolean }>();
const received: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
let down: { status: number; body: string; headers?: Record<string, string>; delayMs?: number } | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = text ? (JSON.parse(text) as { email: string }) : null;
      received.push({ method: request.method ?? '', path, headers: request.headers, body });
      const send = (status: number, answer?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer));
      };
      if (down) {
        const { status, body: answer, headers, delayMs } = down;
        setTimeout(() => send(status, answer, headers), delayMs ?? 0);
        return;
      }
      const url = new URL(path.replace(/^\/v3/, ''), 'http://brevo');
      if (request.method === 'GET' && url.pathname === '/contacts') {
        const blocked = [...list].filter(([, contact]) => contact.blocklisted).map(([email]) => ({ email, emailBlacklisted: true }));
        const offset = Number(url.searchParams.get('offset'));
        return send(200, { contacts: blocked.slice(offset, offset + Number(url.searchParams.get('limit'))), count: blocked.length });
      }
      const one = /^\/contacts\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && one) {
        const email = decodeURIComponent(one[1]!);
        if (email.endsWith('.invalid')) return send(400, { code: 'invalid_parameter', message: 'Invalid email address' });
        const known = list.get(email);
        return known
          ? send(200, { email, emailBlacklisted: known.blocklisted, listIds: [7] })
          : send(404, { code: 'document_not_found', message: 'Contact does not exist' });
      }
      if (request.method === 'POST' && url.pathname === '/contacts' && body) {
        if (body.email.startsWith('invalid')) return send(400, { code: 'invalid_parameter', message: 'Invalid email address' });
        const known = list.has(body.email);
        list.set(body.email, { blocklisted: false });
        return known ? send(204) : send(201, { id: list.size });
      }
      send(404, { code: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  list.clear();
  received.length = 0;
  down = null;
});

const brevo = () => new HttpMarketingList({ url, apiKey: 'brevo-secret', listId: 7, timeoutMs: 2_000 });
const contact = (email: string, phone: string | null = null): MarketingContact => ({
  email,
  firstName: 'Ada',
  lastName: 'Obi',
  phone,
  businessName: 'Ada Stores',
  merchantId: 12,
});

async function failure(promise: Promise<unknown>): Promise<MarketingProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketingProviderError);
  return error as MarketingProviderError;
}

describe('HttpMarketingList on Brevo', () => {
  it('adds, updates, leaves the unsubscribed alone and reports the invalid, one outcome per contact', async () => {
    list.set('old@example.ng', { blocklisted: false });
    list.set('gone@example.ng', { blocklisted: true });
    const outcomes = await brevo().upsertContacts([
      contact('New@Example.ng', '+2348031234567'),
      contact('old@example.ng'),
      contact('gone@example.ng'),
      contact('invalid-one@example.ng'),
      contact('someone@example.invalid'),
    ]);
    expect(outcomes).toEqual([
      { email: 'new@example.ng', outcome: 'added' },
      { email: 'old@example.ng', outcome: 'updated' },
      { email: 'gone@example.ng', outcome: 'unsubscribed', reason: 'Unsubscribed at Brevo: left unsubscribed' },
      { email: 'invalid-one@example.ng', outcome: 'invalid', reason: 'Brevo refused it: Invalid email address' },
      { email: 'someone@example.invalid', outcome: 'invalid', reason: 'Brevo refused it: Invalid email address' },
    ]);
    expect(list.get('gone@example.ng')).toEqual({ blocklisted: true });
    expect(received[0]).toMatchObject({ method: 'GET', path: '/v3/contacts/new%40example.ng?identifierType=email_id' });
    expect(received[1]).toMatchObject({
      method: 'POST',
      path: '/v3/contacts',
      headers: { 'api-key': 'brevo-secret', 'content-type': 'application/json' },
      body: { email: 'new@example.ng', attributes: { FIRSTNAME: 'Ada', LASTNAME: 'Obi', SMS: '+2348031234567' }, listIds: [7], updateEnabled: true },
    });
    expect(received.every((request) => request.headers['api-key'] === 'brevo-secret')).toBe(true);
    expect(received.filter((request) => request.method === 'POST').map((request) => (request.body as { email: string }).email)).toEqual([
      'new@example.ng',
      'old@example.ng',
      'invalid-one@example.ng',
    ]);
  });

  it('reads the blocklisted contacts of the list a page at a time', async () => {
    list.set('a@example.ng', { blocklisted: true });
    list.set('b@example.ng', { blocklisted: false });
    list.set('C@example.ng', { blocklisted: true });
    expect(await brevo().unsubscribedContacts({ offset: 0, limit: 1 })).toEqual({ emails: ['a@example.ng'], total: 2 });
    expect(await brevo().unsubscribedContacts({ offset: 1, limit: 1 })).toEqual({ emails: ['c@example.ng'], total: 2 });
    const query = new URL(received[0]!.path, 'http://brevo').searchParams;
    expect(Object.fromEntries(query)).toEqual({ listIds: '7', filter: 'equals(EMAIL_BLACKLISTED,true)', limit: '1', offset: '0', sort: 'asc' });
  });

  it('never takes a contact Brevo does not say is blocklisted for an unsubscribe', async () => {
    down = { status: 200, body: JSON.stringify({ contacts: [{ email: 'x@example.ng', emailBlacklisted: false }, { email: 'y@example.ng' }], count: 2 }) };
    expect(await brevo().unsubscribedContacts({ offset: 0, limit: 1000 })).toEqual({ emails: [], total: 2 });
  });

  it.each([
    ['too many requests (429, Retry-After)', 429, { 'retry-after': '12' }, 'rate_limited', 12],
    ["too many requests (429, Brevo's own reset header)", 429, { 'x-sib-ratelimit-reset': '30' }, 'rate_limited', 30],
    ['a key refused (401)', 401, {}, 'rejected', null],
    ['a plan without the API (403)', 403, {}, 'rejected', null],
    ['an outage (503)', 503, {}, 'unavailable', null],
    ['a server error (500)', 500, {}, 'unavailable', null],
  ])('fails the whole call on %s', async (_what, status, headers, kind, retryAfterSeconds) => {
    down = { status, body: JSON.stringify({ code: 'x', message: 'said by Brevo' }), headers };
    const upsert = await failure(brevo().upsertContacts([contact('a@example.ng')]));
    expect({ kind: upsert.kind, status: upsert.status, retryAfterSeconds: upsert.retryAfterSeconds }).toEqual({ kind, status, retryAfterSeconds });
    expect(upsert.message).toContain(`Brevo answered ${status}: said by Brevo`);
    expect(upsert.message).not.toContain('brevo-secret');
    expect((await failure(brevo().unsubscribedContacts({ offset: 0, limit: 10 }))).kind).toBe(kind);
  });

  it('is unavailable when nothing listens or the answer is late, and refuses a batch over its limit', async () => {
    const closed = new HttpMarketingList({ url: 'http://127.0.0.1:9', apiKey: 'brevo-secret', listId: 7 });
    const unreachable = await failure(closed.upsertContacts([contact('a@example.ng')]));
    expect(unreachable).toMatchObject({ kind: 'unavailable', status: null, message: 'Brevo could not be reached' });
    down = { status: 200, body: '{"contacts":[],"count":0}', delayMs: 500 };
    const late = new HttpMarketingList({ url, apiKey: 'k', listId: 7, timeoutMs: 100 });
    expect(await failure(late.unsubscribedContacts({ offset: 0, limit: 10 }))).toMatchObject({
      kind: 'unavailable',
      message: 'Brevo did not answer within 100 ms',
    });
    down = null;
    received.length = 0;
    const tooMany = await failure(brevo().upsertContacts(Array.from({ length: 51 }, (_, i) => contact(`p${i}@example.ng`))));
    expect(tooMany.kind).toBe('rejected');
    expect(received).toEqual([]);
  });

  it('is chosen by TRACTION_MARKETING_PROVIDER=http, on Brevo by default, naming a missing variable', () => {
    expect(httpMarketingListFromEnv({ TRACTION_MARKETING_API_KEY: 'k', TRACTION_MARKETING_LIST_ID: '7' })).toMatchObject({ mode: 'http', batchLimit: 50 });
    expect(() => httpMarketingListFromEnv({ TRACTION_MARKETING_LIST_ID: '7' })).toThrow(
      'TRACTION_MARKETING_API_KEY must be set when TRACTION_MARKETING_PROVIDER=http',
    );
    expect(() => httpMarketingListFromEnv({ TRACTION_MARKETING_API_KEY: 'k' })).toThrow('TRACTION_MARKETING_LIST_ID must be set');
    expect(() => httpMarketingListFromEnv({ TRACTION_MARKETING_API_KEY: 'k', TRACTION_MARKETING_LIST_ID: 'news' })).toThrow(/a whole number/);
  });
});
