import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeededLedger } from '../../packages/server/src/demo/seed-ledger';
import { createDatabase } from './postgres';
import type { DatabaseChoice } from './server';

export interface LedgerChildOptions {
  dataDir: string;
  databaseUrl?: string;
  merchants: number;
  transactions: number;
}

export interface LedgerChildReady {
  type: 'ready';
  url: string;
  email: string;
  password: string;
  database: 'pglite' | 'postgres';
  merchantsMs: number;
  ledgerMs: number;
  seeded: SeededLedger;
  /** Rows of the wallet transaction log. */
  entries: number;
}

export interface RawTimings {
  type: 'raw';
  samples: number[];
}

export interface LedgerServer extends Omit<LedgerChildReady, 'type' | 'url'> {
  base: URL;
  label: string;
  /** The PostgreSQL database's URL, for raw SQL through `pg` from this process. */
  databaseUrl?: string;
  /** Times `runs` executions of a raw statement in the server's process, on its connection (PGlite). */
  raw(sql: string, parameters: unknown[], runs: number): Promise<number[]>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./ledger-server-child.ts', import.meta.url));

/** Starts the real server in a child process on a fresh database loaded with `transactions` wallet transactions. */
export async function startLedgerServer(options: { database: DatabaseChoice; merchants: number; transactions: number }): Promise<LedgerServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'traction-bench-ledger-'));
  const created = options.database.kind === 'postgres' ? await createDatabase(options.database.serverUrl) : undefined;
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await created?.drop();
  };
  const childOptions: LedgerChildOptions = {
    dataDir: join(dataDir, 'db'),
    ...(created ? { databaseUrl: created.url } : {}),
    merchants: options.merchants,
    transactions: options.transactions,
  };
  const child = fork(CHILD, [JSON.stringify(childOptions)], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ready: LedgerChildReady;
  try {
    ready = await new Promise<LedgerChildReady>((resolve, reject) => {
      child.once('message', (message) => resolve(message as LedgerChildReady));
      void exited.then((code) => reject(new Error(`the ledger benchmark server exited with code ${code} before it was ready`)));
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const { type: _type, url, ...rest } = ready;
  return {
    ...rest,
    base: new URL(url),
    label: ready.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
    ...(created ? { databaseUrl: created.url } : {}),
    raw: (sql, parameters, runs) =>
      new Promise<number[]>((resolve) => {
        const onMessage = (message: unknown) => {
          if ((message as { type?: string }).type !== 'raw') return;
          child.off('message', onMessage);
          resolve((message as RawTimings).samples);
        };
        child.on('message', onMessage);
        child.send({ type: 'raw', sql, parameters, runs });
      }),
    close: async () => {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      await cleanup();
    },
  };
}
