/**
 * Export jobs at scale (issue 21): the real server with a million demo sales, on PostgreSQL and
 * PGlite, measured side by side with the raw tool on the same data in the same run:
 * - an export job of every sale (POST /v1/exports, polled until READY): rows/s from the request to
 *   the file being ready, against `psql \copy` of the same query (the list's COPY query, its cells
 *   formatted in SQL; PostgreSQL only), and the server's memory growth meanwhile;
 * - the ready file's download;
 * - a second export, the server killed (SIGKILL) once half the rows are written and started again
 *   on the same data: how long the job takes to finish after the new server is up, and that the
 *   file still holds every row exactly once.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { commandsById } from '@traction/core';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../packages/server/src/db/database';
import { listImplementation } from '../packages/server/src/handlers';
import { backgroundContext } from '../packages/server/src/handling/handler-context';
import { csvCopyQuery } from '../packages/server/src/handling/list-runner';
import type { AppDeps } from '../packages/server/src/deps';
import { json, keepAliveAgent, send } from './lib/http';
import { summarize } from './lib/percentiles';
import { detail, heading, type Figure } from './lib/report';
import { type DatabaseChoice, startBenchServer } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

const run = promisify(execFile);

export interface ExportsBenchOptions {
  sales: number;
}

export const EXPORTS_FULL: ExportsBenchOptions = { sales: 1_000_000 };
export const EXPORTS_QUICK: ExportsBenchOptions = { sales: 100_000 };

const LIST = 'sales.list';

interface ExportView {
  id: number;
  status: string;
  rowsTotal: number | null;
  rowsDone: number;
  bytes: number;
  error: string | null;
}

export async function exportsBench(database: DatabaseChoice, options: ExportsBenchOptions): Promise<Figure[]> {
  heading(`Export jobs: ${options.sales.toLocaleString('en')} sales, ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
  const server = await startBenchServer({ database, scryptLogN: 12, merchants: 2_000, sales: options.sales });
  const agent = keepAliveAgent(2);
  const figures: Figure[] = [];
  const pool = server.databaseUrl ? new pg.Pool({ connectionString: server.databaseUrl, max: 1 }) : undefined;
  pool?.on('error', () => {});
  const compiler = pool ? new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) : undefined;
  try {
    detail(
      'demo data loaded in',
      `${((server.seedMs ?? 0) / 1000).toFixed(1)} s (2,000 merchants, their stores and catalogues, ${options.sales.toLocaleString('en')} sales)`,
    );
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-exports-${Date.now()}`);
    const call = (method: string, path: string, body?: unknown) =>
      send(agent, new URL(path, server.base), { method, headers: session.headers, ...(body ? { body } : {}) });
    const start = async () => json<ExportView>(await call('POST', '/v1/exports', { list: LIST, filters: {} }), 'start an export');
    const look = async (id: number) => json<ExportView>(await call('GET', `/v1/exports/${id}`), 'an export');
    const until = async (id: number, done: (view: ExportView) => boolean) => {
      for (;;) {
        const view = await look(id).catch(() => undefined);
        if (view?.status === 'FAILED') throw new Error(`export ${id} failed: ${view.error}`);
        if (view && done(view)) return view;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // 1. A whole export job, and psql beside it, in turns (three rounds; medians reported).
    const copyQuery = compiler ? salesCopyQuery(compiler) : undefined;
    const rounds: { seconds: number; rows: number; grewBytes: number; psql?: number }[] = [];
    for (let round = 0; round < (database.kind === 'postgres' ? 3 : 1); round++) {
      const before = await server.memory();
      server.resetPeak();
      const started = performance.now();
      const job = await start();
      const ready = await until(job.id, (view) => view.status === 'READY');
      const seconds = (performance.now() - started) / 1000;
      const grewBytes = (await server.memory()).peakRss - before.rss;
      let psql: number | undefined;
      if (copyQuery && server.databaseUrl) {
        const copyStarted = performance.now();
        await run('psql', [server.databaseUrl, '-q', '-c', `\\copy (${copyQuery}) to '/dev/null' with csv header`], { maxBuffer: 1 << 20 });
        psql = (performance.now() - copyStarted) / 1000;
      }
      rounds.push({ seconds, rows: ready.rowsTotal ?? 0, grewBytes, ...(psql !== undefined ? { psql } : {}) });
      await call('DELETE', `/v1/exports/${job.id}`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows = rounds[0]!.rows;
    const seconds = median(rounds.map((r) => r.seconds));
    const rate = (s: number) => `${Math.round(rows / s).toLocaleString('en')} rows/s`;
    const grew = Math.max(...rounds.map((r) => r.grewBytes));
    detail(
      'export job, every sale (asked → file ready)',
      `${rows.toLocaleString('en')} rows in ${seconds.toFixed(2)} s${rounds.length > 1 ? ` (median of ${rounds.length})` : ''} = ${rate(seconds)}; server +${(grew / 1024 / 1024).toFixed(0)} MB at most (target < 64 MB)`,
    );
    figures.push({
      benchmark: 'export job, every sale',
      database: server.label,
      samples: rounds.length,
      latency: summarize(rounds.map((r) => r.seconds * 1000)),
    });
    if (rounds[0]!.psql !== undefined) {
      const psql = median(rounds.map((r) => r.psql!));
      detail('  psql \\copy of the same query', `${rate(psql)}: ours ${(psql / seconds).toFixed(2)}× (target ≥ 0.7×)`);
    }

    // 2. The ready file's download.
    const kept = await start();
    await until(kept.id, (view) => view.status === 'READY');
    const downloadStarted = performance.now();
    const downloaded = await download(new URL(`/v1/exports/${kept.id}/file`, server.base), session.headers);
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    detail(
      '  its download',
      `${(downloaded.bytes / 1024 / 1024).toFixed(0)} MB, ${downloaded.rows.toLocaleString('en')} rows in ${downloadSeconds.toFixed(2)} s`,
    );

    // 3. Killed halfway, started again: the time to finish after the restart, and the file whole.
    const resumed = await start();
    const half = await until(resumed.id, (view) => view.rowsTotal !== null && view.rowsDone >= view.rowsTotal / 2);
    await server.kill();
    const restartStarted = performance.now();
    await server.restart();
    const upSeconds = (performance.now() - restartStarted) / 1000;
    const finishStarted = performance.now();
    const finished = await until(resumed.id, (view) => view.status === 'READY');
    const finishSeconds = (performance.now() - finishStarted) / 1000;
    const check = await download(new URL(`/v1/exports/${resumed.id}/file`, server.base), session.headers);
    detail(
      'killed halfway, started again',
      `killed at ${half.rowsDone.toLocaleString('en')} of ${(half.rowsTotal ?? 0).toLocaleString('en')} rows; the new server up in ${upSeconds.toFixed(1)} s, the file ready ${finishSeconds.toFixed(2)} s later (a whole export: ${seconds.toFixed(2)} s); ${check.rows.toLocaleString('en')} rows in the file${check.rows === finished.rowsTotal ? ', every one' : ` — expected ${finished.rowsTotal}`}`,
    );
    return figures;
  } finally {
    agent.destroy();
    await compiler?.destroy();
    await server.close();
  }
}

/** The COPY query the server's sales list exports, parameters written in (for psql beside it). */
function salesCopyQuery(compiler: Kysely<Database>): string | undefined {
  const list = listImplementation(LIST)!;
  const ctx = backgroundContext({} as AppDeps, compiler, new Date(), 'bench');
  const input = list.command.input.parse({ page: 1 }) as Record<string, unknown>;
  return list.list({ input, ctx })((source) => csvCopyQuery(source, commandsById.get(LIST)!.list!.columns));
}

/** Reads a file answer through, counting its bytes and CSV lines (rows, the header not counted). */
function download(url: URL, headers: Record<string, string>): Promise<{ bytes: number; rows: number }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let lines = 0;
    const request = http.request(url, { headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`download answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      });
      response.on('end', () => resolve({ bytes, rows: lines - 1 }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
