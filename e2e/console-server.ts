import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { SandboxEmailProvider, startServer, type RunningServer, type StartOptions } from '@traction/server';
import { openTestDatabase } from '@traction/server/testing';

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
}

/** The real server with the built console, on a fresh database, for one browser test file. */
export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<{ server: RunningServer; email: SandboxEmailProvider }> {
  const logger = pino({ level: 'silent' });
  const email = new SandboxEmailProvider(logger);
  const server = await startServer({
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    database: options.database ?? (await openTestDatabase()),
    logger,
    demo: true,
    // enough demo merchants for every list to page, few enough to load in a second or two
    demoMerchants: options.demoMerchants ?? 600,
    demoPayments: options.demoPayments ?? 3_000,
    // every terminal the payments name, and a fleet that pages
    demoTerminals: 1_000,
    env: { TRACTION_ADMIN_EMAIL: ROOT_EMAIL, ...(options.generatedPassword ? {} : { TRACTION_ADMIN_PASSWORD: ROOT_PASSWORD }) },
    // Tests change permissions and sessions straight in the database, as another server process
    // would: the session is read on every request (the running server keeps it 2 s).
    config: { scryptLogN: 10, webDistDir: WEB_DIST, sessionCacheMs: 0 },
    providers: { email, ...options.providers },
  });
  return { server, email };
}
