import { cpSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { openDatabase, SandboxEmailProvider, startServer, type RunningServer, type StartOptions } from '@traction/server';
import { LocalFileStore, openTestDatabase } from '@traction/server/testing';
import { DEMO_SNAPSHOT_ENV, DEMO_UPLOADS_ENV } from './demo-snapshot-names';

export const ROOT_EMAIL = 'root@traction.ng';
export const ROOT_PASSWORD = 'e2e-root-password';
const WEB_DIST = fileURLToPath(new URL('../packages/web/dist', import.meta.url));

export interface ConsoleServerOptions {
  /**
   * Start as a first `npm start` does, without TRACTION_ADMIN_PASSWORD: the super admin gets a
   * generated one-time password (`server.bootstrap.generatedPassword`) to replace at the first sign-in.
   */
  generatedPassword?: boolean;
  /** Demo merchants to load (default 600). */
  demoMerchants?: number;
  /** Demo payment logs to load (default 3,000: every payments list pages, and it loads in about a second). */
  demoPayments?: number;
  /** A database to use instead of a fresh one (a restart: the same database behind a new server). */
  database?: StartOptions['database'];
  /** The port to listen on (a restart keeps the browser's origin and its sign-in); any free one by default. */
  port?: number;
  /** Providers to use instead of the sandboxes made from the environment (a sandbox the test switches into an outage). */
  providers?: StartOptions['providers'];
  /** False: this process runs no job worker (TRACTION_JOBS=off), so jobs wait for another, or a restart. */
  jobs?: boolean;
}

/**
 * The real server with the built console, on a fresh database, for one browser test file.
 *
 * With the default demo data set, the database starts as a copy of the one the run's global setup
 * seeded (e2e/demo-snapshot.ts) and its uploads as a copy of that one's: the seeds find their data
 * there and skip, instead of every file spending 15 s of a 2-core machine loading it again.
 */
export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<{ server: RunningServer; email: SandboxEmailProvider }> {
  const logger = pino({ level: 'silent' });
  const email = new SandboxEmailProvider(logger);
  const seeded = options.database || options.generatedPassword || options.demoMerchants || options.demoPayments ? undefined : await seededDemo();
  const server = await startServer({
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database: options.database ?? seeded?.database ?? (await openTestDatabase()),
    logger,
    demo: true,
    // enough demo merchants for every list to page, few enough to load in a second or two
    demoMerchants: options.demoMerchants ?? 600,
    demoPayments: options.demoPayments ?? 3_000,
    // every terminal the payments name, and a fleet that pages
    demoTerminals: 1_000,
    env: {
      TRACTION_ADMIN_EMAIL: ROOT_EMAIL,
      ...(options.generatedPassword ? {} : { TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD }),
      ...(options.jobs === false ? { TRACTION_JOBS: 'off' } : {}),
    },
    // Tests change permissions and sessions straight in the database, as another server process
    // would: the session is read on every request (the running server keeps it 2 s).
    config: { scryptLogN: 10, webDistDir: WEB_DIST, sessionCacheMs: 0 },
    providers: { email, ...(seeded ? { files: seeded.files } : {}), ...options.providers },
  });
  return { server, email };
}

let snapshotBytes: Promise<Blob> | undefined;

/** A copy of the global setup's seeded database and of its uploads, when it made them (not on DATABASE_URL). */
async function seededDemo(): Promise<{ database: NonNullable<StartOptions['database']>; files: LocalFileStore } | undefined> {
  const snapshot = process.env[DEMO_SNAPSHOT_ENV];
  const uploads = process.env[DEMO_UPLOADS_ENV];
  if (!snapshot || !uploads) return undefined;
  snapshotBytes ??= readFile(snapshot).then((bytes) => new Blob([bytes]));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await snapshotBytes });
  // Inside the setup's folder, which goes when the run ends.
  const copy = mkdtempSync(join(uploads, '..', 'uploads-'));
  cpSync(uploads, copy, { recursive: true });
  return { database, files: new LocalFileStore(copy) };
}
