/**
 * `npm run bench [-- [sign-in] [list] [merchants] [palette] [table] [bundle] [cli] [server-start] [ledger] [transfers] [pipeline] [payments] [terminals] [exports] [--no-postgres] [--no-pglite] [--quick]]`
 *
 * Runs the benchmarks against real servers over loopback HTTP and prints figures: no
 * assertions, no pass or fail. PostgreSQL figures come from the server DATABASE_URL names, or
 * from a throwaway server started with scripts/throwaway-postgres.sh when the PostgreSQL
 * binaries are installed; otherwise they are skipped with a note.
 *
 * To profile the server under load: BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=.bench/profiles".
 */
import os from 'node:os';
import { cliBench } from './cli.bench';
import { LEDGER_FULL, LEDGER_QUICK, ledgerBench } from './ledger.bench';
import { TRANSFERS_FULL, TRANSFERS_QUICK, transfersBench } from './transfers.bench';
import { PAYMENTS_FULL, PAYMENTS_QUICK, paymentsBench } from './payments.bench';
import { TERMINALS_FULL, TERMINALS_QUICK, terminalsBench } from './terminals.bench';
import { EXPORTS_FULL, EXPORTS_QUICK, exportsBench } from './exports.bench';
import { bundleBench, printBundleFigures, type BundleFigure } from './bundle.bench';
import { listCallBench, type ListOptions } from './list-call.bench';
import { merchantsBench } from './merchants.bench';
import { pipelineBench } from './pipeline.bench';
import { paletteBench } from './palette.bench';
import { tableBench } from './table.bench';
import { findPostgres, type PostgresServer } from './lib/postgres';
import { heading, printFigures, type Figure } from './lib/report';
import type { DatabaseChoice } from './lib/server';
import { serverStartBench } from './server-start.bench';
import { scryptBench, signInBench } from './sign-in.bench';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const picked = args.filter((arg) => !arg.startsWith('--'));
for (const flag of flags) if (!['--no-postgres', '--no-pglite', '--quick'].includes(flag)) throw new Error(`unknown option ${flag}`);
const NAMES = [
  'sign-in',
  'list',
  'merchants',
  'palette',
  'table',
  'bundle',
  'cli',
  'server-start',
  'ledger',
  'transfers',
  'pipeline',
  'payments',
  'terminals',
  'exports',
];
for (const name of picked) if (!NAMES.includes(name)) throw new Error(`unknown benchmark ${name} (${NAMES.join(', ')})`);
const wanted = (name: string) => picked.length === 0 || picked.includes(name);
const quick = flags.has('--quick');

const signIn = { signIns: quick ? 8 : 30, warmUp: 2, scryptRounds: quick ? 3 : 5 };
const list: ListOptions = {
  warmUp: quick ? 50 : 200,
  sequential: quick ? 100 : 500,
  concurrency: 32,
  durationMs: quick ? 3_000 : 10_000,
  maxRequests: 500_000,
};

const cpus = os.cpus();
console.log('Traction Admin benchmarks');
console.log(`  node ${process.version} on ${os.platform()}/${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
console.log(
  `  ${new Date().toISOString()}${quick ? ', quick run' : ''}; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (other work on the machine skews figures)`,
);
console.log('  Each server runs in its own process on 127.0.0.1 with logging off; the client speaks HTTP/1.1 keep-alive.');

let postgres: PostgresServer | undefined;
const stopPostgres = async () => {
  const server = postgres;
  postgres = undefined;
  await server?.stop();
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    void stopPostgres().finally(() => process.exit(code));
  });
}

const figures: Figure[] = [];
let bundle: BundleFigure[] = [];
const notes: string[] = [];
try {
  // --no-pglite: PostgreSQL alone, when only its side-by-side figures are wanted (a million rows load in minutes).
  const databases: DatabaseChoice[] = flags.has('--no-pglite') ? [] : [{ kind: 'pglite' }];
  if (flags.has('--no-pglite')) notes.push('PGlite skipped (--no-pglite).');
  if (flags.has('--no-postgres')) notes.push('PostgreSQL skipped (--no-postgres).');
  else {
    const found = await findPostgres();
    if ('unavailable' in found) notes.push(`PostgreSQL skipped: ${found.unavailable}`);
    else {
      postgres = found;
      databases.push({ kind: 'postgres', serverUrl: found.url });
      console.log(`  PostgreSQL: ${found.origin}`);
    }
  }

  if (wanted('sign-in')) {
    figures.push(await scryptBench({ rounds: signIn.scryptRounds }));
    for (const database of databases) figures.push(await signInBench(database, signIn));
  }
  if (wanted('list')) {
    for (const database of databases) figures.push(...(await listCallBench(database, list)));
  }
  if (wanted('merchants')) {
    const merchants = { merchants: quick ? 20_000 : 100_000, calls: quick ? 50 : 200 };
    for (const database of databases) figures.push(...(await merchantsBench(database, merchants)));
  }
  // The console's figures: Chromium is needed for the palette and the table.
  if (wanted('palette')) figures.push(...(await paletteBench({ entries: 5_000, keystrokes: quick ? 100 : 300 })));
  if (wanted('table')) figures.push(...(await tableBench({ rows: quick ? 20_000 : 100_000 })));
  if (wanted('bundle')) bundle = await bundleBench();
  // The CLI prints its own table (start-up time, export rows/s and memory).
  if (wanted('cli')) await cliBench(quick ? { startRuns: 5, exportScales: [1, 100] } : {});
  // The server as `npm start` runs it against tsx: start-up time and memory (its own table).
  if (wanted('server-start')) await serverStartBench(quick ? { runs: 1 } : {});
  // The ledger: post() throughput, then 1 M wallet transactions (the list, the check, a CLI bulk reversal).
  if (wanted('ledger')) figures.push(...(await ledgerBench(databases, quick ? LEDGER_QUICK : LEDGER_FULL)));
  // Transfers: a bulk file's checks and a bulk upload end to end through the sandbox provider (their own table).
  if (wanted('transfers')) await transfersBench(databases, quick ? TRANSFERS_QUICK : TRANSFERS_FULL);
  // The request pipeline's cost: the merchant search against a bare Hono + pg server on the same SQL.
  if (wanted('pipeline')) {
    const pipeline = {
      merchants: quick ? 20_000 : 100_000,
      concurrency: 32,
      durationMs: quick ? 3_000 : 6_000,
      // Even: each server goes first as often as second.
      rounds: quick ? 2 : 4,
      warmUpMs: quick ? 2_000 : 5_000,
    };
    for (const database of databases) figures.push(...(await pipelineBench(database, pipeline)));
  }
  // Payment logs at a million rows: pages, keyset depth and the CSV export beside raw pg and psql; monitoring.
  if (wanted('payments')) {
    for (const database of databases) figures.push(...(await paymentsBench(database, quick ? PAYMENTS_QUICK : PAYMENTS_FULL)));
  }
  // Terminals at 100,000: the list by search and by state beside raw pg; a 20,000-row XLSX upload.
  if (wanted('terminals')) {
    for (const database of databases) figures.push(...(await terminalsBench(database, quick ? TERMINALS_QUICK : TERMINALS_FULL)));
  }
  // Export jobs of a million sales: rows/s beside psql \copy, memory, and a kill halfway.
  if (wanted('exports')) {
    for (const database of databases) figures.push(...(await exportsBench(database, quick ? EXPORTS_QUICK : EXPORTS_FULL)));
  }
} finally {
  await stopPostgres();
}

heading('Summary');
printFigures(figures);
if (bundle.length > 0) {
  console.log('');
  printBundleFigures(bundle);
}
for (const note of notes) console.log(`\n${note}`);
