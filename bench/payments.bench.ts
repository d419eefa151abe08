/**
 * Payment logs at scale (issue 16): the real server with demo payments (a million over 90 days in
 * a full run), measured side by side with the raw tools on the same data in the same run:
 * - a filtered payment-log page (a week, one busy merchant, SUCCESSFUL) against the same two SQL
 *   statements (the page and its count) through `pg` (PostgreSQL only: PGlite lives in the server);
 * - page 5,000 by keyset (`after`) against page 1;
 * - the CSV export of a month of every merchant's payments against `psql \copy` of the same query;
 * - the monitoring aggregates over 90 days.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { buildPath, commandsById, lagosDate } from '@traction/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../packages/server/src/db/database';
import { filterPaymentLogs, paymentLogCsv, paymentLogQuery, toPaymentLog } from '../packages/server/src/domains/payments/index';
import { countQuery, csvCopyQuery, ordered, pageQuery } from '../packages/server/src/handling/list-runner';
import { keepAliveAgent, send } from './lib/http';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { type DatabaseChoice, startBenchServer } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

const run = promisify(execFile);

export interface PaymentsBenchOptions {
  payments: number;
  /** Calls per measured page. */
  calls: number;
}

export const PAYMENTS_FULL: PaymentsBenchOptions = { payments: 1_000_000, calls: 100 };
export const PAYMENTS_QUICK: PaymentsBenchOptions = { payments: 100_000, calls: 30 };

function pathOf(commandId: string, input: Record<string, unknown>): string {
  const command = commandsById.get(commandId)!;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (!command.pathParams.includes(key)) query.set(key, String(value));
  return `${buildPath(command, input)}?${query}`;
}

const ORDER = { cursor: { column: 'p.id', key: 'id', direction: 'desc' }, sortFirst: { column: 'p.created_at', key: 'created_order' } } as const;

export async function paymentsBench(database: DatabaseChoice, options: PaymentsBenchOptions): Promise<Figure[]> {
  heading(`Payment logs at scale: ${options.payments.toLocaleString('en')} payments, ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  const server = await startBenchServer({ database, scryptLogN: 12, merchants: 3_000, payments: options.payments });
  const agent = keepAliveAgent(1);
  const figures: Figure[] = [];
  const pool = server.databaseUrl ? new pg.Pool({ connectionString: server.databaseUrl, max: 2 }) : undefined;
  // The bench database is dropped when the server closes: an idle client's error then is expected.
  pool?.on('error', () => {});
  // Only to compile the server's own queries for the raw side: never executes through Kysely.
  const compiler = pool ? new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) : undefined;
  // The lists' clock: the server reads them as of the request.
  const now = new Date();
  try {
    detail(
      'demo data loaded in',
      `${((server.seedMs ?? 0) / 1000).toFixed(1)} s (3,000 merchants, ${options.payments.toLocaleString('en')} payments, settlements, rollups)`,
    );
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-payments-${Date.now()}`);
    const get = (path: string) => send(agent, new URL(path, server.base), { headers: session.headers });
    const timed = async (path: string) => {
      const started = performance.now();
      const answer = await get(path);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      return { ms: performance.now() - started, answer };
    };
    const series = async (label: string, paths: readonly string[], calls: number) => {
      for (const path of paths.slice(0, 5)) await timed(path);
      const samples: number[] = [];
      for (let i = 0; i < calls; i++) samples.push((await timed(paths[i % paths.length]!)).ms);
      const summary = summarize(samples);
      detail(label, `median ${ms(summary.median)}, p95 ${ms(summary.p95)}`);
      figures.push({ benchmark: label, database: server.label, samples: summary.count, latency: summary });
      return summary;
    };

    // Busy merchants and the last day of the data, for filters that find rows.
    const recent = JSON.parse((await timed(pathOf('payments.list', { limit: 100 }))).answer.text) as { items: { businessId: number; createdAt: string }[] };
    const merchants = [...new Set(recent.items.map((item) => item.businessId))].slice(0, 10);
    const lastDay = lagosDate(new Date(recent.items[0]!.createdAt));
    const weekAgo = lagosDate(new Date(Date.parse(recent.items[0]!.createdAt) - 6 * 86_400_000));
    const filters = merchants.map((merchant) => ({
      startdatetime: `${weekAgo}T00:00:00.000`,
      enddatetime: `${lastDay}T23:59:59.999`,
      merchant: String(merchant),
      status: 'SUCCESSFUL' as const,
    }));
    const filtered = filters.map((input) => pathOf('payments.list', input));
    if (compiler && pool) {
      // Ours and the same two statements through pg taken in turns, call by call: a burst of
      // other work on the machine then lands on both sides rather than on one series.
      const statements = filters.map((input) => {
        const source = { query: filterPaymentLogs(paymentLogQuery(compiler, now), { ...input, now }), ...ORDER, map: toPaymentLog };
        return [pageQuery(source, 1, 100).compile(), countQuery(source).compile()] as const;
      });
      const oursSamples: number[] = [];
      const rawSamples: number[] = [];
      for (let i = 0; i < options.calls + 5; i++) {
        const took = (await timed(filtered[i % filtered.length]!)).ms;
        const [page, count] = statements[i % statements.length]!;
        const started = performance.now();
        await Promise.all([pool.query(page.sql, page.parameters as unknown[]), pool.query(count.sql, count.parameters as unknown[])]);
        if (i >= 5) {
          oursSamples.push(took);
          rawSamples.push(performance.now() - started);
        }
      }
      const ours = summarize(oursSamples);
      const raw = summarize(rawSamples);
      const label = 'payment logs: a week, one merchant, successful, page 1';
      detail(label, `median ${ms(ours.median)}, p95 ${ms(ours.p95)}`);
      detail(
        '  the same SQL through pg, in turns',
        `median ${ms(raw.median)}, p95 ${ms(raw.p95)}: ours ${(ours.p95 / raw.p95).toFixed(2)}× at p95 (target ≤ 2×), ${(ours.median / raw.median).toFixed(2)}× at the median`,
      );
      figures.push({ benchmark: label, database: server.label, samples: ours.count, latency: ours });
      figures.push({ benchmark: 'payment logs page, same SQL through pg', database: server.label, samples: raw.count, latency: raw });
    } else await series('payment logs: a week, one merchant, successful, page 1', filtered, options.calls);

    // Page 5,000 by keyset: `after` the row 499,900 rows in (or as deep as the data goes).
    const deep = Math.min(5_000, Math.floor(options.payments / 100) - 1);
    let after = 0;
    if (pool) {
      const { rows } = await pool.query<{ id: string }>('select id::text from payment_logs order by created_at desc, id desc offset $1 limit 1', [
        (deep - 1) * 100 - 1,
      ]);
      after = Number(rows[0]?.id ?? 0);
    } else {
      // PGlite: walk by `next` from a page near the depth asked (numbered pages are cheap enough once).
      const answer = JSON.parse((await timed(pathOf('payments.list', { page: deep - 1 }))).answer.text) as { next: number | null };
      after = answer.next ?? 0;
    }
    const first = await series('payment logs: page 1 (no filter)', [pathOf('payments.list', { page: 1 })], options.calls);
    const far = await series(`payment logs: page ${deep.toLocaleString('en')} by keyset (after)`, [pathOf('payments.list', { after })], options.calls);
    detail('  keyset depth cost', `page ${deep} is ${(far.p95 / first.p95).toFixed(2)}× page 1 at p95 (target ≤ 2×)`);

    // The CSV export of a month of every merchant's payments, against psql \copy of the same query.
    const monthStart = lagosDate(new Date(Date.parse(recent.items[0]!.createdAt) - 29 * 86_400_000));
    const month = { startdatetime: `${monthStart}T00:00:00.000`, enddatetime: `${lastDay}T23:59:59.999` };
    // Three rounds, ours and psql in turns (the machine is shared: one run alone says little); medians reported.
    const exportPath = pathOf('payments.list', { ...month, download: 'csv' });
    const source = compiler
      ? { query: filterPaymentLogs(paymentLogQuery(compiler, now), { ...month, now }), ...ORDER, map: toPaymentLog, csv: paymentLogCsv(now) }
      : undefined;
    const rounds: { ours: { rows: number; seconds: number; grewBytes: number }; raw?: number; formatted?: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const ours = await exportCsv(exportPath, session.headers);
      if (!source || !server.databaseUrl) {
        rounds.push({ ours });
        continue;
      }
      const compiled = ordered(source, source.query).compile();
      const inlined = compiled.parameters.reduce<string>(
        (text, value, index) => text.replace(new RegExp(`\\$${index + 1}(?!\\d)`, 'g'), `'${value instanceof Date ? value.toISOString() : String(value)}'`),
        compiled.sql,
      );
      const psqlSeconds = async (query: string) => {
        const started = performance.now();
        await run('psql', [server.databaseUrl!, '-q', '-c', `\\copy (${query}) to '/dev/null' with csv header`], { maxBuffer: 1 << 20 });
        return (performance.now() - started) / 1000;
      };
      // The stored columns as they are (what the issue measures against), and the query the
      // server copies, with its formatting in SQL (what PostgreSQL itself spends on it).
      const raw = await psqlSeconds(inlined);
      const formatted = await psqlSeconds(csvCopyQuery(source, commandsById.get('payments.list')!.list!.columns)!);
      rounds.push({ ours, raw, formatted });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows = rounds[0]!.ours.rows;
    const oursSeconds = median(rounds.map((r) => r.ours.seconds));
    const grew = Math.max(...rounds.map((r) => r.ours.grewBytes));
    const rate = (seconds: number) => `${Math.round(rows / seconds).toLocaleString('en')} rows/s`;
    detail(
      'CSV export, a month of payment logs',
      `${rows.toLocaleString('en')} rows in ${oursSeconds.toFixed(2)} s (median of 3) = ${rate(oursSeconds)}; server +${(grew / 1024 / 1024).toFixed(0)} MB at most (target < 64 MB)`,
    );
    figures.push({
      benchmark: 'payment logs CSV export, a month',
      database: server.label,
      samples: 3,
      latency: summarize(rounds.map((r) => r.ours.seconds * 1000)),
    });
    if (rounds[0]!.raw !== undefined) {
      const raw = median(rounds.map((r) => r.raw!));
      const formatted = median(rounds.map((r) => r.formatted!));
      detail('  psql \\copy of the same query', `${rate(raw)}: ours ${(raw / oursSeconds).toFixed(2)}× (target ≥ 0.7×)`);
      detail("  psql \\copy of the server's COPY query", `${rate(formatted)}: ours ${(formatted / oursSeconds).toFixed(2)}×`);
    }

    // Monitoring over 90 days (the rollups plus the payments after them).
    const ninety = { startDate: lagosDate(new Date(Date.parse(recent.items[0]!.createdAt) - 89 * 86_400_000)), endDate: lastDay };
    await series('monitoring: routes, 90 days', [pathOf('monitoring.routes', ninety)], Math.min(options.calls, 30));
    await series('monitoring: issuing banks, 90 days', [pathOf('monitoring.banks', ninety)], Math.min(options.calls, 30));
    await series('monitoring: failing routes, 90 days', [pathOf('monitoring.failed-routes', ninety)], Math.min(options.calls, 30));
    return figures;
  } finally {
    agent.destroy();
    // Ends the pool too: the database is dropped next.
    await compiler?.destroy();
    await server.close();
  }

  async function exportCsv(path: string, headers: Record<string, string>): Promise<{ rows: number; seconds: number; grewBytes: number }> {
    const before = await server.memory();
    server.resetPeak();
    const started = performance.now();
    let lines = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.request(new URL(path, server.base), { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`CSV export answered ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        response.on('end', resolve);
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
    const seconds = (performance.now() - started) / 1000;
    const peak = (await server.memory()).peakRss;
    return { rows: lines - 1, seconds, grewBytes: peak - before.rss };
  }
}
