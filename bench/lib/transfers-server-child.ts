/**
 * The transfers benchmark's server, in its own process: the real server (startServer) on a fresh
 * database with the sandbox transfer provider answering after `latencyMs`, a second admin to
 * approve, and a Tier 3 merchant funded through the ledger. Answers `{type: 'ready'}`; stops on
 * `{type: 'close'}`.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { hashPassword, ledgerWallet } from '@traction/server/testing';
import { startServer } from '@traction/server';

export interface TransfersChildOptions {
  dataDir: string;
  databaseUrl?: string;
  latencyMs: number;
  concurrency: number;
}

export interface TransfersChildReady {
  type: 'ready';
  url: string;
  database: 'pglite' | 'postgres';
  uploader: { email: string; password: string };
  approver: { email: string; password: string };
  businessId: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as TransfersChildOptions;
const password = randomBytes(12).toString('base64url');
const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: options.dataDir,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  env: {
    TRACTION_ADMIN_PASSWORD: password,
    TRACTION_SANDBOX_TRANSFERS: `latency=${options.latencyMs}`,
    TRACTION_JOB_CONCURRENCY: String(options.concurrency),
  },
  logger: pino({ level: 'silent' }),
  demo: false,
  config: { scryptLogN: 12 },
});
const db = running.deps.db;
if (!running.bootstrap.created) throw new Error('the benchmark database was not empty: no super admin was created');
const approver = { email: 'approver@traction.ng', password: randomBytes(12).toString('base64url') };
await db
  .insertInto('admins')
  .values({ email: approver.email, first_name: 'Bench', last_name: 'Approver', role: 'super_admin', password_hash: await hashPassword(approver.password, 12) })
  .execute();
// ₦10,000,000 in a KYC-exempt (Tier 3) wallet: far more than 10,000 rows of ₦100 and their fees.
const payer = await ledgerWallet(db, { funds: 1_000_000_000, business: { kyc_exempt: true } });

const ready: TransfersChildReady = {
  type: 'ready',
  url: `http://127.0.0.1:${new URL(running.url).port}`,
  database: running.database.kind,
  uploader: { email: running.bootstrap.email, password },
  approver,
  businessId: payer.business.id,
};
process.send?.(ready);
process.on('message', (message: { type?: string }) => {
  if (message.type === 'close') void running.close().then(() => process.exit(0));
});
