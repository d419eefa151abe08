import { connect } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, uploadAs } from './test/kyc-kit';
import { SandboxEmailProvider } from './providers/email/sandbox-email';
import { startServer, type RunningServer } from './start-server';
import { createTestApp, TEST_SCRYPT_LOG_N, type Actor, type TestApp } from './test/harness';
import { openTestDatabase } from './test/test-database';

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

let t: TestApp;
let support: Actor;
let uploader: Actor;
beforeAll(async () => {
  t = await createTestApp();
  support = await t.actor({ permissions: ['merchants.create', 'merchants.support'] });
  uploader = await t.actor({ permissions: ['uploads.create', 'kyc.view'] });
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on a merchant password link, which carries a live token', async () => {
    const signup = await support.request('POST', '/v1/auth/signup', {
      body: {
        businessName: 'Cache Test Ltd',
        category: 'restaurant',
        state: 'LA',
        address: '1 Broad St',
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'cache@example.ng',
        phone: '0803 123 4567',
      },
    });
    expect(signup.status, signup.text).toBe(200);
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const link = await support.request('GET', '/v1/businesses/password_reset/link', { query: { email: 'cache@example.ng' } });
    expect(link.status, link.text).toBe(200);
    expect(link.body.link).toContain('token=');
    expect(link.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['a signed-in read', () => support.request('GET', '/v1/auth/admin/me'), 200],
    ['a 401 without a session', () => t.request('GET', '/v1/admin/list-admins'), 401],
    ['a 403 without the permission', () => uploader.request('GET', '/v1/admin/list-admins'), 403],
    ['a 400 for bad input', () => t.request('POST', '/v1/auth/admin/login', { body: { email: 'nope' } }), 400],
    ['a 404 for an unknown endpoint', () => t.request('GET', '/v1/no-such-thing'), 404],
    ['a 413 for a body over the limit', () => t.request('POST', '/v1/auth/admin/login', { rawBody: 'x'.repeat(1_048_577) }), 413],
  ])('is no-store on %s', async (_what, send, status) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the policy an answer chose for itself (a served file, a CSV)', async () => {
    const uploaded = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.pdf, name: 'policy.pdf' });
    const file = await uploader.request('GET', `/v1/uploads/${uploaded.body.upload.id}`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const boss = await t.actor({ role: 'super_admin' });
    const csv = await boss.request('GET', '/v1/admin/list-admins', { query: { download: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent over HTTPS', async () => {
    const answer = await t.app.request('https://console.traction.ng/health');
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
  });

  it('is not sent over plain HTTP', async () => {
    const answer = await t.app.request('http://console.traction.ng/health');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    // the other security headers stay
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    // The harness trusts the proxy.
    const proxied = await t.request('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    const plain = await t.request('GET', '/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    const untrusting = await createTestApp({ config: { trustProxy: false } });
    try {
      const claimed = await untrusting.request('GET', '/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.status).toBe(200);
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusting.close();
    }
  });
});

describe('download file names', () => {
  it('strips bidirectional controls from an uploaded name, stored and served', async () => {
    const uploaded = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.pdf, name: 'invoice\u202Efdp.exe', type: 'application/pdf' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.upload.originalName).toBe('invoicefdp.exe');
    const row = await t.db.selectFrom('uploads').select('original_name').where('id', '=', uploaded.body.upload.id).executeTakeFirstOrThrow();
    expect(row.original_name).not.toMatch(BIDI);

    const served = await uploader.request('GET', `/v1/uploads/${uploaded.body.upload.id}`);
    const disposition = served.headers.get('content-disposition')!;
    expect(disposition).toBe(`attachment; filename="invoicefdp.pdf"; filename*=UTF-8''invoicefdp.pdf`);
  });

  it('strips them when serving a name stored before names were cleaned', async () => {
    const uploaded = await uploadAs(t, uploader, { bytes: SAMPLE_FILES.pdf, name: 'statement.pdf' });
    await t.db.updateTable('uploads').set({ original_name: 'r\u00E9sum\u00E9\u2067\u202Efdp.exe' }).where('id', '=', uploaded.body.upload.id).execute();
    const served = await uploader.request('GET', `/v1/uploads/${uploaded.body.upload.id}`);
    const disposition = served.headers.get('content-disposition')!;
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe('r\u00E9sum\u00E9fdp.pdf');
    expect(disposition).toContain('filename="r_sum_fdp.pdf"');
    expect(decodeURIComponent(encoded)).not.toMatch(BIDI);
  });
});

/** What a raw socket received, and how the connection ended. */
interface RawExchange {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
  /** The server ended the connection in order (FIN), rather than only resetting it. */
  ended: boolean;
}

/**
 * Sends `head` and then `bodyBytes` of body (chunked or not) as fast as the socket takes them,
 * and reads everything the server answers until the connection closes. `readAfterMs` leaves the
 * answer unread that long, as a busy client would: a server that resets the connection instead
 * of closing it in order destroys an answer still waiting to be read.
 */
function rawExchange(port: number, head: string, options: { bodyBytes?: number; chunked?: boolean; readAfterMs?: number } = {}): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let ended = false;
    socket.on('data', (data) => received.push(data));
    socket.on('end', () => {
      ended = true;
      socket.destroy();
    });
    // Writing into a connection the server closed fails; what it answered is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no complete answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusLine, headers, body: text.slice(split + 4), ended });
    });
    const timer = setTimeout(() => socket.destroy(), 10_000);
    if (options.readAfterMs) {
      socket.pause();
      setTimeout(() => socket.resume(), options.readAfterMs);
    }
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < (options.bodyBytes ?? 0) && !socket.destroyed) {
        sent += chunk.length;
        const piece = options.chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      if (options.chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

describe('a body over the size limit', () => {
  it('is refused before its command runs, and audited as a refusal of that command by that admin', async () => {
    const before = await t.snapshot();
    const answer = await support.request('POST', '/v1/auth/signup', { rawBody: JSON.stringify({ businessName: 'x'.repeat(1_100_000) }) });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await t.snapshot()).toEqual(before);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['command_id', 'outcome', 'admin_id', 'message'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ command_id: 'merchants.signup', outcome: '413', admin_id: support.id });
    expect(row.message).toContain('larger than');
  });
});

describe('answers that close the connection, over a real socket', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      database: await openTestDatabase(),
      logger,
      demo: false,
      env: {},
      config: { scryptLogN: TEST_SCRYPT_LOG_N, maxBodyBytes: 64 * 1024, uploadMaxBytes: 16 * 1024 },
      providers: { email: new SandboxEmailProvider(logger) },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  const stillServes = async () => expect((await fetch(`${server.url}/health`)).status).toBe(200);

  it.each([
    ['a JSON body with a Content-Length', '/v1/auth/admin/login', 'application/json', false, 'The request body is larger than 65536 bytes'],
    ['a chunked JSON body', '/v1/auth/admin/login', 'application/json', true, 'The request body is larger than 65536 bytes'],
    ['an upload with a Content-Length', '/v1/uploads/', 'multipart/form-data; boundary=b', false, 'The file is larger than the 16 KB limit'],
    ['a chunked upload', '/v1/uploads/', 'multipart/form-data; boundary=b', true, 'The file is larger than the 16 KB limit'],
  ])(
    '413 for %s far over the limit: the whole answer arrives, saying Connection: close, then the server closes',
    async (_what, path, type, chunked, message) => {
      const bodyBytes = 4 * 1024 * 1024;
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bodyBytes}`;
      const answer = await rawExchange(port, `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\n${framing}\r\n\r\n`, {
        bodyBytes,
        chunked,
        readAfterMs: 300,
      });
      expect(answer.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['keep-alive']).toBeUndefined();
      expect(answer.headers['content-type']).toContain('application/json');
      expect(answer.body).toHaveLength(Number(answer.headers['content-length']));
      expect(JSON.parse(answer.body)).toMatchObject({ code: '413', message });
      expect(answer.ended).toBe(true);
      await stillServes();
    },
  );

  it('431 as JSON, with Connection: close, for headers over the limit', async () => {
    const answer = await rawExchange(port, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'p'.repeat(64 * 1024)}\r\n\r\n`, { readAfterMs: 300 });
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.body).toHaveLength(Number(answer.headers['content-length']));
    expect(JSON.parse(answer.body)).toEqual({ code: '431', message: 'The request headers are larger than the 16 KB limit' });
    expect(answer.ended).toBe(true);
    await stillServes();
  });

  it('400 as JSON, with Connection: close, for what is not HTTP', async () => {
    const answer = await rawExchange(port, 'HELLO THERE\r\n\r\n', { readAfterMs: 300 });
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ code: '400', message: 'The request is not valid HTTP' });
    expect(answer.ended).toBe(true);
    await stillServes();
  });

  it('keeps the connection open for an answer that does not close it', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let text = '';
      socket.on('data', (data) => {
        text += data.toString();
        if (text.includes('"status"')) {
          socket.destroy();
          resolve(text);
        }
      });
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer.toLowerCase()).toContain('connection: keep-alive');
  });
});
