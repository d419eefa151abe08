import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandOutput, ErrorBody, listAuditLog, listFixedAccounts, login } from '@traction/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, killServerProcess, type ServerProcess, signInToServer, startServerProcess } from './test/server-process';
import { createScratchDatabase } from './test/test-database';

/**
 * `kill -9` in the middle of a command that carries an Idempotency-Key, then a new server on
 * the same database: the retry with the same key runs (the claim died with the transaction it
 * was made in), and every later retry replays its answer. On PGlite (a data folder) and, with
 * DATABASE_URL, on PostgreSQL.
 */

const ROOT = 'root@traction.ng';
const ROOT_PASSWORD = 'crash-test-root-passphrase';
const DEVICE = { deviceId: 'dev-crash-test-runner', deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'cli' };

/** The JSON answers the tests below read. */
type LoginAnswer = CommandOutput<typeof login>;
type AuditLogPage = CommandOutput<typeof listAuditLog>;
type FixedAccountsPage = CommandOutput<typeof listFixedAccounts>;

type Child = ServerProcess;

let location: { dataDir: string; databaseUrl?: string };
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'traction-crash-'));
    location = { dataDir: join(dir, 'pglite') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return;
  }
  const scratch = await createScratchDatabase(serverUrl);
  location = { dataDir: '', databaseUrl: scratch.url };
  cleanup = () => scratch.drop();
});
afterAll(() => cleanup());

function startChild(extra: Record<string, string> = {}): Promise<Child> {
  return startServerProcess(location, {
    TRACTION_ADMIN_EMAIL: ROOT,
    TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD,
    // A slow password hash (about a second): the window the crash lands in.
    TRACTION_SCRYPT_LOG_N: '18',
    TRACTION_DEMO: 'false',
    ...extra,
  });
}

const kill = killServerProcess;

/** One JSON call to the server, from the test's device; `T` is the JSON body the caller expects. */
const call = <T = unknown>(child: Child, method: string, path: string, options: { body?: unknown; token?: string; key?: string } = {}) =>
  callServer<T>(child.url, method, path, { ...options, deviceId: DEVICE.deviceId });

const signInRoot = (child: Child) => signInToServer(child.url, ROOT, ROOT_PASSWORD, DEVICE);

describe('an Idempotency-Key whose request died with its server', () => {
  it('is free again after a restart, and the work happens exactly once', async () => {
    let server = await startChild();
    try {
      const token = await signInRoot(server);
      const created = await call(server, 'POST', '/v1/admin/signup', { token, body: { email: 'tunde@traction.ng', firstName: 'Cr', lastName: 'Ash' } });
      expect(created.status).toBe(200);
      const mail = (await (await fetch(`${server.url}/sandbox/mailbox?to=tunde@traction.ng`)).json()) as { items: { data: { token: string } }[] };
      const link = mail.items[0]!.data.token;
      const setPassword = () =>
        call(server, 'POST', '/v1/admin/password/set', { key: 'set-password-crash-01', body: { token: link, password: 'survived-a-restart' } });

      // Killed while hashing the password, inside the command's transaction.
      const inFlight = setPassword().catch(() => 'connection lost');
      await new Promise((resolve) => setTimeout(resolve, 250));
      await kill(server);
      expect(await inFlight).toBe('connection lost');

      server = await startChild();
      const retried = await setPassword();
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.replayed).toBe(false);
      const again = await setPassword();
      expect(again).toMatchObject({ status: 200, replayed: true });

      const after = await signInRoot(server);
      const audit = await call<AuditLogPage>(server, 'GET', '/v1/admin/audit-logs?command=auth.password.set', { token: after });
      expect(audit.body.items.filter((e) => e.outcome === 'ok')).toHaveLength(1);
      const signIn = await call<LoginAnswer>(server, 'POST', '/v1/auth/admin/login', {
        body: { email: 'tunde@traction.ng', password: 'survived-a-restart', device: DEVICE },
      });
      expect(signIn.body.code).toBe('secret');
    } finally {
      await kill(server).catch(() => undefined);
    }
  }, 180_000);
});

describe('an Idempotency-Key held by a command that asks a bank first', () => {
  it('is taken over once its request died, instead of staying "in progress"', async () => {
    // Demo merchants for a Providus account; a bank that takes 30 s (a session ending 999); a short lease.
    const settings = { TRACTION_DEMO: 'true', TRACTION_DEMO_MERCHANTS: '20', TRACTION_BANK_TIMEOUT_MS: '30000', TRACTION_IDEMPOTENCY_LEASE_SECONDS: '2' };
    let server = await startChild(settings);
    try {
      let token = await signInRoot(server);
      const accounts = await call<FixedAccountsPage>(server, 'GET', '/v1/payments/admin/fixedaccounts/businesses?bank=PROVIDUS', { token });
      const accountNumber = accounts.body.items[0]!.accountNumber;
      const body = { accountNumber, sessionId: '100004231121093512345678901999' };
      const repush = () => call<ErrorBody>(server, 'POST', '/v1/payments/providus/repush', { token, key: 'repush-crash-0001', body });

      const inFlight = repush().catch(() => 'connection lost');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await kill(server);
      expect(await inFlight).toBe('connection lost');

      server = await startChild(settings);
      token = await signInRoot(server);
      // Within the lease the key may still be held; after it, the retry runs. Providus's answer
      // for the first attempt is unknown, so the domain refuses a second re-push and says why.
      const deadline = Date.now() + 15_000;
      let retried = await repush();
      while (retried.body.details?.reason === 'idempotency_in_progress' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        retried = await repush();
      }
      expect(retried.status).toBe(409);
      expect(retried.body.details?.reason).toMatch(/^repush_/);
      expect(await repush()).toMatchObject({ status: 409, replayed: true });
    } finally {
      await kill(server).catch(() => undefined);
    }
  }, 180_000);
});
