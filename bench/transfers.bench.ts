/**
 * Transfers (issue 15), against the real server in its own process with the sandbox transfer
 * provider answering after 50 ms (a NIP provider's quick answer):
 * - validation of a 10,000-row bulk file: the upload over HTTP until its checks answer (every
 *   row's bank, check digit, amount, duplicates, references, and a name enquiry per row, 32 at a
 *   time), beside csv-parse reading the same bytes (the raw tool: what the file costs to read);
 * - a 10,000-row bulk upload end to end: from the second admin's approval until every row is
 *   final (started through the ledger, sent through the provider, answered), in rows per second,
 *   beside the provider-bound floor: the worker's sends at once × 1 / latency.
 *
 * Runnable alone: `npx tsx bench/transfers.bench.ts [--quick] [--no-postgres] [--no-pglite]`.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { nuban } from '@traction/core';
import { keepAliveAgent, json, send } from './lib/http';
import { createDatabase, findPostgres, type PostgresServer } from './lib/postgres';
import { detail, heading, printTable } from './lib/report';
import type { DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';
import type { TransfersChildOptions, TransfersChildReady } from './lib/transfers-server-child';

export interface TransfersBenchOptions {
  rows: number;
  latencyMs: number;
  /** Jobs the server's worker runs at once (TRACTION_JOB_CONCURRENCY). */
  concurrency: number;
}

export const TRANSFERS_FULL: TransfersBenchOptions = { rows: 10_000, latencyMs: 50, concurrency: 16 };
export const TRANSFERS_QUICK: TransfersBenchOptions = { rows: 1_000, latencyMs: 50, concurrency: 16 };

const CHILD = fileURLToPath(new URL('./lib/transfers-server-child.ts', import.meta.url));
const BANKS = ['058', '044', '057', '011', '033', '070', '221', '214', '232', '035'];

export interface TransfersFigure {
  database: string;
  validationMs: number;
  parseMs: number;
  endToEndMs: number;
  rowsPerSecond: number;
  floorRowsPerSecond: number;
  outcome: string;
}

function bulkFile(rows: number): string {
  const lines = ['bank_code,account_number,amount,narration,reference,account_name'];
  for (let index = 0; index < rows; index += 1) {
    const bank = BANKS[index % BANKS.length]!;
    // Serials that provoke nothing (the sandbox's 99x endings fail, pend or time out).
    const serial = `${String(300_000 + index).padStart(6, '0')}${String(100 + (index % 700)).padStart(3, '0')}`;
    lines.push(`${bank},${nuban(bank, serial)},100.00,Benchmark payout ${index + 1},,`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A GET, asked again when the connection is reset: a keep-alive connection the server closes as
 * it is reused resets (more often while the server is busy sending), and a read is safe to repeat.
 */
async function readAgain<T>(url: URL, headers: Record<string, string>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await fetch(url, { headers });
      return (await answer.json()) as T;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function startChild(database: DatabaseChoice, options: TransfersBenchOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'traction-bench-transfers-'));
  const created = database.kind === 'postgres' ? await createDatabase(database.serverUrl) : undefined;
  const childOptions: TransfersChildOptions = {
    dataDir: join(dataDir, 'db'),
    ...(created ? { databaseUrl: created.url } : {}),
    latencyMs: options.latencyMs,
    concurrency: options.concurrency,
  };
  const child = fork(CHILD, [JSON.stringify(childOptions)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await new Promise<TransfersChildReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as TransfersChildReady));
    child.once('exit', (code) => reject(new Error(`the transfers benchmark server exited (${code}) before it was ready`)));
  });
  return {
    ready,
    close: async () => {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      await created?.drop();
    },
  };
}

async function measure(database: DatabaseChoice, options: TransfersBenchOptions): Promise<TransfersFigure> {
  const server = await startChild(database, options);
  const label = server.ready.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    const base = new URL(server.ready.url);
    const agent = keepAliveAgent(8);
    const uploader = await signInNewDevice(agent, base, server.ready.uploader.email, server.ready.uploader.password, 'bench-uploader');
    const approver = await signInNewDevice(agent, base, server.ready.approver.email, server.ready.approver.password, 'bench-approver');
    const file = bulkFile(options.rows);

    let begun = performance.now();
    parse(file, { columns: true, skip_empty_lines: true });
    const parseMs = performance.now() - begun;

    const form = new FormData();
    form.append('from', 'wallet');
    form.append('business', String(server.ready.businessId));
    form.append('file', new File([file], 'bench.csv'));
    begun = performance.now();
    const uploaded = await fetch(new URL('/ft/v1/bulk/upload', base), { method: 'POST', headers: uploader.headers, body: form });
    const validationMs = performance.now() - begun;
    const upload = ((await uploaded.json()) as { upload: { id: number; validRows: number; approvalRequestId: number | null } }).upload;
    if (upload.validRows !== options.rows) throw new Error(`the benchmark file should be all valid: ${JSON.stringify(upload)}`);

    const submitted = json<{ upload: { approvalRequestId: number } }>(
      await send(agent, new URL(`/ft/v1/bulk/${upload.id}/submit`, base), {
        method: 'POST',
        headers: { ...uploader.headers, 'idempotency-key': `bench-submit-${upload.id}` },
        body: { id: upload.id, reason: 'Benchmark payouts' },
      }),
      'submit',
    );
    begun = performance.now();
    const approved = await send(agent, new URL(`/api/approvals/${submitted.upload.approvalRequestId}/approve`, base), {
      method: 'POST',
      headers: { ...approver.headers, 'idempotency-key': `bench-approve-${upload.id}` },
    });
    if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text.slice(0, 300)}`);
    let progress: { status: string; progress: { done: number; succeeded: number; failed: number } };
    for (;;) {
      progress = (await readAgain<{ upload: typeof progress }>(new URL(`/ft/v1/bulk/${upload.id}`, base), uploader.headers)).upload;
      if (progress.status === 'DONE') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const endToEndMs = performance.now() - begun;
    agent.destroy();
    return {
      database: label,
      validationMs,
      parseMs,
      endToEndMs,
      rowsPerSecond: (options.rows / endToEndMs) * 1_000,
      floorRowsPerSecond: (options.concurrency * 1_000) / options.latencyMs,
      outcome: `${progress.progress.succeeded} paid, ${progress.progress.failed} failed`,
    };
  } finally {
    await server.close();
  }
}

export async function transfersBench(databases: readonly DatabaseChoice[], options: TransfersBenchOptions): Promise<TransfersFigure[]> {
  heading(`Transfers: a ${options.rows.toLocaleString('en')}-row bulk upload, the sandbox provider answering after ${options.latencyMs} ms`);
  detail('validation', 'upload until checked (name enquiry per row, 32 at once) vs csv-parse of the same bytes');
  detail('end to end', `approval until every row is final; floor = ${options.concurrency} sends at once / ${options.latencyMs} ms`);
  const figures: TransfersFigure[] = [];
  for (const database of databases) {
    const figure = await measure(database, options);
    figures.push(figure);
    detail(`${figure.database} validation`, `${Math.round(figure.validationMs)} ms (csv-parse ${Math.round(figure.parseMs)} ms)`);
    detail(`${figure.database} end to end`, `${Math.round(figure.endToEndMs)} ms, ${figure.rowsPerSecond.toFixed(0)} rows/s (${figure.outcome})`);
  }
  printTable(
    ['Database', 'validate ms', 'csv-parse ms', 'rows/s', 'floor rows/s', 'of floor'],
    figures.map((figure) => [
      figure.database,
      String(Math.round(figure.validationMs)),
      String(Math.round(figure.parseMs)),
      figure.rowsPerSecond.toFixed(0),
      figure.floorRowsPerSecond.toFixed(0),
      `${((figure.rowsPerSecond / figure.floorRowsPerSecond) * 100).toFixed(0)}%`,
    ]),
    new Set([1, 2, 3, 4, 5]),
  );
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Set(process.argv.slice(2));
  const databases: DatabaseChoice[] = args.has('--no-pglite') ? [] : [{ kind: 'pglite' }];
  let postgres: PostgresServer | undefined;
  if (!args.has('--no-postgres')) {
    const found = await findPostgres();
    if ('unavailable' in found) console.log(`PostgreSQL skipped: ${found.unavailable}`);
    else {
      postgres = found;
      databases.push({ kind: 'postgres', serverUrl: found.url });
    }
  }
  try {
    await transfersBench(databases, args.has('--quick') ? TRANSFERS_QUICK : TRANSFERS_FULL);
  } finally {
    await postgres?.stop();
  }
}
