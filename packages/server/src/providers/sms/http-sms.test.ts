import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpSmsGateway, httpSmsFromEnv } from './http-sms';
import { SmsDeliveryError } from './sms-provider';

/** Termii on loopback: answers whatever the test sets for a path, and keeps every request it got. */
let server: Server;
let url: string;
const answers = new Map<string, { status: number; body: string; headers?: Record<string, string>; delayMs?: number }>();
const received: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, headers: request.headers, body: text ? JSON.parse(text) : null });
      const answer = answers.get(path) ?? { status: 404, body: '<html>Not Found</html>', headers: { 'content-type': 'text/html' } };
      setTimeout(() => {
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  answers.clear();
  received.length = 0;
});

const gateway = (options: { timeoutMs?: number } = {}) =>
  new HttpSmsGateway({ url, apiKey: 'termii-secret', sender: 'Traction', timeoutMs: 2_000, ...options });
const answer = (path: string, status: number, body: unknown, headers?: Record<string, string>, delayMs?: number) =>
  answers.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body), ...(headers ? { headers } : {}), ...(delayMs ? { delayMs } : {}) });
const message = { to: '+2348031234567', text: 'Hello from Traction', reference: 'BRD-1-2', from: 'Other' };

async function refusal(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

describe('HttpSmsGateway', () => {
  it("sends in Termii's shape and answers the gateway's id with the parts it bills", async () => {
    answer('/api/sms/send', 200, { message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Traction' });
    expect(await gateway().send(message)).toEqual({ id: '9122821270554876574', parts: 1 });
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/api/sms/send',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        body: {
          api_key: 'termii-secret',
          to: '2348031234567',
          from: 'Traction',
          sms: 'Hello from Traction',
          type: 'plain',
          channel: 'generic',
          reference: 'BRD-1-2',
        },
      },
    ]);
  });

  it.each([
    ['a number refused (400)', 400, { message: 'Invalid phone number' }, {}, 'rejected', null, 'Invalid phone number'],
    ['a message refused (422)', 422, { message: 'DND number' }, {}, 'rejected', null, 'DND number'],
    ['too many requests (429, Retry-After in seconds)', 429, { message: 'Too many requests' }, { 'retry-after': '3' }, 'rate_limited', 3_000, '429'],
    ['too many requests without a Retry-After', 429, '', {}, 'rate_limited', 1_000, '429'],
    ['a key refused (401): every message alike, no number to blame', 401, { message: 'Unauthenticated' }, {}, 'unavailable', null, 'key was refused'],
    ['an outage (503, Retry-After)', 503, { message: 'Service Unavailable' }, { 'retry-after': '120' }, 'unavailable', 120_000, '503'],
    ['a server error (500)', 500, '<html>oops</html>', { 'content-type': 'text/html' }, 'unavailable', null, '500'],
    ['a 200 without a message id', 200, { message: 'Successfully Sent' }, {}, 'temporary', null, 'without a message id'],
  ])('maps %s', async (_what, status, body, headers, kind, retryAfterMs, mention) => {
    answer('/api/sms/send', status, body, headers);
    const error = await refusal(gateway().send(message));
    expect(error.kind).toBe(kind);
    expect(error.retryAfterMs).toBe(retryAfterMs);
    expect(error.message).toContain(mention);
    expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).not.toContain('termii-secret');
  });

  it('is unavailable when nothing listens, and temporary when the gateway does not answer in time', async () => {
    const closed = new HttpSmsGateway({ url: 'http://127.0.0.1:9', apiKey: 'termii-secret', sender: 'Traction' });
    const unreachable = await refusal(closed.send(message));
    expect(unreachable.kind).toBe('unavailable');
    expect(unreachable.message).toBe('Termii could not be reached');
    answer('/api/sms/send', 200, { message_id: 'late' }, {}, 500);
    const late = await refusal(gateway({ timeoutMs: 100 }).send(message));
    expect(late.kind).toBe('temporary');
    expect(late.message).toBe('Termii did not answer within 100 ms');
  });

  it('finds a message by our reference, says when none was taken, and cannot say from a page that is not an answer', async () => {
    answer('/api/sms/find', 200, { message_id: 'm-1', parts: 2 });
    expect(await gateway().find('BRD-1-2')).toEqual({ id: 'm-1', parts: 2 });
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/sms/find', body: { api_key: 'termii-secret', reference: 'BRD-1-2' } });
    answer('/api/sms/find', 404, { message: 'No message with this reference' });
    expect(await gateway().find('BRD-1-3')).toBeNull();
    answers.delete('/api/sms/find');
    expect((await refusal(gateway().find('BRD-1-4'))).kind).toBe('unavailable');
  });

  it('is chosen by TRACTION_SMS_PROVIDER=http, naming a missing variable', () => {
    const env = { TRACTION_SMS_URL: url, TRACTION_SMS_API_KEY: 'k', TRACTION_SMS_SENDER: 'Traction', TRACTION_SMS_RATE_PER_SECOND: '5' };
    expect(httpSmsFromEnv(env)).toMatchObject({ mode: 'http', ratePerSecond: 5 });
    expect(() => httpSmsFromEnv({ ...env, TRACTION_SMS_SENDER: '' })).toThrow('TRACTION_SMS_SENDER must be set when TRACTION_SMS_PROVIDER=http');
    expect(() => httpSmsFromEnv({ ...env, TRACTION_SMS_API_KEY: undefined })).toThrow('TRACTION_SMS_API_KEY must be set');
    expect(() => httpSmsFromEnv({ ...env, TRACTION_SMS_RATE_PER_SECOND: 'fast' })).toThrow(/TRACTION_SMS_RATE_PER_SECOND/);
  });
});
