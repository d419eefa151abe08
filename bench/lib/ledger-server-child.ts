/**
 * The ledger benchmark's server, in its own process: the real server (startServer) on a fresh
 * database, the demo admins and merchants, then `transactions` wallet transactions posted
 * through the ledger (seedLedger: hundreds of legs per post() call). Answers `{type: 'ready'}`
 * with how long each step took; on `{type: 'raw'}` it times a raw SQL statement on its own
 * connection (PGlite lives in this process, so nothing else can reach it); stops on `{type: 'close'}`.
 */
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pino from 'pino';
import { seedDemo, seedMerchants } from '@traction/server/testing';
import { startServer } from '@traction/server';
import { seedLedger } from '../../packages/server/src/demo/seed-ledger';
import type { LedgerChildOptions, LedgerChildReady, RawTimings } from './ledger-server';

const options = JSON.parse(process.argv[2] ?? '{}') as LedgerChildOptions;
const send = (message: LedgerChildReady | RawTimings) => process.send?.(message);
const password = randomBytes(12).toString('base64url');

const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: options.dataDir,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  env: { TRACTION_ADMIN_PASSWORD: password },
  logger: pino({ level: 'silent' }),
  demo: false,
  config: { scryptLogN: 12 },
});
const db = running.deps.db;
if (!running.bootstrap.created) throw new Error('the benchmark database was not empty: no super admin was created');
await seedDemo(db, { scryptLogN: 10 });
let started = performance.now();
await seedMerchants(db, { count: options.merchants });
const merchantsMs = performance.now() - started;
started = performance.now();
const seeded = await seedLedger(db, {
  transactions: options.transactions,
  // About one wallet in seven is busy: a few thousand transactions each at 1 M.
  activeShare: 0.15,
  legsPerPost: 400,
  perCommit: 1_200,
  reversalRate: 0.002,
});
const ledgerMs = performance.now() - started;
const entries = await db
  .selectFrom('ledger_wallet_entries')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .executeTakeFirstOrThrow();
// Fresh statistics, as autovacuum would have gathered on a live database by now.
await sql`analyze`.execute(db);

const port = new URL(running.url).port;
send({
  type: 'ready',
  url: `http://127.0.0.1:${port}`,
  email: running.bootstrap.email,
  password,
  database: running.database.kind,
  merchantsMs,
  ledgerMs,
  seeded,
  entries: Number(entries.n),
});

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await running.close();
  process.exit(0);
};
process.on('message', (message: { type?: string; sql?: string; parameters?: unknown[]; runs?: number }) => {
  if (message.type === 'close') void close();
  if (message.type === 'raw' && message.sql) {
    void (async () => {
      const samples: number[] = [];
      for (let i = 0; i < (message.runs ?? 1); i += 1) {
        const begun = performance.now();
        await db.executeQuery(CompiledQuery.raw(message.sql!, message.parameters ?? []));
        samples.push(performance.now() - begun);
      }
      send({ type: 'raw', samples });
    })();
  }
});
process.on('disconnect', () => void close());
