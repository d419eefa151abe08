import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from './postgres';

/** Where a benchmark's server keeps its data. */
export type DatabaseChoice = { kind: 'pglite' } | { kind: 'postgres'; serverUrl: string };

export interface ChildOptions {
  dataDir: string;
  databaseUrl?: string;
  scryptLogN?: number;
  seedScale: number;
  /** Demo merchants to load (with their accounts and KYC records). */
  merchants?: number;
  /** Demo payment logs to load after the merchants (with their settlement groups and the monitoring rollups). */
  payments?: number;
  /** Demo terminals to load after the merchants (in every state). */
  terminals?: number;
  /** Demo sales (with the merchants' stores and catalogues) to load after the merchants. */
  sales?: number;
  /** A restart on the data a killed server left: no seeding; the admin is the one made then. */
  reuse?: { email: string; password: string };
}

export interface ChildReady {
  type: 'ready';
  url: string;
  email: string;
  password: string;
  database: 'pglite' | 'postgres';
  scryptLogN: number;
  /** Time spent loading demo merchants, if any. */
  seedMs?: number;
}

/** The server process's memory, as it reports it. */
export interface ServerMemory {
  type: 'memory';
  rss: number;
  heapUsed: number;
  /** Largest rss since the last `resetPeak`. */
  peakRss: number;
}

export interface BenchServer {
  base: URL;
  email: string;
  password: string;
  scryptLogN: number;
  /** `PGlite` or `PostgreSQL`, for the report. */
  label: string;
  /** How long loading the demo merchants took, when asked for. */
  seedMs?: number;
  /** The PostgreSQL database it runs on (none on PGlite), for a second process to read the same data. */
  databaseUrl?: string;
  /** Asks the server process for its memory now. */
  memory(): Promise<ServerMemory>;
  /** Starts a new peak-memory measurement in the server process. */
  resetPeak(): void;
  /** Kills the server process (SIGKILL, as a crash would), keeping its data. */
  kill(): Promise<void>;
  /** Starts a new server process on the data the last one left; `base` then names it. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

/**
 * Starts the real server (startServer, 127.0.0.1, port 0) in a child process on a fresh
 * database: a temporary PGlite folder, or a new database on the PostgreSQL server. `close`
 * stops it and deletes the data.
 */
export async function startBenchServer(options: {
  database: DatabaseChoice;
  scryptLogN?: number;
  seedScale?: number;
  merchants?: number;
  payments?: number;
  terminals?: number;
  sales?: number;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'traction-bench-'));
  const created = options.database.kind === 'postgres' ? await createDatabase(options.database.serverUrl) : undefined;
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await created?.drop();
  };
  const childOptions: ChildOptions = {
    dataDir: join(dataDir, 'db'),
    ...(created ? { databaseUrl: created.url } : {}),
    ...(options.scryptLogN ? { scryptLogN: options.scryptLogN } : {}),
    seedScale: options.seedScale ?? 1,
    ...(options.merchants ? { merchants: options.merchants } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.terminals ? { terminals: options.terminals } : {}),
    ...(options.sales ? { sales: options.sales } : {}),
  };
  // The child keeps this process's Node flags (they include tsx's loader), plus any given in
  // BENCH_SERVER_NODE_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=.bench/profiles` to profile the server.
  const extraFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const spawn = async (settings: ChildOptions) => {
    const child = fork(CHILD, [JSON.stringify(settings)], {
      execArgv: [...process.execArgv, ...extraFlags],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<ChildReady>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildReady));
      void exited.then((code) => reject(new Error(`the benchmark server exited with code ${code} before it was ready`)));
    });
    return { child, exited, ready };
  };
  let current: Awaited<ReturnType<typeof spawn>>;
  try {
    current = await spawn(childOptions);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const first = current.ready;
  const server: BenchServer = {
    base: new URL(first.url),
    email: first.email,
    password: first.password,
    scryptLogN: first.scryptLogN,
    label: first.database === 'pglite' ? 'PGlite' : 'PostgreSQL',
    ...(first.seedMs !== undefined ? { seedMs: first.seedMs } : {}),
    ...(created ? { databaseUrl: created.url } : {}),
    memory: () =>
      new Promise<ServerMemory>((resolve) => {
        const { child } = current;
        const onMessage = (message: unknown) => {
          if ((message as { type?: string }).type !== 'memory') return;
          child.off('message', onMessage);
          resolve(message as ServerMemory);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory' });
      }),
    resetPeak: () => void current.child.send({ type: 'reset-peak' }),
    kill: async () => {
      current.child.kill('SIGKILL');
      await current.exited;
    },
    restart: async () => {
      current = await spawn({
        dataDir: childOptions.dataDir,
        ...(childOptions.databaseUrl ? { databaseUrl: childOptions.databaseUrl } : {}),
        seedScale: 0,
        ...(childOptions.scryptLogN ? { scryptLogN: childOptions.scryptLogN } : {}),
        reuse: { email: first.email, password: first.password },
      });
      server.base = new URL(current.ready.url);
    },
    close: async () => {
      const { child, exited } = current;
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      await cleanup();
    },
  };
  return server;
}
