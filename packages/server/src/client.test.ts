import { DEVICE_NOT_RECOGNIZED_MESSAGE, deviceLogin, grantPermissions, listAdmins, listAuditLog, login, whoami } from '@traction/core';
import { type ClientError, createClient, memoryStore, STORAGE_KEYS, type TractionClient } from '@traction/core/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './start-server';
import { SandboxEmailProvider } from './providers/email/sandbox-email';
import { TEST_SCRYPT_LOG_N } from './test/harness';
import { openTestDatabase } from './test/test-database';

// The core client against the real server over HTTP: what the console and the CLI rely on.
let server: RunningServer;
let email: SandboxEmailProvider;
const password = 'client-test-password';

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  email = new SandboxEmailProvider(logger);
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database: await openTestDatabase(),
    logger,
    demo: false,
    env: { TRACTION_ADMIN_EMAIL: 'root@traction.ng', TRACTION_ADMIN_PASSWORD: password },
    config: { scryptLogN: TEST_SCRYPT_LOG_N },
    providers: { email },
  });
});
afterAll(() => server.close());

async function signedInClient(onFailure?: (e: ClientError) => void): Promise<TractionClient> {
  const client = createClient({ baseURL: server.url, store: memoryStore(), ...(onFailure ? { onFailure } : {}) });
  const device = { deviceId: client.deviceId, deviceModel: 'node', browserName: 'vitest', browserVersion: '4' };
  const first = await client.call(login, { email: 'root@traction.ng', password, device });
  const answer =
    first.code === 200
      ? first
      : await client.call(deviceLogin, { email: 'root@traction.ng', code: email.latest('root@traction.ng', 'device-code')!.data.code!, device });
  client.store.set(STORAGE_KEYS.token, answer.token);
  return client;
}

describe('the core client', () => {
  it('keeps the stored session when a sign-in is refused for a wrong password', async () => {
    const client = await signedInClient();
    const token = client.store.get(STORAGE_KEYS.token);
    const device = { deviceId: client.deviceId, deviceModel: 'node', browserName: 'vitest', browserVersion: '4' };
    const refused = await client.attempt(login, { email: 'root@traction.ng', password: 'not-the-password', device });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.status).toBe(401);
      expect(refused.error.kind).toBe('rejected');
    }
    expect(client.store.get(STORAGE_KEYS.token)).toBe(token);
    expect((await client.call(whoami, {})).user.email).toBe('root@traction.ng');
  });

  it('creates a device id once and keeps it', () => {
    const store = memoryStore();
    const a = createClient({ baseURL: server.url, store });
    const b = createClient({ baseURL: server.url, store });
    expect(a.deviceId).toMatch(/^dev-[0-9a-f]{32}$/);
    expect(b.deviceId).toBe(a.deviceId);
  });

  it('signs in through the device code and calls commands with the bearer token and device id', async () => {
    const client = await signedInClient();
    const me = await client.call(whoami, {});
    expect(me.user.email).toBe('root@traction.ng');
    expect(me.session.deviceId).toBe(client.deviceId);
    const admins = await client.call(listAdmins, { search: 'root' });
    expect(admins.items.map((a) => a.email)).toEqual(['root@traction.ng']);
  });

  it('sends the idempotency key and gets the same answer twice', async () => {
    const client = await signedInClient();
    // Not the super admin: they hold every permission already, and a grant to them is refused.
    const { id } = await server.deps.db
      .insertInto('admins')
      .values({ email: 'clerk@traction.ng', first_name: 'Clerk', last_name: 'Keeper', role: 'staff' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = await client.call(grantPermissions, { user_id: id, permissions: ['audit.view'] }, { idempotencyKey: 'client-key-0001' });
    const b = await client.call(grantPermissions, { user_id: id, permissions: ['audit.view'] }, { idempotencyKey: 'client-key-0001' });
    expect(b).toEqual(a);
  });

  it("clears the stored session on error code '401'", async () => {
    const seen: string[] = [];
    const client = await signedInClient((e) => seen.push(e.kind));
    client.store.set(STORAGE_KEYS.user, '{"id":1}');
    client.store.set(STORAGE_KEYS.token, 'tra_not-a-real-token');
    const result = await client.attempt(whoami, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('session-expired');
    expect(client.store.get(STORAGE_KEYS.token)).toBeNull();
    expect(client.store.get(STORAGE_KEYS.user)).toBeNull();
    expect(client.store.get(STORAGE_KEYS.deviceId)).toBe(client.deviceId);
    expect(seen).toEqual(['session-expired']);
  });

  it('tells the device-not-recognised message apart from an ended session', async () => {
    const client = await signedInClient();
    const token = client.store.get(STORAGE_KEYS.token)!;
    const elsewhere = createClient({ baseURL: server.url, store: memoryStore({ [STORAGE_KEYS.token]: token }) });
    const result = await elsewhere.attempt(whoami, {});
    expect(result.ok || result.error.kind).toBe('device-not-recognized');
    if (!result.ok) expect(result.error.userMessage).toBe(DEVICE_NOT_RECOGNIZED_MESSAGE);
    expect(elsewhere.store.get(STORAGE_KEYS.token)).toBe(token);
  });

  it('classifies 400, 404 and unreachable servers, saying method, path and status', async () => {
    const client = await signedInClient();
    const invalid = await client.attempt(listAuditLog, { startdatetime: 'yesterday' });
    expect(!invalid.ok && invalid.error.kind).toBe('rejected');
    if (!invalid.ok) {
      expect(invalid.error.message).toContain('[GET] "/v1/admin/audit-logs": 400');
      expect(invalid.error.details?.fields?.[0]?.field).toBe('startdatetime');
    }
    const missing = await client.attempt(grantPermissions, { user_id: 424242, permissions: ['audit.view'] });
    expect(!missing.ok && missing.error.kind).toBe('not-found');
    const offline = createClient({ baseURL: 'http://127.0.0.1:9', store: memoryStore(), timeoutMs: 2_000 });
    const down = await offline.attempt(whoami, {});
    expect(!down.ok && down.error.kind).toBe('network');
  });

  it('streams a CSV export', async () => {
    const client = await signedInClient();
    const response = await client.download(listAdmins, {});
    const text = await new Response(response.body).text();
    expect(text).toContain('root@traction.ng');
  });
});

describe('the server process', () => {
  it('finishes in-flight requests when shut down, then stops listening', async () => {
    const logger = pino({ level: 'silent' });
    const mail = new SandboxEmailProvider(logger);
    const local = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory://',
      logger,
      demo: false,
      env: { TRACTION_ADMIN_EMAIL: 'root@traction.ng', TRACTION_ADMIN_PASSWORD: password },
      // A costly hash keeps the sign-in in flight while the server closes.
      config: { scryptLogN: 16 },
      providers: { email: mail },
    });
    const inFlight = fetch(`${local.url}/v1/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@traction.ng', password, device: { deviceId: 'dev-shutdown-01' } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = local.close();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { code: string }).code).toBe('secret');
    await closed;
    await expect(fetch(`${local.url}/health`)).rejects.toThrow();
  });
});
