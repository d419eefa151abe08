import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HelpDeskError, type HelpDeskTicket } from './help-desk-provider';
import { HttpHelpDesk, httpHelpDeskFromEnv } from './http-help-desk';

/**
 * Zoho Desk on loopback: opens tickets (numbered from 101) and finds them by subject as its
 * search does; `down` answers every call with a status instead; every request is kept.
 */
let server: Server;
let url: string;
const tickets: { id: string; ticketNumber: string; subject: string }[] = [];
const received: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
let down: { status: number; body: string; headers?: Record<string, string>; delayMs?: number } | null = null;

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = text ? (JSON.parse(text) as { subject: string }) : null;
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
      const url = new URL(path, 'http://zoho');
      if (request.method === 'GET' && url.pathname === '/api/v1/tickets/search') {
        const wanted = (url.searchParams.get('subject') ?? '').replaceAll('*', '');
        const found = tickets.filter((ticket) => ticket.subject.includes(wanted));
        return found.length > 0 ? send(200, { data: found, count: found.length }) : send(204);
      }
      if (request.method === 'POST' && url.pathname === '/api/v1/tickets' && body) {
        if (body.subject.includes('[bad]')) return send(422, { errorCode: 'INVALID_DATA', message: 'An invalid value was given for contact' });
        const ticket = { id: `7000${tickets.length + 1}`, ticketNumber: String(101 + tickets.length), subject: body.subject };
        tickets.push(ticket);
        return send(200, { ...ticket, status: 'Open' });
      }
      send(404, { errorCode: 'URL_NOT_FOUND' });
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
  tickets.length = 0;
  received.length = 0;
  down = null;
});

const desk = (timeoutMs = 2_000) => new HttpHelpDesk({ url, token: 'zoho-secret', orgId: '60001', departmentId: '9001', timeoutMs });
const ticket = (reference: string, subject = 'Terminal not printing'): HelpDeskTicket => ({
  reference,
  subject: `${subject} [${reference}]`,
  description: 'It stopped this morning.',
  contact: { name: 'Ada Chioma Obi', email: 'ada@example.ng', phone: '+2348031234567' },
  businessName: 'Ada Stores',
});

async function failure(promise: Promise<unknown>): Promise<HelpDeskError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HelpDeskError);
  return error as HelpDeskError;
}

describe('HttpHelpDesk on Zoho Desk', () => {
  it("opens a ticket with Zoho's headers and body, and answers the same ticket when asked again", async () => {
    const first = await desk().createTicket(ticket('WF-000001'));
    expect(first).toEqual({ id: '70001', number: '#101' });
    expect(received[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/tickets/search?subject=*WF-000001*&departmentId=9001&limit=1',
      headers: { authorization: 'Zoho-oauthtoken zoho-secret', orgid: '60001' },
    });
    expect(received[1]).toMatchObject({
      method: 'POST',
      path: '/api/v1/tickets',
      headers: { authorization: 'Zoho-oauthtoken zoho-secret', orgid: '60001', 'content-type': 'application/json' },
      body: {
        subject: 'Terminal not printing [WF-000001]',
        departmentId: '9001',
        description: 'It stopped this morning.\n\nBusiness: Ada Stores',
        email: 'ada@example.ng',
        phone: '+2348031234567',
        contact: { firstName: 'Ada Chioma', lastName: 'Obi', email: 'ada@example.ng', phone: '+2348031234567' },
      },
    });
    expect(await desk().createTicket(ticket('WF-000001'))).toEqual(first);
    expect(tickets).toHaveLength(1);
    expect(await desk().createTicket(ticket('WF-000002'))).toEqual({ id: '70002', number: '#102' });
  });

  it('is refused for good on a 4xx (422 INVALID_DATA)', async () => {
    const error = await failure(desk().createTicket(ticket('WF-000003', 'Bad [bad]')));
    expect(error).toMatchObject({ status: 422, retryable: false });
    expect(error.message).toBe('Zoho Desk answered 422 (INVALID_DATA: An invalid value was given for contact): the ticket was refused');
  });

  it.each([
    ['too many requests (429, Retry-After)', 429, { 'retry-after': '60' }, 'too many requests'],
    ['an expired token (401): ours to fix, the request waits', 401, {}, 'renew TRACTION_HELP_DESK_TOKEN'],
    ['maintenance (503)', 503, {}, 'Zoho Desk answered 503'],
    ['a server error (500)', 500, {}, 'Zoho Desk answered 500'],
  ])('is worth trying again on %s', async (_what, status, headers, mention) => {
    down = { status, body: JSON.stringify({ errorCode: 'X', message: 'said by Zoho' }), headers };
    const error = await failure(desk().createTicket(ticket('WF-000004')));
    expect(error).toMatchObject({ status, retryable: true });
    expect(error.message).toContain(mention);
    expect(error.message).not.toContain('zoho-secret');
  });

  it('is worth trying again when nothing listens, or the answer is late', async () => {
    const closed = new HttpHelpDesk({ url: 'http://127.0.0.1:9', token: 'zoho-secret', orgId: '1', departmentId: '2' });
    expect(await failure(closed.createTicket(ticket('WF-000005')))).toMatchObject({ status: null, retryable: true, message: 'Zoho Desk could not be reached' });
    down = { status: 204, body: '', delayMs: 500 };
    expect(await failure(desk(100).createTicket(ticket('WF-000005')))).toMatchObject({
      status: null,
      retryable: true,
      message: 'Zoho Desk did not answer within 100 ms',
    });
  });

  it('is chosen by TRACTION_HELP_DESK_PROVIDER=http, naming a missing variable', () => {
    const env = {
      TRACTION_HELP_DESK_URL: url,
      TRACTION_HELP_DESK_TOKEN: 't',
      TRACTION_HELP_DESK_ORG_ID: '1',
      TRACTION_HELP_DESK_DEPARTMENT_ID: '2',
    };
    expect(httpHelpDeskFromEnv(env)).toMatchObject({ mode: 'http', system: 'Zoho Desk' });
    for (const name of Object.keys(env)) {
      expect(() => httpHelpDeskFromEnv({ ...env, [name]: '' })).toThrow(`${name} must be set when TRACTION_HELP_DESK_PROVIDER=http`);
    }
  });
});
