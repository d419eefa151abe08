import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpTransferProvider } from './http-transfer-provider';
import { TransferProviderError, type TransferRequest } from './transfer-provider';

/**
 * A NIP gateway on loopback answering whatever the test sets for a path (or never answering):
 * the adapter must map every answer to the interface's outcomes and errors, and say when a
 * transfer's outcome is unknown.
 */
let server: Server;
let url: string;
const answers = new Map<string, { status?: number; body: string } | 'silence'>();
const received: { path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: text ? JSON.parse(text) : null });
      const answer = answers.get(path) ?? { status: 404, body: '{"message":"no such route"}' };
      if (answer === 'silence') return;
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(answer.body);
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

const provider = (options: { timeoutMs?: number; at?: string } = {}) =>
  new HttpTransferProvider('vfd', { url: options.at ?? `${url}/`, apiKey: 'test-key', timeoutMs: options.timeoutMs ?? 2_000 });
const answer = (path: string, body: unknown, status = 200) => answers.set(path, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });

const request: TransferRequest = {
  sessionId: '090110261121090000000000000001',
  reference: 'TRF-HTTP-1',
  amountKobo: 1_500_000n,
  beneficiary: { bankCode: '058', accountNumber: '0123456789', accountName: 'ADEYEMI KEMI' },
  narration: 'Supplier invoice',
  senderName: 'Traction',
};

async function failure(call: Promise<unknown>): Promise<TransferProviderError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TransferProviderError);
  return error as TransferProviderError;
}

describe('HttpTransferProvider', () => {
  it('posts JSON with the bearer key, amounts in whole kobo, and reads the answers', async () => {
    answer('/nameenquiry', { accountName: 'ADEYEMI KEMI', nameEnquiryRef: 'NE-1' });
    expect(await provider().nameEnquiry({ bankCode: '058', accountNumber: '0123456789' })).toEqual({
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'ADEYEMI KEMI',
      nameEnquiryRef: 'NE-1',
    });
    answer('/balanceenquiry', { accountNumber: '1000000011', availableKobo: 250_000_000_00 });
    expect(await provider().balanceEnquiry({ accountNumber: '1000000011' })).toEqual({ accountNumber: '1000000011', availableKobo: 250_000_000_00n });
    answer('/transfer', { responseCode: '00', message: 'Approved', sessionId: request.sessionId });
    expect(await provider().transfer(request)).toEqual({ outcome: 'success', responseCode: '00', message: 'Approved', sessionId: request.sessionId });
    expect(received.map((call) => call.path)).toEqual(['/nameenquiry', '/balanceenquiry', '/transfer']);
    expect(received[2]!.headers.authorization).toBe('Bearer test-key');
    expect(received[2]!.body).toEqual({ ...request, amountKobo: 1_500_000 });
  });

  it.each([
    ['00', 'success'],
    ['09', 'pending'],
    ['91', 'pending'],
    ['97', 'pending'],
    ['51', 'failed'],
    ['57', 'failed'],
  ] as const)('takes a transfer answered %s as %s', async (code, outcome) => {
    answer('/transfer', { responseCode: code, message: 'as said', sessionId: request.sessionId });
    expect(await provider().transfer(request)).toMatchObject({ outcome, responseCode: code });
    answer('/status', { responseCode: code, message: 'as said', sessionId: request.sessionId });
    expect(await provider().status({ sessionId: request.sessionId })).toMatchObject({ outcome, responseCode: code });
  });

  it.each([
    ['a 94 answer', 'duplicate_session', true, () => answer('/transfer', { responseCode: '94', message: 'Duplicate', sessionId: request.sessionId })],
    ['a 409', 'duplicate_session', true, () => answer('/transfer', { message: 'seen it' }, 409)],
    ['a 500', 'unavailable', true, () => answer('/transfer', { message: 'boom' }, 500)],
    ['an answer it cannot read', 'unavailable', true, () => answer('/transfer', '<html>Bad gateway</html>')],
    ['no answer in time', 'timeout', true, () => answers.set('/transfer', 'silence')],
    ['a 400 (refused before acting)', 'unavailable', false, () => answer('/transfer', { message: 'narration too long' }, 400)],
  ] as const)('after a transfer, takes %s as %s (outcome unknown: %s)', async (_what, kind, unknown, arrange) => {
    arrange();
    const error = await failure(provider({ timeoutMs: 200 }).transfer(request));
    expect(error).toMatchObject({ provider: 'vfd', kind, outcomeUnknown: unknown });
  });

  it('knows a refused connection never reached the provider', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(provider({ at: `http://127.0.0.1:${port}` }).transfer(request));
    expect(error).toMatchObject({ kind: 'unavailable', outcomeUnknown: false, message: 'VFD could not be reached' });
  });

  it.each([
    ['404', () => answer('/status', { message: 'unknown session' }, 404)],
    ['25', () => answer('/status', { responseCode: '25', message: 'Unable to locate record', sessionId: request.sessionId })],
  ])('takes a status query answered %s as a session it never received', async (_what, arrange) => {
    arrange();
    expect(await failure(provider().status({ sessionId: request.sessionId }))).toMatchObject({ kind: 'not_found', outcomeUnknown: false });
  });

  it.each([
    ['404', 'not_found', () => answer('/nameenquiry', { message: 'no such account' }, 404)],
    ['422 INVALID_ACCOUNT', 'invalid_account', () => answer('/nameenquiry', { code: 'INVALID_ACCOUNT', message: 'bad check digit' }, 422)],
    ['a name missing', 'unavailable', () => answer('/nameenquiry', { nameEnquiryRef: 'NE-1' })],
    ['no answer in time', 'timeout', () => answers.set('/nameenquiry', 'silence')],
  ] as const)('takes a name enquiry answered %s as %s', async (_what, kind, arrange) => {
    arrange();
    const error = await failure(provider({ timeoutMs: 200 }).nameEnquiry({ bankCode: '058', accountNumber: '0123456789' }));
    expect(error.kind).toBe(kind);
    // An enquiry moves nothing: whatever went wrong, its outcome is never in doubt beyond a timeout.
    expect(error.outcomeUnknown).toBe(kind === 'timeout');
  });

  it('refuses a balance that is not whole kobo', async () => {
    answer('/balanceenquiry', { accountNumber: '1000000011', availableKobo: 12.5 });
    expect(await failure(provider().balanceEnquiry({ accountNumber: '1000000011' }))).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/availableKobo/),
    });
  });
});
