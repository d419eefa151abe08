import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { isIPv6, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pino, { type Logger } from 'pino';
import { createApp } from './app';
import { ensureSuperAdmin, type BootstrapResult } from './bootstrap';
import { systemClock, type Clock } from './clock';
import { readConfig, type ServerConfig } from './config';
import { openDatabase, type OpenedDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { SessionCache } from './domains/auth/index';
import { openCompanyAccounts } from './domains/ledger/index';
import { releaseDeadClaims } from './http/idempotency';
import type { AppDeps } from './deps';
import { closeConnectionsCleanly } from './http/close-connections-cleanly';
import { isLoopbackHost } from './http/loopback';
import { seedDemo } from './demo/seed-demo';
import { seedMerchants } from './demo/seed-merchants';
import { seedLedger } from './demo/seed-ledger';
import { seedApprovals } from './demo/seed-approvals';
import { seedTransfers } from './demo/seed-transfers';
import { seedBulkTransfers } from './demo/seed-bulk-transfers';
import { seedSweeps } from './demo/seed-sweeps';
import { DEMO_PAYMENTS, seedPayments } from './demo/seed-payments';
import { seedSettlements } from './demo/seed-settlements';
import { DEMO_TERMINALS, seedTerminals } from './demo/seed-terminals';
import { seedTerminalLocations } from './demo/seed-terminal-locations';
import { seedOverrideCodes } from './demo/seed-override-codes';
import { seedTerminalDeployments } from './demo/seed-terminal-deployments';
import { seedTerminalRequests } from './demo/seed-terminal-requests';
import { seedSavingsWaitlist } from './demo/seed-savings-waitlist';
import { seedNotifications } from './demo/seed-notifications';
import { seedLoans } from './demo/seed-loans';
import { seedMarketing } from './demo/seed-marketing';
import { seedBroadcasts } from './demo/seed-broadcasts';
import { seedWebsiteForms } from './demo/seed-website-forms';
import { seedStaffCodes } from './demo/seed-staff-codes';
import { seedAirtime } from './demo/seed-airtime';
import { seedVisits } from './demo/seed-visits';
import { seedSheets } from './demo/seed-sheets';
import { seedFieldForms } from './demo/seed-field-forms';
import { seedCommerce } from './demo/seed-commerce';
import { seedExportSchedules } from './demo/seed-export-schedules';

/** Merchants in the demo data set of `npm start`. */
export const DEMO_MERCHANTS = 3_000;
import { scheduleMaintenance } from './maintenance';
import { expireJobLeases, expireLeasesOfDeadLocalWorkers, jobRegistry, startJobWorker, type JobWorker } from './domains/jobs/index';
import { jobDefinitions, jobWorkerSettings } from './jobs';
import { LocalFileStore } from './providers/files/local-file-store';
import { providersFromEnv, refuseSandboxInProduction, type SandboxKind, sandboxKindWords, sandboxProviders, type Providers } from './providers/providers';
import { readSandboxOutages } from './providers/transfers/sandbox-transfer-provider';

export interface StartOptions {
  port: number;
  /** The address to listen on: loopback by default; `0.0.0.0` (every interface) in a container. */
  host?: string;
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  clock?: Clock;
  /** Load the demo data set on an empty database (default true). */
  demo?: boolean;
  /** Demo merchants to load with it (default 3,000; benchmarks use 100,000). */
  demoMerchants?: number;
  /** Demo payment logs to load with it (default 20,000 over 30 days; benchmarks ask for 1,000,000 over 90). */
  demoPayments?: number;
  /** Demo terminals to load (default DEMO_TERMINALS). */
  demoTerminals?: number;
  /** Sales merchants recorded in the app, loaded with the demo (default DEMO_SALES; a million takes about 20 s on PGlite). */
  demoSales?: number;
  config?: Partial<ServerConfig>;
  /** Providers to use instead of the ones the environment names (the rest still come from it). */
  providers?: Partial<Providers>;
  /** An already opened database (tests); otherwise one is opened from databaseUrl or dataDir. */
  database?: OpenedDatabase;
}

export interface RunningServer {
  url: string;
  /** The address it listens on. */
  host: string;
  /** Things the operator must hear at start-up (sandboxes reachable from other machines). */
  warnings: string[];
  deps: AppDeps;
  database: OpenedDatabase;
  bootstrap: BootstrapResult;
  migrations: string[];
  /** Stops taking connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** What a sandbox reachable from other machines means, for the start-up warning. */
const SANDBOX_CONSEQUENCES: Readonly<Record<SandboxKind, string>> = {
  email: 'sign-in codes and links go to the log',
  banks: 'bank answers are invented',
  transfers: 'transfers are never really sent',
  sms: 'broadcast SMS are never really sent',
  marketing: 'contacts never reach the marketing list',
  helpDesk: 'support requests never reach the help desk',
};

/** The switch that puts a real provider in place of each sandbox. */
const SANDBOX_SWITCHES: Readonly<Record<SandboxKind, string>> = {
  email: 'TRACTION_EMAIL_PROVIDER=http',
  banks: 'TRACTION_BANKS=http',
  transfers: 'TRACTION_TRANSFER_PROVIDERS=http',
  sms: 'TRACTION_SMS_PROVIDER=http',
  marketing: 'TRACTION_MARKETING_PROVIDER=http',
  helpDesk: 'TRACTION_HELP_DESK_PROVIDER=http',
};

/** Opens the database, migrates, makes sure a super admin exists, and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  // Read before anything opens: a bad value stops the start with nothing to undo.
  const jobSettings = jobWorkerSettings(env);
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL ?? 'info' });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection failed'),
    }));
  // A database in memory keeps its uploads in a temporary folder that goes with it, so test and
  // throwaway servers never write into the working directory.
  const temporaryUploads =
    options.dataDir.startsWith('memory://') && !options.providers?.files && !env.TRACTION_UPLOAD_DIR
      ? mkdtempSync(join(tmpdir(), 'traction-uploads-'))
      : undefined;
  let providers: Providers;
  try {
    // A provider variable missing, or a sandbox refused: the start stops before anything is written.
    providers = {
      ...providersFromEnv(env, logger, database.db),
      ...(temporaryUploads ? { files: new LocalFileStore(temporaryUploads) } : {}),
      ...options.providers,
    };
    refuseSandboxInProduction(env, providers);
  } catch (error) {
    if (!options.database) await database.close();
    if (temporaryUploads) rmSync(temporaryUploads, { recursive: true, force: true });
    throw error;
  }
  const migrations = await migrate(database.db);
  // A sandbox provider's outage, switched on for a rehearsal, outlasts a restart.
  await readSandboxOutages(providers.transfers);
  if (database.kind === 'pglite') await releaseDeadClaims(database.db);
  const config: ServerConfig = { ...readConfig(env, options.port), ...options.config };
  const bootstrap = await ensureSuperAdmin(database.db, {
    email: env.TRACTION_ADMIN_EMAIL,
    password: env.TRACTION_ADMIN_PASSWORD,
    scryptLogN: config.scryptLogN,
  });
  // The company's own ledger accounts (fee income, bank floats…) exist before any money moves.
  await openCompanyAccounts(database.db);
  if (options.demo ?? true) {
    await seedDemo(database.db, { scryptLogN: config.scryptLogN });
    const count = options.demoMerchants ?? DEMO_MERCHANTS;
    const seeded = await seedMerchants(database.db, {
      count,
      files: providers.files,
      onProgress: (written) => {
        if (count >= 20_000 && written % 20_000 === 0) logger.info({ written, count }, 'loading demo merchants');
      },
    });
    if (seeded.businesses > 0) logger.info({ businesses: seeded.businesses }, 'demo merchants loaded');
    // Their wallets' histories, posted through the ledger (once: skipped when it holds transfers).
    await seedLedger(database.db);
    // Credit and debit requests in every state, through the approvals domain (once).
    await seedApprovals(database.db);
    // Payments at the merchants' terminals and into their accounts, with their settlement groups (once).
    const payments = options.demoPayments ?? DEMO_PAYMENTS;
    const loaded = await seedPayments(database.db, {
      count: payments,
      onProgress: (written) => {
        if (payments >= 100_000 && written % 50_000 < payments / 90) logger.info({ written, payments }, 'loading demo payments');
      },
    });
    if (loaded.payments > 0) logger.info(loaded, 'demo payments loaded');
    // Their settlements, run and approved through the settlements and approvals domains (once).
    await seedSettlements(database.db);
    // The terminal fleet: every terminal the payments name, deployed, and the rest in every state (once).
    const terminals = await seedTerminals(database.db, { count: options.demoTerminals ?? DEMO_TERMINALS });
    if (terminals.terminals > 0) logger.info(terminals, 'demo terminals loaded');
    // Where they are (warehouses, market sites, field offices) and override codes in every status (once each).
    const locations = await seedTerminalLocations(database.db);
    if (locations.locations > 0) logger.info(locations, 'demo terminal locations loaded');
    await seedOverrideCodes(database.db);
    // Requests for terminals from every channel, in every status, agreeing with the terminals (once).
    const requests = await seedTerminalRequests(database.db);
    if (requests.requests > 0) logger.info(requests, 'demo terminal requests loaded');
    // Deployment codes given to field officers, what the terminals reported with them, and the deployments (once; after the requests, so a deployment names the request it was sent for).
    const deployments = await seedTerminalDeployments(database.db);
    if (deployments.codes > 0) logger.info(deployments, 'demo terminal deployments loaded');
    // People waiting for savings, one in four the owner of a merchant (once).
    const waitlist = await seedSavingsWaitlist(database.db);
    if (waitlist.entries > 0) logger.info(waitlist, 'demo savings wait-list loaded');
  }
  const deps: AppDeps = {
    db: database.db,
    copier: database.copier,
    sessions: new SessionCache(config.sessionCacheMs),
    config,
    providers,
    clock: options.clock ?? systemClock,
    logger,
  };
  // Funds transfers in every state, sent through the sandbox provider (once).
  if (options.demo ?? true) await seedTransfers(deps);
  // Bulk uploads and sweeps with their history, approved and run through their jobs in the past (once).
  if (options.demo ?? true) {
    await seedBulkTransfers(deps);
    await seedSweeps(deps);
    // Loans in every state and the deduction runs that repaid them, over the last 90 days (once; after
    // the seeds that fill and use the wallets, so the loans go to wallets nothing else is waiting on).
    const loans = await seedLoans(deps);
    if (loans.loans > 0) logger.info(loans, 'demo loans loaded');
    // Past email-marketing syncs of the owners and an upload, one stopped by an outage, and opt-outs (once).
    const marketing = await seedMarketing(database.db);
    if (marketing.runs > 0) logger.info(marketing, 'demo email-marketing syncs loaded');
    // Notifications in merchants' apps in every state, one scheduled ahead (once).
    await seedNotifications(deps);
    // Broadcasts by email and SMS: a draft, one sent to all, one with bounces and failures, one cancelled (once).
    await seedBroadcasts(deps);
    // Chargebacks and support requests in every state, chargebacks linked to demo payments (once).
    await seedWebsiteForms(deps);
    // Staff referral codes with portraits, one merchant in three signed up with one; airtime and data rates with their history (once).
    const staffCodes = await seedStaffCodes(deps);
    if (staffCodes.codes > 0) logger.info(staffCodes, 'demo staff referral codes loaded');
    await seedAirtime(database.db, { now: deps.clock.now() });
    // Field operations (issue 20): forms from the field app, versioned sheets, visits and CSRs (once each).
    await seedFieldForms(deps);
    await seedSheets(deps);
    await seedVisits(deps);
    // What the merchants do in the merchant app (issue 21): online stores, products, orders, invoices and sales (once).
    const commerce = await seedCommerce(database.db, { now: deps.clock.now(), ...(options.demoSales === undefined ? {} : { sales: options.demoSales }) });
    if (commerce.stores > 0) logger.info(commerce, 'demo merchant commerce loaded');
    // The nightly CSVs ops ran from cron, as scheduled exports (once).
    await seedExportSchedules(deps);
  }
  const app = createApp(deps);
  const stopMaintenance = scheduleMaintenance(deps);
  const host = options.host || '127.0.0.1';
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(started));
    closeConnectionsCleanly(started as Server);
  });
  const { port } = server.address() as AddressInfo;
  // Background jobs run in every server process unless TRACTION_JOBS=off; handlers nudge it after a commit that enqueued work.
  let jobWorker: JobWorker | undefined;
  if (jobSettings.run) {
    // The embedded database has one process: what it left running died with the last one.
    if (database.kind === 'pglite') await expireJobLeases(database.db, deps.clock.now());
    // On PostgreSQL other processes may be alive; those of this machine that died left their jobs to whoever starts next.
    else await expireLeasesOfDeadLocalWorkers(database.db, deps.clock.now());
    jobWorker = startJobWorker(deps, jobRegistry(jobDefinitions), { concurrency: jobSettings.concurrency });
    deps.jobs = jobWorker;
  }
  const url = `http://${localName(host)}:${port}`;
  if (!env.TRACTION_PUBLIC_URL) config.publicUrl = url;
  const warnings: string[] = [];
  const sandboxes = sandboxProviders(providers);
  if (sandboxes.length > 0 && !isLoopbackHost(host)) {
    const consequences = sandboxes.map((kind) => SANDBOX_CONSEQUENCES[kind]);
    const fixes = sandboxes.map((kind) => SANDBOX_SWITCHES[kind]);
    const warning =
      `The sandbox ${sandboxKindWords(sandboxes)} provider${sandboxes.length > 1 ? 's serve' : ' serves'} ${host}, reachable from other machines: ` +
      `${consequences.join(', ')}. Set HOST=127.0.0.1, or real providers (${fixes.join(', ')}).`;
    warnings.push(warning);
    logger.warn({ host, sandboxes }, warning);
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    host,
    warnings,
    deps,
    database,
    bootstrap,
    migrations,
    close: () =>
      (closing ??= (async () => {
        stopMaintenance();
        // Running jobs are told to stop (what gives up goes back to the queue) while requests finish.
        const jobsStopped = jobWorker?.stop();
        await new Promise<void>((resolve) => {
          const http = server as import('node:http').Server;
          // Keep-alive connections go idle as their last response ends; close them as they do.
          const sweep = setInterval(() => http.closeIdleConnections(), 50);
          const force = setTimeout(() => http.closeAllConnections(), 10_000);
          http.close(() => {
            clearInterval(sweep);
            clearTimeout(force);
            resolve();
          });
          http.closeIdleConnections();
        });
        await jobsStopped;
        await database.close();
        if (temporaryUploads) rmSync(temporaryUploads, { recursive: true, force: true });
      })()),
  };
}

/**
 * How clients on this machine reach a server listening on `host`. Loopback and every-interface
 * hosts answer at `localhost` (Node's fetch and browsers try each address it resolves to); a
 * specific address is written as itself.
 */
function localName(host: string): string {
  if (isLoopbackHost(host) && !isIPv6(host)) return 'localhost';
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIPv6(host) ? `[${host}]` : host;
}
