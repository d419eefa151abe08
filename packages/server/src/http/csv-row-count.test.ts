import http from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxEmailProvider } from '../providers/email/sandbox-email';
import { startServer, type RunningServer } from '../start-server';
import { TEST_SCRYPT_LOG_N } from '../test/harness';
import { openTestDatabase } from '../test/test-database';

// Trailers exist only on the wire, so these tests talk to a listening server over HTTP/1.1.
const EMAIL = 'root@traction.ng';
const PASSWORD = 'csv-row-count-password';
const DEVICE = { deviceId: 'csv-row-count-test', deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'browser' as const };

let server: RunningServer;
let email: SandboxEmailProvider;
let token: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  trailers: NodeJS.Dict<string>;
  body: string;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(path, server.url),
      { headers: { authorization: `Bearer ${token}`, 'device-id': DEVICE.deviceId, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, trailers: response.trailers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(new URL(path, server.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await answer.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  email = new SandboxEmailProvider(logger);
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database: await openTestDatabase(),
    logger,
    demo: true,
    demoMerchants: 3,
    demoTerminals: 0,
    env: { TRACTION_ADMIN_EMAIL: EMAIL, TRACTION_ADMIN_PASSWORD: PASSWORD },
    config: { scryptLogN: TEST_SCRYPT_LOG_N },
    providers: { email },
  });
  await post('/v1/auth/admin/login', { email: EMAIL, password: PASSWORD, device: DEVICE });
  const code = email.latest(EMAIL, 'device-code')?.data.code;
  const signedIn = await post('/v1/auth/admin/device-login', { email: EMAIL, code, device: DEVICE });
  token = signedIn.token as string;
});
afterAll(() => server?.close());

const dataRows = (csv: string) => csv.trimEnd().split('\n').length - 1;

describe("a list's CSV download", () => {
  it('tells a client that asks for trailers how many rows it sent, after the last one', async () => {
    const answer = await get('/v1/admin/list-admins?download=csv', { te: 'trailers' });
    expect(answer.status).toBe(200);
    expect(answer.headers.trailer).toBe('X-Row-Count');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(dataRows(answer.body)).toBeGreaterThan(1);
    expect(answer.trailers['x-row-count']).toBe(String(dataRows(answer.body)));
  });

  it('counts what the filters match, zero included', async () => {
    const answer = await get('/v1/admin/list-admins?download=csv&search=nobody-by-this-name', { te: 'trailers' });
    expect(answer.body).toMatch(/^\uFEFFID,First name/);
    expect(answer.trailers['x-row-count']).toBe('0');
  });

  it('sends a browser, which does not ask, the same bytes and no trailer', async () => {
    const asked = await get('/v1/admin/list-admins?download=csv', { te: 'trailers' });
    const browser = await get('/v1/admin/list-admins?download=csv');
    expect(browser.body).toBe(asked.body);
    expect(browser.headers.trailer).toBeUndefined();
    expect(browser.trailers).toEqual({});
  });

  it('writes a spreadsheet file by default: a byte-order mark and phone numbers kept from running as formulas', async () => {
    const answer = await get('/v1/businesses/admin/getallbusinesses?download=csv');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    expect(answer.body).toMatch(/,'\+234\d{10},/);
    expect(answer.headers['preference-applied']).toBeUndefined();
  });

  it('writes plain bytes for programs with Prefer: csv-plain, and field names as headers with csv-keys', async () => {
    const answer = await get('/v1/businesses/admin/getallbusinesses?download=csv', { prefer: 'csv-plain, csv-keys', te: 'trailers' });
    expect(answer.headers['preference-applied']).toBe('csv-plain, csv-keys');
    expect(answer.body.startsWith('\uFEFF')).toBe(false);
    expect(answer.body.split('\n')[0]).toMatch(/^id,[a-z][A-Za-z,]+$/);
    expect(answer.body).toMatch(/,\+234\d{10},/);
    expect(answer.body).not.toContain("'+234");
    expect(answer.trailers['x-row-count']).toBe(String(dataRows(answer.body)));
  });
});
