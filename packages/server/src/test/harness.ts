import { checkLedger } from '../domains/ledger/index';
import { liveLedgers } from './live-ledgers';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import type { Permission, Role } from '@traction/core';
import { createApp } from '../app';
import { manualClock } from '../clock';
import { defaultConfig, type ServerConfig } from '../config';
import type { Db, OpenedDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import type { AppDeps } from '../deps';
import { hashPassword } from '../domains/auth/index';
import { SandboxEmailProvider } from '../providers/email/sandbox-email';
import { LocalFileStore } from '../providers/files/local-file-store';
import { fixedAccountDirectory } from '../providers/banks/fixed-account-directory';
import { sandboxBanks } from '../providers/banks/sandbox-bank';
import { sandboxTransferProviders } from '../providers/transfers/sandbox-transfer-provider';
import { SandboxLoanBook } from '../providers/loan-books/sandbox-loan-book';
import { SandboxMarketingList } from '../providers/marketing/sandbox-marketing-list';
import { SandboxSmsGateway } from '../providers/sms/sandbox-sms';
import { SandboxHelpDesk } from '../providers/help-desk/sandbox-help-desk';
import { jobRegistry, runDueJobs } from '../domains/jobs/index';
import { jobDefinitions } from '../jobs';
import { openTestDatabase } from './test-database';

/** Cheap scrypt for tests; production uses 17 (a test checks the default). */
export const TEST_SCRYPT_LOG_N = 10;

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  query?: Record<string, string>;
  token?: string;
  deviceId?: string;
  headers?: Record<string, string>;
}

/**
 * The body type of an answer read without naming its shape: tests call hundreds of endpoints and
 * check the fields they care about at run time, so the harness reads JSON loosely by default.
 * Pass `T` to `request` (or use `TestResponse<T>`) to have the compiler check a body's shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: the harness's deliberate default; a test's assertions check the fields it reads (a typed T is opt-in)
export type LooseBody = any;

export interface TestResponse<T = LooseBody> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface Actor {
  id: number;
  email: string;
  password: string;
  token: string;
  deviceId: string;
  /** Sends a request as this admin from their device. */
  request<T = LooseBody>(method: string, path: string, options?: Omit<RequestOptions, 'token' | 'deviceId'>): Promise<TestResponse<T>>;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A migrated database, the app over it, a sandbox mailbox, a clock that moves when told, and sign-in helpers. */
export async function createTestApp(options: { config?: Partial<ServerConfig> } = {}) {
  const database: OpenedDatabase = await openTestDatabase();
  await migrate(database.db);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const email = new SandboxEmailProvider(logger, { timeoutMs: 50 });
  // Uploaded bytes go to a folder of this test's own, removed by close().
  const uploadDir = mkdtempSync(join(tmpdir(), 'traction-uploads-'));
  const files = new LocalFileStore(uploadDir);
  const clock = manualClock(new Date('2026-11-21T09:00:00.000Z'));
  // Sandbox banks over this database; a provoked timeout gives up after 50 ms.
  const banks = sandboxBanks({ directory: fixedAccountDirectory(database.db), timeoutMs: 50, now: () => clock.now() });
  // Sandbox transfer providers keeping what they receive in this database, on the test's clock: a
  // pending transfer turns final when the test moves the clock a minute on.
  const transfers = sandboxTransferProviders(database.db, { latencyMs: 0, timeoutMs: 50, pendingSeconds: 60, now: () => clock.now() });
  // The loan book's import, its outage switched by the test (`loanBook.setOutage`).
  const loanBook = new SandboxLoanBook();
  // The email-marketing list on the test's clock, its limits and outage set by the test (`marketing.configure`, `setOutage`).
  const marketing = new SandboxMarketingList({ now: () => clock.now() });
  // The SMS gateway of broadcasts, fast for tests; its failures and outage provoked by the test (`sms.setOutage`).
  const sms = new SandboxSmsGateway({ ratePerSecond: 1_000 });
  // The help desk support requests go to; its outage provoked by the test (`helpDesk.setOutage`).
  const helpDesk = new SandboxHelpDesk();
  const deps: AppDeps = {
    db: database.db,
    copier: database.copier,
    config: { ...defaultConfig, scryptLogN: TEST_SCRYPT_LOG_N, trustProxy: true, ...options.config },
    providers: { email, files, banks, transfers, loanBook, marketing, sms, helpDesk },
    clock,
    logger,
  };
  const app = createApp(deps);
  const jobs = jobRegistry(jobDefinitions);
  const passwordHash = new Map<string, string>();
  const ledger = soundLedgerCheck(database.db);
  liveLedgers.add(ledger);

  async function request<T = LooseBody>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.deviceId) headers['device-id'] = opts.deviceId;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const url = opts.query ? `${path}?${new URLSearchParams(opts.query)}` : path;
    const response = await app.request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // CSV and other text answers stay text
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  const device = (deviceId: string) => ({ deviceId, deviceModel: 'Test rig', browserName: 'Vitest', browserVersion: '4', deviceType: 'browser' as const });

  /** Signs in through the real flow: password, emailed device code, device login. */
  async function signIn(emailAddress: string, password: string, deviceId = `dev-${randomUUID()}`) {
    const first = await request('POST', '/v1/auth/admin/login', { body: { email: emailAddress, password, device: device(deviceId) } });
    if (first.status !== 200) throw new Error(`login failed: ${first.status} ${first.text}`);
    if (first.body.code === 200) return { token: first.body.token as string, deviceId, body: first.body };
    const code = email.latest(emailAddress, 'device-code')?.data.code;
    const second = await request('POST', '/v1/auth/admin/device-login', { body: { email: emailAddress, code, device: device(deviceId) } });
    if (second.status !== 200) throw new Error(`device login failed: ${second.status} ${second.text}`);
    return { token: second.body.token as string, deviceId, body: second.body };
  }

  /** Creates an admin straight in the database, with a password. */
  async function insertAdmin(args: { role?: Role; permissions?: Permission[]; departmentIds?: number[]; email?: string; password?: string } = {}) {
    const password = args.password ?? 'correct-horse-battery';
    const hash = passwordHash.get(password) ?? (await hashPassword(password, TEST_SCRYPT_LOG_N));
    passwordHash.set(password, hash);
    const address = args.email ?? `admin-${randomUUID().slice(0, 8)}@traction.ng`;
    const { id } = await database.db
      .insertInto('admins')
      .values({ email: address, first_name: 'Test', last_name: address.split('@')[0]!, role: args.role ?? 'staff', password_hash: hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (args.permissions?.length) {
      await database.db
        .insertInto('admin_permissions')
        .values(args.permissions.map((permission) => ({ admin_id: id, permission })))
        .execute();
    }
    if (args.departmentIds?.length) {
      await database.db
        .insertInto('admin_departments')
        .values(args.departmentIds.map((department_id) => ({ admin_id: id, department_id })))
        .execute();
    }
    return { id, email: address, password };
  }

  /** An admin, signed in on their own approved device. */
  async function actor(args: Parameters<typeof insertAdmin>[0] = {}): Promise<Actor> {
    const admin = await insertAdmin(args);
    const session = await signIn(admin.email, admin.password);
    return {
      ...admin,
      token: session.token,
      deviceId: session.deviceId,
      request: (method, path, opts = {}) => request(method, path, { ...opts, token: session.token, deviceId: session.deviceId }),
    };
  }

  /** A fingerprint of every business table, to prove a refused command changed nothing. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = [
      'admins',
      'departments',
      'department_permissions',
      'admin_departments',
      'admin_permissions',
      'admin_devices',
      'admin_sessions',
      'password_tokens',
      'businesses',
      'business_users',
      'business_user_tokens',
      'stores',
      'bank_accounts',
      'wallets',
      'fixed_accounts',
      'business_events',
      'support_issues',
      'kyc_records',
      'kyc_events',
      'saved_views',
      'client_errors',
      'approval_policies',
      'approval_policy_bands',
      'approval_requests',
      'wallet_tier_limits',
      'wallet_settings',
      'cashback_rules',
      'business_cashback',
    ];
    // One statement for every table: a round trip per table made this a third of the time of
    // the bad-input test, which takes a fingerprint after each of its thousands of cases.
    const digests = sql.join(
      tables.map((table) => sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(table)} t) as ${sql.ref(table)}`),
    );
    const row = (await sql<Record<string, string | null>>`select ${digests}`.execute(database.db)).rows[0];
    const out: Record<string, string> = {};
    for (const table of tables) out[table] = row?.[table] ?? '';
    return out;
  }

  return {
    app,
    deps,
    db: database.db,
    email,
    clock,
    request,
    device,
    signIn,
    insertAdmin,
    actor,
    snapshot,
    files,
    uploadDir,
    banks,
    transfers,
    loanBook,
    marketing,
    sms,
    helpDesk,
    /** Runs the background jobs that are due by the test's clock (no worker runs by itself in tests); answers how many ran. */
    runJobs: (jobOptions: Parameters<typeof runDueJobs>[2] = {}) => runDueJobs(deps, jobs, jobOptions),
    close: async () => {
      liveLedgers.delete(ledger);
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * Checks the ledger when a test has posted since the last look (the newest transfer id moved):
 * a failing check fails the test that broke it, with what differs.
 */
function soundLedgerCheck(db: Db) {
  let seen: string | null = null;
  return {
    async assertSound() {
      const newest = await sql<{ id: string | null }>`select max(id)::text as id from ledger_transfers`.execute(db);
      const id = newest.rows[0]?.id ?? null;
      if (id === seen) return;
      seen = id;
      const check = await checkLedger(db);
      if (!check.ok) throw new Error(`The ledger check fails after this test:\n${JSON.stringify(check.differences, null, 2)}`);
    },
  };
}
