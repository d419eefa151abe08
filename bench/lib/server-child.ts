/**
 * Runs one server for a benchmark in its own process, so the load generator and the server do
 * not share an event loop. Started by server.ts; options come as JSON in argv[2]; answers
 * `{type: 'ready', …}` over IPC and stops when told `{type: 'close'}` or when the parent goes.
 */
import { sql } from 'kysely';
import pino from 'pino';
import { seedDemo } from '../../packages/server/src/demo/seed-demo';
import { seedMerchants } from '../../packages/server/src/demo/seed-merchants';
import { startServer } from '../../packages/server/src/start-server';
import type { ChildOptions, ChildReady, ServerMemory } from './server';

const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
const send = (message: ChildReady | ServerMemory) => process.send?.(message);

const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: options.dataDir,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  // No environment: the defaults (scrypt 2^17, sandbox email) unless the benchmark says otherwise.
  env: {},
  logger: pino({ level: 'silent' }),
  demo: false,
  config: options.scryptLogN ? { scryptLogN: options.scryptLogN } : {},
});
const { generatedPassword, email } = running.bootstrap;
if (!generatedPassword) throw new Error('the benchmark database was not empty: no super admin was created');
// The demo data set, `seedScale` times over (40 admins each), so list pages have rows to show.
await seedDemo(running.deps.db, { scale: options.seedScale, scryptLogN: 10 });
let seedMs: number | undefined;
if (options.merchants) {
  const started = performance.now();
  await seedMerchants(running.deps.db, { count: options.merchants });
  seedMs = performance.now() - started;
  // Fresh statistics, as autovacuum would have gathered on a live database by now.
  await sql`analyze`.execute(running.deps.db);
}

const port = new URL(running.url).port;
send({
  type: 'ready',
  url: `http://127.0.0.1:${port}`,
  email,
  password: generatedPassword,
  database: running.database.kind,
  scryptLogN: running.deps.config.scryptLogN,
  ...(seedMs !== undefined ? { seedMs } : {}),
});

// The server's own record of its largest footprint: sampled in its event loop, between the
// queries it runs, so a busy server still reports its peak when asked afterwards.
let peakRss = process.memoryUsage().rss;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20).unref();

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await running.close();
  process.exit(0);
};
process.on('message', (message: { type?: string }) => {
  if (message.type === 'close') void close();
  if (message.type === 'memory') {
    const { rss, heapUsed } = process.memoryUsage();
    send({ type: 'memory', rss, heapUsed, peakRss: Math.max(peakRss, rss) });
  }
  if (message.type === 'reset-peak') peakRss = process.memoryUsage().rss;
});
process.on('disconnect', () => void close());
