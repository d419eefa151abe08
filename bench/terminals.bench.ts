/**
 * Terminals at scale (issue 17), the real server over loopback HTTP:
 * - the terminal list at 100,000 terminals, by search (a serial number, a terminal ID, a
 *   merchant's name) and by state, p50/p95 — on PostgreSQL beside the same two SQL statements
 *   (the page and its count) through `pg`, call by call in turns;
 * - a 20,000-row XLSX of new stock checked, then saved: seconds each and the server's peak memory.
 */
import { utils, write } from '@e965/xlsx';
import { buildPath, commandsById } from '@traction/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../packages/server/src/db/database';
import { filterTerminals, type TerminalFilters, terminalQuery, toTerminalRow } from '../packages/server/src/domains/terminals/terminals.repository';
import { countQuery, pageQuery } from '../packages/server/src/handling/list-runner';
import { keepAliveAgent, send } from './lib/http';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { type DatabaseChoice, startBenchServer } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

export interface TerminalsBenchOptions {
  terminals: number;
  uploadRows: number;
  /** Calls per measured list. */
  calls: number;
}

export const TERMINALS_FULL: TerminalsBenchOptions = { terminals: 100_000, uploadRows: 20_000, calls: 100 };
export const TERMINALS_QUICK: TerminalsBenchOptions = { terminals: 20_000, uploadRows: 5_000, calls: 30 };

const ORDER = { cursor: { column: 't.id', key: 'id', direction: 'desc' } } as const;

function pathOf(commandId: string, input: Record<string, unknown>): string {
  const command = commandsById.get(commandId)!;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (!command.pathParams.includes(key)) query.set(key, String(value));
  return `${buildPath(command, input)}?${query}`;
}

/** A delivery note of new terminals, every row good: serial numbers and TIDs nobody holds yet. */
function stockWorkbook(rows: number): Uint8Array {
  const data: unknown[][] = [['serial_no', 'terminal_id', 'provider', 'model', 'bank_code']];
  for (let n = 0; n < rows; n++)
    data.push([`BENCH-ACX-${String(n).padStart(7, '0')}`, `9B${n.toString(36).toUpperCase().padStart(6, '0')}`, 'Accelerex', 'A920', '058']);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(data), 'Stock');
  return new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

export async function terminalsBench(database: DatabaseChoice, options: TerminalsBenchOptions): Promise<Figure[]> {
  heading(`Terminals at scale: ${options.terminals.toLocaleString('en')} terminals, ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  const server = await startBenchServer({ database, scryptLogN: 12, merchants: 3_000, terminals: options.terminals });
  const agent = keepAliveAgent(1);
  const figures: Figure[] = [];
  const pool = server.databaseUrl ? new pg.Pool({ connectionString: server.databaseUrl, max: 2 }) : undefined;
  pool?.on('error', () => {});
  // Only to compile the server's own queries for the raw side: never executes through Kysely.
  const compiler = pool ? new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) : undefined;
  try {
    detail('demo data loaded in', `${((server.seedMs ?? 0) / 1000).toFixed(1)} s (3,000 merchants, ${options.terminals.toLocaleString('en')} terminals)`);
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-terminals-${Date.now()}`);
    const timed = async (path: string) => {
      const started = performance.now();
      const answer = await send(agent, new URL(path, server.base), { headers: session.headers });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      return { ms: performance.now() - started, text: answer.text };
    };
    const sample = JSON.parse((await timed(pathOf('terminals.list', { state: 'DEPLOYED' }))).text) as {
      items: { serialNo: string; terminalId: string; businessName: string | null }[];
    };
    const pick = (n: number) => sample.items[n % sample.items.length]!;
    const cases: { label: string; inputs: TerminalFilters[] }[] = [
      { label: 'terminal list: search by serial number', inputs: [0, 7, 19, 33, 51].map((n) => ({ search: pick(n).serialNo })) },
      { label: 'terminal list: search by terminal ID', inputs: [2, 9, 23, 41, 66].map((n) => ({ search: pick(n).terminalId })) },
      { label: "terminal list: search by merchant's name", inputs: [4, 12, 28].map((n) => ({ search: (pick(n).businessName ?? 'A').slice(0, 5) })) },
      { label: 'terminal list: by state (faulty)', inputs: [{ state: 'FAULTY' }] },
      { label: 'terminal list: by state (in stock, PAX)', inputs: [{ state: 'IN_STOCK', provider: 'PAX' }] },
    ];
    for (const { label, inputs } of cases) {
      const paths = inputs.map((input) => pathOf('terminals.list', input as Record<string, unknown>));
      const statements =
        compiler &&
        inputs.map((input) => {
          const source = { query: filterTerminals(terminalQuery(compiler), input), ...ORDER, map: toTerminalRow };
          return [pageQuery(source, 1, 100).compile(), countQuery(source).compile()] as const;
        });
      const ours: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < options.calls + 5; i++) {
        const took = (await timed(paths[i % paths.length]!)).ms;
        let rawTook = 0;
        if (pool && statements) {
          const [page, count] = statements[i % statements.length]!;
          const started = performance.now();
          await Promise.all([pool.query(page.sql, page.parameters as unknown[]), pool.query(count.sql, count.parameters as unknown[])]);
          rawTook = performance.now() - started;
        }
        if (i >= 5) {
          ours.push(took);
          raw.push(rawTook);
        }
      }
      const summary = summarize(ours);
      detail(label, `p50 ${ms(summary.median)}, p95 ${ms(summary.p95)}`);
      figures.push({ benchmark: label, database: server.label, samples: summary.count, latency: summary });
      if (pool) {
        const rawSummary = summarize(raw);
        detail(
          '  the same SQL through pg, in turns',
          `p50 ${ms(rawSummary.median)}, p95 ${ms(rawSummary.p95)}: ours ${(summary.p95 / rawSummary.p95).toFixed(2)}× at p95`,
        );
      }
    }

    // The upload: checked (nothing saved), then saved; the server's peak memory over both.
    const bytes = stockWorkbook(options.uploadRows);
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'bench-stock.xlsx'));
      const started = performance.now();
      const answer = await fetch(new URL('/v1/admin/addaccelerexterminals', server.base), { method: 'POST', headers: session.headers, body: form });
      const body = (await answer.json()) as { good?: number; message?: string };
      if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
      return { seconds: (performance.now() - started) / 1000, body };
    };
    const before = await server.memory();
    server.resetPeak();
    const checked = await post({ check: 'true' });
    const saved = await post({});
    const after = await server.memory();
    detail(
      `XLSX upload, ${options.uploadRows.toLocaleString('en')} rows (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB)`,
      `checked in ${checked.seconds.toFixed(2)} s (${checked.body.good?.toLocaleString('en')} good), checked and saved in ${saved.seconds.toFixed(2)} s; server peak ${(after.peakRss / 1024 / 1024).toFixed(0)} MB (+${((after.peakRss - before.rss) / 1024 / 1024).toFixed(0)} MB)`,
    );
    figures.push({
      benchmark: `terminal XLSX upload, ${options.uploadRows} rows, check`,
      database: server.label,
      samples: 1,
      latency: summarize([checked.seconds * 1000]),
    });
    figures.push({
      benchmark: `terminal XLSX upload, ${options.uploadRows} rows, save`,
      database: server.label,
      samples: 1,
      latency: summarize([saved.seconds * 1000]),
    });
    return figures;
  } finally {
    agent.destroy();
    await compiler?.destroy();
    await server.close();
  }
}
