/**
 * The server as it is started for real, before and after it ran from a build:
 *
 * - `tsx packages/server/src/main.ts` (what `npm start` ran before: tsx's wrapper process plus a
 *   node child compiling the TypeScript as it loads, still what `npm run dev` runs);
 * - `node packages/server/dist/main.js` (what `npm start` runs now: one node process on the
 *   bundle that `npm run build:server` writes).
 *
 * Each run starts on an embedded (PGlite) database: a fresh one without demo data, a fresh one
 * with the demo data `npm start` loads (3,000 merchants), and one already migrated and seeded (a
 * restart: PGlite creating a database is most of a first start's time and memory). It measures
 * the time from spawning the process to
 * the "listening" log line and to the first answer of GET /health; then the resident memory of
 * every process involved (the one spawned and its descendants, from /proc) right after start-up
 * and again after a few requests (a sign-in from a new device at the default password cost,
 * list pages, the OpenAPI document, the console's index).
 *
 * Runnable alone: `npx tsx bench/server-start.bench.ts [--quick]`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPath, commandsById } from '@traction/core';
import { keepAliveAgent, send } from './lib/http';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, printTable } from './lib/report';
import { signInNewDevice } from './lib/sign-in';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = path.join(ROOT, 'packages/server/src/main.ts');
const BUILD_SCRIPT = path.join(ROOT, 'packages/server/build.mjs');
const BUNDLE = path.join(ROOT, 'packages/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'packages/web/dist/index.html');
const TSX_CLI = fileURLToPath(import.meta.resolve('tsx/cli'));
const ADMIN = 'bench-start@traction.ng';
const ADMIN_PASSWORD = 'bench-start-passphrase-2026';
const LISTENING = 'Traction Admin is listening';

export interface ServerStartOptions {
  /** Starts measured per variant and data set. */
  runs?: number;
  /** Demo merchants of the demo data set (as `npm start`: 3,000). */
  demoMerchants?: number;
}

interface Variant {
  label: string;
  args: readonly string[];
}

interface RunFigures {
  listeningMs: number;
  healthMs: number;
  processes: number;
  startRssKb: number;
  afterRequestsRssKb: number;
}

/** The process and its descendants (tsx's wrapper has a child), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The command name may hold spaces and parentheses: the fields that follow start after the last ')'.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** Resident memory of the process tree, in kB, and how many processes it has. */
function treeRss(root: number): { kb: number; processes: number } {
  let kb = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) {
        kb += Number(match[1]);
        processes += 1;
      }
    } catch {
      // Exited between the listing and the read.
    }
  }
  return { kb, processes };
}

function pathOf(commandId: string, input: Record<string, unknown>): string {
  const command = commandsById.get(commandId);
  if (!command) throw new Error(`no command ${commandId}`);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (!command.pathParams.includes(key)) query.set(key, String(value));
  return `${buildPath(command, input)}?${query.toString()}`;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface DataSet {
  label: string;
  demo: boolean;
  /** A database already migrated and seeded by an earlier, unmeasured start (a restart). */
  existing: boolean;
}

async function startOnce(variant: Variant, data: DataSet, dataDir: string, demoMerchants: number): Promise<RunFigures> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    TRACTION_DATA_DIR: dataDir,
    TRACTION_DEMO: data.demo ? 'true' : 'false',
    TRACTION_DEMO_MERCHANTS: String(demoMerchants),
    TRACTION_ADMIN_EMAIL: ADMIN,
    TRACTION_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
  };
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const agent = keepAliveAgent(1);
  try {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const listening = await new Promise<{ url: string; at: number }>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        for (const line of out.split('\n')) {
          if (!line.includes(LISTENING)) continue;
          resolve({ url: (JSON.parse(line) as { url: string }).url, at: performance.now() });
          return;
        }
      });
      child.once('exit', (code) => reject(new Error(`${variant.label} exited (${code}) before listening: ${stderr.slice(-2000)}`)));
    });
    const base = new URL(listening.url);
    const health = await send(agent, new URL('/health', base));
    const healthAt = performance.now();
    if (health.status !== 200) throw new Error(`/health answered ${health.status}: ${health.text}`);
    const afterStart = treeRss(child.pid!);

    const session = await signInNewDevice(agent, base, ADMIN, ADMIN_PASSWORD, `bench-start-${Date.now()}`);
    const paths = [
      pathOf('admins.list', { page: 1 }),
      pathOf('merchants.list', { page: 1 }),
      pathOf('merchants.list', { search: 'Divine', page: 1 }),
      pathOf('kyc.list', { status: 'ALL', page: 1 }),
      '/openapi.json',
      ...(existsSync(WEB_INDEX) ? ['/'] : []),
    ];
    for (let round = 0; round < 5; round++) {
      for (const requestPath of paths) {
        const answer = await send(agent, new URL(requestPath, base), { headers: session.headers });
        // The console's index is 404 while a console build (npm test runs one) empties its folder.
        if (answer.status !== 200 && !(requestPath === '/' && answer.status === 404))
          throw new Error(`GET ${requestPath} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
    }
    const afterRequests = treeRss(child.pid!);
    return {
      listeningMs: listening.at - started,
      healthMs: healthAt - started,
      processes: afterStart.processes,
      startRssKb: afterStart.kb,
      afterRequestsRssKb: afterRequests.kb,
    };
  } finally {
    agent.destroy();
    await stop(child);
  }
}

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;

export async function serverStartBench(options: ServerStartOptions = {}): Promise<void> {
  const runs = options.runs ?? 3;
  const demoMerchants = options.demoMerchants ?? 3_000;
  heading('Server start: sources through tsx vs. the compiled bundle');
  if (!existsSync('/proc/self/status')) {
    detail('skipped', 'resident memory is read from /proc (Linux only)');
    return;
  }
  const buildStarted = performance.now();
  const built = spawnSync(process.execPath, [BUILD_SCRIPT], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server build failed: ${built.stderr}`);
  detail('build (npm run build:server)', ms(performance.now() - buildStarted));
  detail('runs', `${runs} per row (fresh: a new PGlite folder each; restart: one folder seeded beforehand); median shown`);
  detail('memory', 'RSS summed over the process and its children; after start-up, then after a sign-in and 30 GETs');
  if (!existsSync(WEB_INDEX)) detail('note', 'no console build (npm run build:web): GET / is left out');

  const variants: Variant[] = [
    { label: 'tsx packages/server/src/main.ts (before)', args: [TSX_CLI, SOURCES] },
    { label: 'node packages/server/dist/main.js (now)', args: [BUNDLE] },
  ];
  const merchants = `${demoMerchants.toLocaleString('en')} merchants`;
  const dataSets: DataSet[] = [
    { label: 'fresh, TRACTION_DEMO=false', demo: false, existing: false },
    { label: `fresh, demo (${merchants})`, demo: true, existing: false },
    { label: `restart, demo (${merchants})`, demo: true, existing: true },
  ];
  const rows: string[][] = [];
  for (const data of dataSets) {
    // A restart reuses one database, migrated and seeded once beforehand by the compiled server.
    const shared = data.existing ? mkdtempSync(path.join(tmpdir(), 'traction-start-bench-')) : undefined;
    try {
      if (shared) await startOnce(variants[1]!, data, shared, demoMerchants);
      for (const variant of variants) {
        const figures: RunFigures[] = [];
        for (let run = 0; run < runs; run++) {
          const dataDir = shared ?? mkdtempSync(path.join(tmpdir(), 'traction-start-bench-'));
          try {
            figures.push(await startOnce(variant, data, dataDir, demoMerchants));
          } finally {
            if (!shared) rmSync(dataDir, { recursive: true, force: true });
          }
        }
        const median = (pick: (f: RunFigures) => number) => summarize(figures.map(pick)).median;
        rows.push([
          variant.label,
          data.label,
          String(Math.max(...figures.map((f) => f.processes))),
          ms(median((f) => f.listeningMs)),
          ms(median((f) => f.healthMs)),
          mb(median((f) => f.startRssKb)),
          mb(median((f) => f.afterRequestsRssKb)),
        ]);
      }
    } finally {
      if (shared) rmSync(shared, { recursive: true, force: true });
    }
  }
  printTable(['Server', 'data', 'procs', 'to listening', 'to /health', 'RSS started', 'RSS after requests'], rows, new Set([2, 3, 4, 5, 6]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await serverStartBench(process.argv.includes('--quick') ? { runs: 1 } : {});
}
