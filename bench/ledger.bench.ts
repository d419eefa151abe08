/**
 * The ledger (issue 14):
 * - postings per second: the ledger's post() driven directly from this process (no HTTP), each
 *   posting a POS credit and its fee leg in its own transaction, from 1 and 32 clients; once with
 *   disjoint wallets (the fee goes to another wallet of the same client) and once "hot" (every
 *   fee credits the company's one fee-income account);
 * - the demo wallet histories at scale (1,000,000 wallet transactions; --quick: 50,000), posted
 *   through the ledger by the real server's process: how long loading takes, then over loopback
 *   HTTP the ledger check, the wallet transaction list (page 1, p50/p95) beside the same SQL run
 *   raw (through `pg` on PostgreSQL, on the server's own connection on PGlite), and deep pages
 *   by keyset (`after`) beside the same depth by page number;
 * - `traction bulk wallets reverse --file` of 10,000 transfers out (--quick: 1,000), run as a
 *   user runs it, then the check that each was reversed exactly once.
 *
 * Runnable alone: `npx tsx bench/ledger.bench.ts [--quick] [--no-postgres] [--no-pglite]` (1,000,000
 * transactions take about 25 minutes to load on PGlite: --no-pglite measures PostgreSQL only).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { json, keepAliveAgent, send } from './lib/http';
import { openPostingsRig, type PostingRun } from './lib/ledger-postings';
import { startLedgerServer, type LedgerServer } from './lib/ledger-server';
import { ms, summarize, type Summary } from './lib/percentiles';
import { findPostgres, type PostgresServer } from './lib/postgres';
import { detail, heading, printFigures, type Figure } from './lib/report';
import type { DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

const BIN = fileURLToPath(new URL('../packages/cli/bin/traction.js', import.meta.url));

export interface LedgerBenchOptions {
  /** Seconds each postings run lasts. */
  postingSeconds: number;
  /** Wallet transactions loaded for the list, the check and the bulk reversal. */
  transactions: number;
  merchants: number;
  /** List calls measured per query. */
  calls: number;
  /** Rows of the CLI bulk reversal. */
  reversals: number;
}

export const LEDGER_FULL: LedgerBenchOptions = { postingSeconds: 10, transactions: 1_000_000, merchants: 3_000, calls: 100, reversals: 10_000 };
export const LEDGER_QUICK: LedgerBenchOptions = { postingSeconds: 3, transactions: 50_000, merchants: 1_000, calls: 30, reversals: 1_000 };

const perSecond = (n: number) => Math.round(n).toLocaleString('en');

/** Postings per second on one database: 1 and 32 clients, disjoint and hot. */
export async function ledgerPostingsBench(database: DatabaseChoice, options: LedgerBenchOptions): Promise<Figure[]> {
  const rig = await openPostingsRig(database, 32);
  heading(
    `Ledger postings per second, ${rig.label}: post() called directly over ${database.kind === 'postgres' ? 'a pg pool of 33' : 'the embedded database'}, no HTTP`,
  );
  detail('each posting', 'POS credit float → wallet + fee leg, own transaction');
  const figures: Figure[] = [];
  try {
    const runs: PostingRun[] = [];
    for (const clients of [1, 32]) {
      for (const shape of ['disjoint', 'hot'] as const) {
        const run = await rig.run(clients, shape, options.postingSeconds * 1000);
        runs.push(run);
        const failed = [...run.failures].map(([message, n]) => `${n}× ${message}`).join('; ');
        detail(
          `${clients} client${clients > 1 ? 's' : ''}, ${shape === 'hot' ? 'hot fee income' : 'disjoint wallets'}`,
          `${perSecond(run.perSecond)} postings/s (${run.postings.toLocaleString('en')} in ${run.seconds.toFixed(1)} s), median ${ms(run.latency.median)}, p95 ${ms(run.latency.p95)}${failed ? `; failed: ${failed}` : ''}`,
        );
        figures.push({
          benchmark: `ledger post(), ${clients} client${clients > 1 ? 's' : ''}, ${shape === 'hot' ? 'hot fee income' : 'disjoint'}`,
          database: rig.label,
          samples: run.postings,
          latency: run.latency,
          perSecond: run.perSecond,
        });
      }
    }
    const at32 = (shape: string) => runs.find((run) => run.clients === 32 && run.shape === shape)?.perSecond ?? Number.NaN;
    detail('32 clients: hot ÷ disjoint', `${(at32('hot') / at32('disjoint')).toFixed(2)}× (goal on PostgreSQL: ≥ 0.5×, ≥ 1,000/s)`);
  } finally {
    await rig.close();
  }
  return figures;
}

/** The list query the server runs for POST /api/EWTraction/wallettransactions (walletEntryQuery, newest first), written out. */
const LIST_SQL = `
select e.id, e.transfer_id, e.reference, e.kind, e.direction, e.amount, e.balance_before, e.balance_after, e.business_id, e.created_at,
  b.name as business_name, la.wallet_uid, t.narration, t.counterparty, r.reference as reversed_by, p.reference as part_of,
  (select coalesce(sum(f.amount), 0)::text from ledger_transfers f
    where f.parent_transfer_id = e.transfer_id and f.kind = 'fee' and (f.debit_account_id = e.account_id or f.credit_account_id = e.account_id)) as fee
from ledger_wallet_entries e
left join ledger_transfers t on t.id = e.transfer_id
left join businesses b on b.id = e.business_id
left join ledger_accounts la on la.id = e.account_id
left join ledger_transfers r on r.reverses_transfer_id = e.transfer_id
left join ledger_transfers p on p.id = t.parent_transfer_id`;
const COUNT_SQL = `
select count(*) from ledger_wallet_entries e
left join ledger_transfers t on t.id = e.transfer_id
left join businesses b on b.id = e.business_id
left join ledger_accounts la on la.id = e.account_id
left join ledger_transfers r on r.reverses_transfer_id = e.transfer_id
left join ledger_transfers p on p.id = t.parent_transfer_id`;

interface ListPage {
  items: { id: number; reference: string }[];
  total: number;
  next: number | null;
}

/** The wallet histories at scale: loading, the check, the list beside raw SQL, deep pages, the CLI bulk reversal. */
export async function ledgerScaleBench(database: DatabaseChoice, options: LedgerBenchOptions): Promise<Figure[]> {
  const label = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  heading(`Wallet histories at scale, ${label}: ${options.transactions.toLocaleString('en')} wallet transactions`);
  const server = await startLedgerServer({ database, merchants: options.merchants, transactions: options.transactions });
  const agent = keepAliveAgent(1);
  const pool = server.databaseUrl ? new pg.Pool({ connectionString: server.databaseUrl, max: 2 }) : undefined;
  const figures: Figure[] = [];
  try {
    const { seeded } = server;
    detail(
      'loaded through the ledger in',
      `${(server.ledgerMs / 1000).toFixed(1)} s: ${seeded.transactions.toLocaleString('en')} transactions (${seeded.reversals} reversals), ${seeded.transfers.toLocaleString('en')} transfers, ${server.entries.toLocaleString('en')} log rows, ${seeded.wallets} wallets = ${perSecond(seeded.transactions / (server.ledgerMs / 1000))} transactions/s`,
    );
    detail('(demo merchants first)', `${options.merchants.toLocaleString('en')} in ${(server.merchantsMs / 1000).toFixed(1)} s`);
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-ledger-${Date.now()}`);
    const call = (path: string, body?: unknown) =>
      send(agent, new URL(path, server.base), {
        method: body === undefined ? 'GET' : 'POST',
        headers: session.headers,
        ...(body === undefined ? {} : { body }),
      });

    // The ledger check: every balance recomputed from the transfers.
    const checkTimes: number[] = [];
    let check: { ok: boolean; transfers: number } | undefined;
    for (let i = 0; i < 2; i += 1) {
      const begun = performance.now();
      const answer = await call('/api/EWTraction/ledger/check');
      checkTimes.push(performance.now() - begun);
      if (answer.status !== 200) throw new Error(`ledger check: ${answer.status} ${answer.text.slice(0, 200)}`);
      check = json(answer, 'ledger check');
    }
    detail(
      `ledger check at ${check?.transfers.toLocaleString('en')} transfers`,
      `${check?.ok ? 'ok' : 'NOT OK'}, ${ms(checkTimes[0]!)} then ${ms(checkTimes[1]!)} (over HTTP)`,
    );
    figures.push({
      benchmark: `ledger check, ${check?.transfers.toLocaleString('en')} transfers`,
      database: label,
      samples: 2,
      latency: summarize(checkTimes),
    });

    const list = async (body: Record<string, unknown>) => {
      const answer = await call('/api/EWTraction/wallettransactions', body);
      if (answer.status !== 200) throw new Error(`wallet transaction list: ${answer.status} ${answer.text.slice(0, 200)}`);
      return json<ListPage>(answer, 'wallet transaction list');
    };
    const timed = async (runs: number, work: () => Promise<unknown>) => {
      for (let i = 0; i < Math.min(5, runs); i += 1) await work();
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const begun = performance.now();
        await work();
        samples.push(performance.now() - begun);
      }
      return summarize(samples);
    };
    // The same statements raw: the page and the count together, as the list runs them.
    const raw = async (where: string, parameters: unknown[], limit: string): Promise<Summary> => {
      const statement = `${LIST_SQL} ${where} order by e.id desc ${limit}`;
      if (pool) return timed(options.calls, () => Promise.all([pool.query(statement, parameters), pool.query(COUNT_SQL)]));
      // PGlite is one session in the server's process: the page, then the count.
      const page = await server.raw(statement, parameters, options.calls);
      const count = await server.raw(COUNT_SQL, [], options.calls);
      return summarize(page.map((sample, i) => sample + count[i]!));
    };
    const compare = async (name: string, body: Record<string, unknown>, where: string, parameters: unknown[], limit: string) => {
      const api = await timed(options.calls, () => list(body));
      const sql = await raw(where, parameters, limit);
      detail(
        name,
        `median ${ms(api.median)}, p95 ${ms(api.p95)}; raw SQL ${ms(sql.median)} / ${ms(sql.p95)} = ${(api.median / sql.median).toFixed(1)}× (goal ≤ 2×)`,
      );
      figures.push({ benchmark: `wallet transactions, ${name}`, database: label, samples: api.count, latency: api });
      figures.push({ benchmark: `  same SQL raw${pool ? ' (pg)' : ' (in process)'}`, database: label, samples: sql.count, latency: sql });
    };
    const first = await list({ page: 1 });
    const newest = first.items[0]?.id ?? 0;
    await compare(`page 1 of ${first.total.toLocaleString('en')}`, { page: 1 }, '', [], 'limit 100');
    // 90 % of the way down: by keyset (`after` an id) and by page number (an offset).
    const deepAfter = Math.max(1, Math.floor(newest * 0.1));
    await compare('deep page by keyset (90 % down)', { after: deepAfter }, 'where e.id < $1', [deepAfter], 'limit 101');
    const deepPage = Math.max(1, Math.floor((first.total * 0.9) / 100));
    const offset = await timed(Math.max(5, Math.floor(options.calls / 5)), () => list({ page: deepPage }));
    detail(`the same depth by page (page ${deepPage.toLocaleString('en')})`, `median ${ms(offset.median)}, p95 ${ms(offset.p95)}`);
    figures.push({
      benchmark: `wallet transactions, page ${deepPage.toLocaleString('en')} by offset`,
      database: label,
      samples: offset.count,
      latency: offset,
    });

    figures.push(...(await bulkReversal(server, session, list, () => call('/api/EWTraction/ledger/check'), options.reversals, label)));
  } finally {
    agent.destroy();
    await pool?.end();
    await server.close();
  }
  return figures;
}

/** `traction bulk wallets reverse --file refs.csv` of `rows` transfers out, then every one reversed exactly once. */
async function bulkReversal(
  server: LedgerServer,
  session: { token: string; deviceId: string },
  list: (body: Record<string, unknown>) => Promise<ListPage>,
  checkAfter: () => Promise<import('./lib/http').HttpAnswer>,
  rows: number,
  label: string,
): Promise<Figure[]> {
  // Transfers out not reversed yet, newest first, read through the list by keyset.
  const references: string[] = [];
  let after: number | undefined;
  while (references.length < rows) {
    const page = await list({ kind: 'transfer_out', status: 'SUCCESSFUL', ...(after ? { after } : { page: 1 }) });
    references.push(...page.items.map((item) => item.reference));
    if (page.next === null) break;
    after = page.next;
  }
  const chosen = [...new Set(references)].slice(0, rows);
  const reversalsBefore = (await list({ kind: 'reversal', page: 1 })).total;
  const folder = mkdtempSync(join(tmpdir(), 'traction-bench-reversal-'));
  try {
    const file = join(folder, 'refs.csv');
    writeFileSync(file, `TransactionReference,reason\n${chosen.map((reference) => `${reference},Returned by the beneficiary bank`).join('\n')}\n`);
    const env = {
      PATH: process.env.PATH,
      HOME: folder,
      XDG_CONFIG_HOME: folder,
      TRACTION_API_URL: server.base.origin,
      TRACTION_TOKEN: session.token,
      TRACTION_DEVICE_ID: session.deviceId,
      NO_COLOR: '1',
    };
    const begun = performance.now();
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'bulk', 'wallets', 'reverse', '--file', file, '--yes', '--json', '--concurrency', '16'], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    const seconds = (performance.now() - begun) / 1000;
    let summary = result.stdout.trim().split('\n').at(-1) ?? '';
    try {
      const parsed = JSON.parse(summary) as { ok?: number; failed?: number; unchanged?: number };
      summary = `${parsed.ok} ok, ${parsed.unchanged} unchanged, ${parsed.failed} failed`;
    } catch {
      summary = `exit ${result.code}: ${result.stderr.trim().split('\n').at(-1) ?? ''}`;
    }
    // Exactly once: each row added one reversal of its transfer out and one of its fee (two log
    // rows on the wallet), and the ledger is still sound.
    const reversalRows = (await list({ kind: 'reversal', page: 1 })).total - reversalsBefore;
    const check = json<{ ok: boolean }>(await checkAfter(), 'ledger check');
    const once = reversalRows === chosen.length * 2 ? 'each reversed exactly once' : `${reversalRows} reversal rows for ${chosen.length} rows`;
    detail(
      `CLI bulk reversal of ${chosen.length.toLocaleString('en')} rows`,
      `${seconds.toFixed(1)} s = ${perSecond(chosen.length / seconds)} rows/s (goal ≥ 500 on PostgreSQL); ${summary}; ${once}; ledger check ${check.ok ? 'ok' : 'NOT OK'}`,
    );
    return [
      {
        benchmark: `CLI bulk reversal, ${chosen.length.toLocaleString('en')} rows (${perSecond(chosen.length / seconds)} rows/s)`,
        database: label,
        samples: 1,
        latency: summarize([seconds * 1000]),
      },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Both parts on every database given; PostgreSQL from DATABASE_URL or a throwaway server. */
export async function ledgerBench(databases: readonly DatabaseChoice[], options: LedgerBenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const database of databases) figures.push(...(await ledgerPostingsBench(database, options)));
  for (const database of databases) figures.push(...(await ledgerScaleBench(database, options)));
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  const databases: DatabaseChoice[] = process.argv.includes('--no-pglite') ? [] : [{ kind: 'pglite' }];
  let postgres: PostgresServer | undefined;
  if (!process.argv.includes('--no-postgres')) {
    const found = await findPostgres();
    if ('unavailable' in found) console.log(`PostgreSQL skipped: ${found.unavailable}`);
    else {
      postgres = found;
      databases.push({ kind: 'postgres', serverUrl: found.url });
    }
  }
  try {
    const figures = await ledgerBench(databases, quick ? LEDGER_QUICK : LEDGER_FULL);
    heading('Summary');
    printFigures(figures);
  } finally {
    await postgres?.stop();
  }
}
