/**
 * The `traction` CLI, run as a user runs it (its bin, in its own process):
 *
 * - cold start of `traction --help`: wall time from spawn to exit, median over runs (the
 *   bundle is built first; React and Ink are not loaded for help), beside bare `node -e 0`;
 * - `traction export admins --out FILE` against a real server seeded with a scaled demo data set
 *   (the largest list it has): rows per second of the whole command, and the CLI process's peak
 *   memory (maxRSS), for a small and a large list, to show that memory does not grow with rows.
 *
 * Runnable alone: `npx tsx bench/cli.bench.ts [--quick]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepAliveAgent } from './lib/http';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, printTable } from './lib/report';
import { startBenchServer, type DatabaseChoice } from './lib/server';
import { signInNewDevice } from './lib/sign-in';

const BIN = fileURLToPath(new URL('../packages/cli/bin/traction.js', import.meta.url));

/** Reports the process's peak resident memory on exit, on stderr, without touching the CLI. */
const PEAK_MEMORY_HOOK = `data:text/javascript,${encodeURIComponent(
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook's own source, a template literal the child process evaluates.
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, `\\n@@maxrss ${process.resourceUsage().maxRSS}\\n`));",
)}`;

export interface CliBenchOptions {
  /** `traction --help` runs measured (after two unmeasured ones). */
  startRuns?: number;
  /** Demo scales exported: 40 admins per unit (1 → 41 rows with the super admin). */
  exportScales?: readonly number[];
  database?: DatabaseChoice;
}

interface Timed {
  ms: number;
  stdout: string;
  stderr: string;
  code: number | null;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ ms: performance.now() - started, stdout, stderr, code }));
  });
}

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(1)} MB`;
const peakKb = (stderr: string) => Number(/@@maxrss (\d+)/.exec(stderr)?.[1] ?? Number.NaN);

/**
 * Cold starts of `traction --help` beside bare `node -e 0`, runs interleaved so both see the same
 * machine load; the last column is the ratio of medians (issue 13: at most 3×).
 */
async function coldStart(runs: number): Promise<string[][]> {
  // Builds the bundle if the sources changed, so no run below pays for it.
  spawnSync(process.execPath, [BIN, '--version'], { stdio: 'ignore' });
  const starts = [
    { label: 'node -e 0 (baseline)', args: ['-e', '0'] },
    { label: 'traction --help', args: [BIN, '--help'] },
  ];
  const samples = starts.map(() => [] as number[]);
  const peaks = starts.map(() => 0);
  for (let i = 0; i < runs + 2; i++) {
    for (const [index, start] of starts.entries()) {
      const result = await run(process.execPath, ['--import', PEAK_MEMORY_HOOK, ...start.args], { PATH: process.env.PATH });
      if (result.code !== 0) throw new Error(`${start.label} exited with ${result.code}: ${result.stderr}`);
      if (i < 2) continue;
      samples[index]!.push(result.ms);
      peaks[index] = Math.max(peaks[index]!, peakKb(result.stderr));
    }
  }
  const summaries = samples.map((times) => summarize(times));
  const baseline = summaries[0]!.median;
  return starts.map((start, index) => {
    const summary = summaries[index]!;
    return [
      start.label,
      String(summary.count),
      ms(summary.median),
      ms(summary.min),
      ms(summary.max),
      mb(peaks[index]!),
      `${(summary.median / baseline).toFixed(2)}×`,
    ];
  });
}

async function exportRun(scale: number, database: DatabaseChoice): Promise<string[]> {
  const server = await startBenchServer({ database, scryptLogN: 12, seedScale: scale });
  const agent = keepAliveAgent(1);
  const folder = mkdtempSync(path.join(tmpdir(), 'traction-cli-bench-'));
  try {
    const session = await signInNewDevice(agent, server.base, server.email, server.password, `bench-cli-${Date.now()}`);
    const out = path.join(folder, 'admins.csv');
    const env = {
      PATH: process.env.PATH,
      XDG_CONFIG_HOME: folder,
      TRACTION_API_URL: server.base.origin,
      TRACTION_TOKEN: session.token,
      TRACTION_DEVICE_ID: session.deviceId,
    };
    const result = await run(process.execPath, ['--import', PEAK_MEMORY_HOOK, BIN, 'export', 'admins', '--out', out, '--json'], env);
    if (result.code !== 0) throw new Error(`export exited with ${result.code}: ${result.stderr}`);
    const { rows } = JSON.parse(result.stdout) as { rows: number };
    const bytes = statSync(out).size;
    return [
      `export admins (${server.label})`,
      rows.toLocaleString('en'),
      `${(bytes / 1024 / 1024).toFixed(2)} MB`,
      ms(result.ms),
      Math.round(rows / (result.ms / 1000)).toLocaleString('en'),
      mb(peakKb(result.stderr)),
    ];
  } finally {
    agent.destroy();
    rmSync(folder, { recursive: true, force: true });
    await server.close();
  }
}

export async function cliBench(options: CliBenchOptions = {}): Promise<void> {
  const runs = options.startRuns ?? 15;
  const scales = options.exportScales ?? [1, 2500];
  const database = options.database ?? { kind: 'pglite' };

  heading('CLI: cold start');
  detail('command', `node ${path.relative(process.cwd(), BIN)} --help, ${runs} runs after 2 warm-up runs`);
  detail('what it loads', 'commander and the command tree from the registry described as data; no zod, React or Ink');
  printTable(['Start', 'runs', 'median', 'min', 'max', 'peak RSS', '× node -e 0'], await coldStart(runs), new Set([1, 2, 3, 4, 5, 6]));

  heading('CLI: export throughput and memory');
  detail('command', 'traction export admins --out FILE (the whole command: start, stream, fsync, rename)');
  detail('data', `scaled demo admins: ${scales.map((scale) => `${scale * 40 + 1} rows`).join(', ')}`);
  const rows: string[][] = [];
  for (const scale of scales) rows.push(await exportRun(scale, database));
  printTable(['Export', 'rows', 'file', 'time', 'rows/s', 'peak RSS'], rows, new Set([1, 2, 3, 4, 5]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const quick = process.argv.includes('--quick');
  await cliBench(quick ? { startRuns: 5, exportScales: [1, 100] } : {});
}
