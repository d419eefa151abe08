import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpEmailProvider } from './providers/email/http-email';
import { SandboxEmailProvider } from './providers/email/sandbox-email';
import { startServer, type RunningServer, type StartOptions } from './start-server';
import { createTestApp, TEST_SCRYPT_LOG_N } from './test/harness';
import { openTestDatabase } from './test/test-database';

const ROOT = 'root@traction.ng';
const PASSWORD = 'mailbox-test-password';

/** This machine's first address on a real interface, to call from as another machine would. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

/** Log lines written at warn level or above, as parsed JSON. */
function capturingLogger() {
  const lines: { level: number; msg: string; host?: string; sandboxes?: string[] }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function start(options: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir: 'memory://',
    database: await openTestDatabase(),
    logger: pino({ level: 'silent' }),
    demo: false,
    env: { TRACTION_ADMIN_EMAIL: ROOT, TRACTION_ADMIN_PASSWORD: PASSWORD },
    config: { scryptLogN: TEST_SCRYPT_LOG_N },
    ...options,
  });
}

/** Asks for a device code the way a new device does: the sandbox mails one to ROOT. */
async function requestDeviceCode(base: string): Promise<void> {
  const answer = await fetch(`${base}/v1/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: ROOT,
      password: PASSWORD,
      device: { deviceId: `dev-mailbox-${Date.now()}`, deviceModel: 'node', browserName: 'vitest', browserVersion: '4' },
    }),
  });
  expect(((await answer.json()) as { code: string }).code).toBe('secret');
}

const mailbox = (base: string, headers: Record<string, string> = {}) => fetch(`${base}/sandbox/mailbox?to=${encodeURIComponent(ROOT)}`, { headers });

describe('the sandbox mailbox on a server bound to loopback (the default)', () => {
  let server: RunningServer;
  const warnings = capturingLogger();
  beforeAll(async () => {
    server = await start({ logger: warnings.logger, providers: { email: new SandboxEmailProvider(pino({ level: 'silent' })) } });
    await requestDeviceCode(server.url);
  });
  afterAll(() => server.close());

  it('listens on 127.0.0.1 and answers at the localhost URL it gives, without warnings', async () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(server.warnings).toEqual([]);
    expect(warnings.lines).toEqual([]);
  });

  it.skipIf(!outsideAddress)('cannot be reached from another interface', async () => {
    const port = Number(new URL(server.url).port);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, outsideAddress!);
      socket.on('connect', () => resolve('connected'));
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('shows the codes to a caller on this machine, uncached', async () => {
    const answer = await mailbox(server.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { items } = (await answer.json()) as { items: { kind: string; to: string; data: { code?: string } }[] };
    expect(items[0]).toMatchObject({ kind: 'device-code', to: ROOT });
    expect(items[0]!.data.code).toMatch(/^[A-Z2-9]{4}$/);
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['X-Forwarded-For naming loopback', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
  ])('is a 404 when a proxy on this machine relays the request (%s)', async (_header, headers) => {
    const answer = await mailbox(server.url, headers);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ code: '404', message: 'No such endpoint: GET /sandbox/mailbox' });
  });
});

describe('the sandbox mailbox elsewhere', () => {
  it('is a 404 in-process, where there is no socket to vouch for the caller', async () => {
    const t = await createTestApp();
    try {
      const answer = await t.request('GET', '/sandbox/mailbox');
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('404');
    } finally {
      await t.close();
    }
  });

  it('is a 404 behind a trusted proxy, even when X-Forwarded-For says loopback', async () => {
    const server = await start({ config: { scryptLogN: TEST_SCRYPT_LOG_N, trustProxy: true } });
    try {
      expect((await mailbox(server.url)).status).toBe(200);
      expect((await mailbox(server.url, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('is a 404 on a server with a real mailer, even from this machine', async () => {
    const email = new HttpEmailProvider({ url: 'http://127.0.0.1:9/send', apiKey: 'unused', from: 'no-reply@traction.ng' });
    const server = await start({ providers: { email } });
    try {
      const answer = await mailbox(server.url);
      expect(answer.status).toBe(404);
      expect(((await answer.json()) as { message: string }).message).toBe('No such endpoint: GET /sandbox/mailbox');
    } finally {
      await server.close();
    }
  });

  it.skipIf(!outsideAddress)('on every interface: a 404 to other machines, the codes to this one, and a loud warning', async () => {
    const { logger, lines } = capturingLogger();
    const server = await start({ host: '0.0.0.0', logger });
    try {
      const port = new URL(server.url).port;
      expect(server.url).toBe(`http://localhost:${port}`);
      await requestDeviceCode(server.url);
      expect((await mailbox(server.url)).status).toBe(200);
      const fromOutside = await mailbox(`http://${outsideAddress}:${port}`);
      expect(fromOutside.status).toBe(404);

      expect(server.warnings).toHaveLength(1);
      expect(server.warnings[0]).toMatch(/sandbox email, banks, transfers, SMS, marketing list and help desk providers serve 0\.0\.0\.0/);
      expect(server.warnings[0]).toContain('support requests never reach the help desk');
      expect(server.warnings[0]).toContain('TRACTION_SMS_PROVIDER=http, TRACTION_MARKETING_PROVIDER=http, TRACTION_HELP_DESK_PROVIDER=http');
      expect(server.warnings[0]).toContain('HOST=127.0.0.1');
      expect(lines).toEqual([
        expect.objectContaining({
          level: 40,
          host: '0.0.0.0',
          sandboxes: ['email', 'banks', 'transfers', 'sms', 'marketing', 'helpDesk'],
          msg: server.warnings[0],
        }),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('NODE_ENV=production', () => {
  const production = { NODE_ENV: 'production', TRACTION_ADMIN_EMAIL: ROOT, TRACTION_ADMIN_PASSWORD: PASSWORD };
  const httpEmail = { TRACTION_EMAIL_PROVIDER: 'http', TRACTION_EMAIL_URL: 'http://127.0.0.1:9/send', TRACTION_EMAIL_API_KEY: 'unused' };
  const gateways = (prefix: string, names: string[]) =>
    Object.fromEntries(
      names.flatMap((name) => [
        [`${prefix}${name}_URL`, 'http://127.0.0.1:9'],
        [`${prefix}${name}_API_KEY`, 'unused'],
      ]),
    );
  const httpBanks = { TRACTION_BANKS: 'http', ...gateways('TRACTION_', ['WEMA', 'VFD', 'PROVIDUS']) };
  const httpTransfers = { TRACTION_TRANSFER_PROVIDERS: 'http', ...gateways('TRACTION_TRANSFER_', ['PROVIDUS', 'VFD', 'WEMA']) };
  const httpSms = { TRACTION_SMS_PROVIDER: 'http', TRACTION_SMS_URL: 'http://127.0.0.1:9', TRACTION_SMS_API_KEY: 'unused', TRACTION_SMS_SENDER: 'Traction' };
  const httpMarketing = { TRACTION_MARKETING_PROVIDER: 'http', TRACTION_MARKETING_API_KEY: 'unused', TRACTION_MARKETING_LIST_ID: '7' };
  const httpHelpDesk = {
    TRACTION_HELP_DESK_PROVIDER: 'http',
    TRACTION_HELP_DESK_URL: 'http://127.0.0.1:9',
    TRACTION_HELP_DESK_TOKEN: 'unused',
    TRACTION_HELP_DESK_ORG_ID: '1',
    TRACTION_HELP_DESK_DEPARTMENT_ID: '2',
  };
  const httpMessaging = { ...httpSms, ...httpMarketing, ...httpHelpDesk };

  it.each([
    [
      'every sandbox',
      {},
      /email, banks, transfers, SMS, marketing list and help desk providers are sandboxes\. Set TRACTION_EMAIL_PROVIDER=http .* and TRACTION_BANKS=http .* and TRACTION_TRANSFER_PROVIDERS=http .* and TRACTION_SMS_PROVIDER=http .* and TRACTION_MARKETING_PROVIDER=http .* and TRACTION_HELP_DESK_PROVIDER=http .*TRACTION_ALLOW_SANDBOX=true/,
    ],
    [
      'the sandbox banks',
      { ...httpEmail, ...httpTransfers, ...httpMessaging },
      /banks provider is a sandbox\. Set TRACTION_BANKS=http with TRACTION_\{WEMA,VFD,PROVIDUS\}_URL and _API_KEY; or set TRACTION_ALLOW_SANDBOX=true/,
    ],
    [
      'the sandbox transfer providers',
      { ...httpEmail, ...httpBanks, ...httpMessaging },
      /transfers provider is a sandbox\. Set TRACTION_TRANSFER_PROVIDERS=http with TRACTION_TRANSFER_\{PROVIDUS,VFD,WEMA\}_URL and _API_KEY; or set TRACTION_ALLOW_SANDBOX=true/,
    ],
    [
      'the sandbox SMS gateway',
      { ...httpEmail, ...httpBanks, ...httpTransfers, ...httpMarketing, ...httpHelpDesk },
      /SMS provider is a sandbox\. Set TRACTION_SMS_PROVIDER=http with TRACTION_SMS_URL, TRACTION_SMS_API_KEY and TRACTION_SMS_SENDER; or set TRACTION_ALLOW_SANDBOX=true/,
    ],
    [
      'the sandbox marketing list and help desk',
      { ...httpEmail, ...httpBanks, ...httpTransfers, ...httpSms },
      /marketing list and help desk providers are sandboxes\. Set TRACTION_MARKETING_PROVIDER=http with TRACTION_MARKETING_API_KEY and TRACTION_MARKETING_LIST_ID, and TRACTION_HELP_DESK_PROVIDER=http with TRACTION_HELP_DESK_URL, TRACTION_HELP_DESK_TOKEN, TRACTION_HELP_DESK_ORG_ID and TRACTION_HELP_DESK_DEPARTMENT_ID; or set TRACTION_ALLOW_SANDBOX=true/,
    ],
  ])('refuses to start with %s, naming the variables to set', async (_what, env, message) => {
    // No database given: the one it opens must be closed again by the refusal.
    await expect(
      startServer({ port: 0, dataDir: 'memory://', logger: pino({ level: 'silent' }), demo: false, env: { ...production, ...env } }),
    ).rejects.toThrow(message);
  });

  it('starts with every provider real, without warnings', async () => {
    const server = await start({ env: { ...production, ...httpEmail, ...httpBanks, ...httpTransfers, ...httpMessaging }, host: '0.0.0.0' });
    try {
      expect(server.warnings).toEqual([]);
      expect(server.deps.providers.sms.mode).toBe('http');
      expect(server.deps.providers.marketing.mode).toBe('http');
      expect(server.deps.providers.helpDesk.mode).toBe('http');
    } finally {
      await server.close();
    }
  });

  it('starts with sandboxes when TRACTION_ALLOW_SANDBOX=true', async () => {
    const server = await start({ env: { ...production, TRACTION_ALLOW_SANDBOX: 'true' } });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
