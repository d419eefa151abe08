/**
 * The `traction` CLI, run as a user runs it (its bin, in its own process):
 *
 * - cold start of `traction --help`: wall time from spawn to exit, median over runs (the
 *   bundle is built first; React and Ink are not loaded for help), beside bare `node -e 0`;
 * - `traction export admins --out FILE` against a real server seeded with a scaled demo data set
 *   (the largest list it has): rows per second of the whole command, and the CLI process's peak
 *   memory (maxRSS), for a small and a large list, to show that memory does not grow with rows;
 *   beside it `curl -o FILE` of the same download, the raw tool's figures;
 * - 1 M rows from a server that answers as fast as loopback allows (a stand-in streaming canned
 *   rows, with the row-count trailer), so the CLI's own cost shows: into a file, and into a pipe
 *   read at 20 MB/s, where only back-pressure keeps memory flat; curl beside it.
 *
 * Runnable alone: `npx tsx bench/cli.bench.ts [--quick]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  /** Rows streamed by the fast stand-in server (default 1 M). */
  fastRows?: number;
}

interface Timed {
  ms: number;
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a process to its end; `readBytesPerSecond` reads its stdout no faster than that, as a slow consumer would. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, options: { readBytesPerSecond?: number } = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let piped = 0;
    const rate = options.readBytesPerSecond;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!rate) {
        stdout += chunk;
        return;
      }
      piped += chunk.length;
      const ahead = piped / rate - (performance.now() - started) / 1000;
      if (ahead > 0.005) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), ahead * 1000);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, stdout, stderr, code }));
  });
}

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(1)} MB`;
const peakKb = (stderr: string) => Number(/@@maxrss (\d+)/.exec(stderr)?.[1] ?? Number.NaN);
const perSecond = (rows: number, elapsedMs: number) => Math.round(rows / (elapsedMs / 1000)).toLocaleString('en');

/** GNU time reports a child's peak memory; without it curl's is not measured. */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const CURL = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0 ? 'curl' : undefined;

/** `curl -o FILE` of the same download, with its peak memory when GNU time is there. */
async function curlRun(label: string, url: URL, headers: Record<string, string>, out: string, rows: number): Promise<string[]> {
  if (!CURL) return [label, 'curl not installed', '', '', '', ''];
  const curl = ['curl', '-sS', '--fail', '-o', out, ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url.href];
  const [command, ...args] = TIME ? [TIME, '-f', '@@maxrss %M', ...curl] : curl;
  const result = await run(command!, args, { PATH: process.env.PATH });
  if (result.code !== 0) throw new Error(`curl exited with ${result.code}: ${result.stderr}`);
  return [
    label,
    rows.toLocaleString('en'),
    `${(statSync(out).size / 1024 / 1024).toFixed(2)} MB`,
    ms(result.ms),
    perSecond(rows, result.ms),
    TIME ? mb(peakKb(result.stderr)) : 'n/a',
  ];
}

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

async function exportRun(scale: number, database: DatabaseChoice): Promise<string[][]> {
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
      [
        `traction export admins (${server.label})`,
        rows.toLocaleString('en'),
        `${(bytes / 1024 / 1024).toFixed(2)} MB`,
        ms(result.ms),
        perSecond(rows, result.ms),
        mb(peakKb(result.stderr)),
      ],
      await curlRun(
        `curl, the same download`,
        new URL('/v1/admin/list-admins?download=csv', server.base),
        session.headers,
        path.join(folder, 'curl.csv'),
        rows,
      ),
    ];
  } finally {
    agent.destroy();
    rmSync(folder, { recursive: true, force: true });
    await server.close();
  }
}

/** A line of the admins CSV, the same length as the real ones. */
const cannedRow = (id: number) =>
  `${id},Adaeze,Okafor,adaeze.okafor${id}@traction.ng,staff,Risk; Support,active,2026-11-20T09:14:03.000Z,2025-03-02T11:00:00.000Z\n`;

/**
 * Stands in for a server that is never the bottleneck: every request gets `rows` canned rows of
 * the admins CSV, written as fast as the client takes them (honouring back-pressure itself), and
 * the `X-Row-Count` trailer the CLI checks.
 */
async function startFastCsvServer(rows: number): Promise<{ url: URL; close(): Promise<void> }> {
  const block = Buffer.from(Array.from({ length: 1000 }, (_, i) => cannedRow(100_000 + i)).join(''));
  const server = http.createServer((request, response) => {
    const trailers = /trailers/.test(String(request.headers.te ?? ''));
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', ...(trailers ? { trailer: 'X-Row-Count' } : {}) });
    response.write('ID,First name,Last name,Email,Role,Departments,Status,Last sign-in,Created\n');
    let sent = 0;
    const pump = () => {
      while (sent < rows) {
        const take = Math.min(1000, rows - sent);
        sent += take;
        if (!response.write(take === 1000 ? block : block.subarray(0, take * (block.length / 1000)))) return void response.once('drain', pump);
      }
      if (trailers) response.addTrailers({ 'X-Row-Count': String(rows) });
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fastExports(rows: number): Promise<string[][]> {
  const server = await startFastCsvServer(rows);
  const folder = mkdtempSync(path.join(tmpdir(), 'traction-cli-bench-'));
  // The stand-in checks no session; the CLI only needs to believe it has one.
  const env = { PATH: process.env.PATH, XDG_CONFIG_HOME: folder, TRACTION_API_URL: server.url.origin, TRACTION_TOKEN: 'bench', TRACTION_DEVICE_ID: 'bench' };
  const traction = async (label: string, out: string, options: { readBytesPerSecond?: number } = {}) => {
    const result = await run(process.execPath, ['--import', PEAK_MEMORY_HOOK, BIN, 'export', 'admins', '--out', out], env, options);
    if (result.code !== 0) throw new Error(`export exited with ${result.code}: ${result.stderr}`);
    const size = out === '-' ? rows * cannedRow(100_000).length : statSync(out).size;
    return [label, rows.toLocaleString('en'), `${(size / 1024 / 1024).toFixed(2)} MB`, ms(result.ms), perSecond(rows, result.ms), mb(peakKb(result.stderr))];
  };
  try {
    return [
      await traction('traction export admins --out FILE', path.join(folder, 'admins.csv')),
      await curlRun('curl -o FILE', new URL('/v1/admin/list-admins?download=csv', server.url), {}, path.join(folder, 'curl.csv'), rows),
      await traction('traction export admins --out - | reader at 20 MB/s', '-', { readBytesPerSecond: 20 * 1024 * 1024 }),
    ];
  } finally {
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
  detail('beside it', `curl -o FILE of the same download${TIME ? '' : ' (peak memory needs /usr/bin/time)'}`);
  const rows: string[][] = [];
  for (const scale of scales) rows.push(...(await exportRun(scale, database)));
  printTable(['Export', 'rows', 'file', 'time', 'rows/s', 'peak RSS'], rows, new Set([1, 2, 3, 4, 5]));

  const fastRows = options.fastRows ?? 1_000_000;
  heading(`CLI: ${fastRows.toLocaleString('en')} rows from a server that is never the bottleneck`);
  detail('server', 'a stand-in streaming canned admins rows over loopback, with the X-Row-Count trailer');
  detail('what it shows', "the CLI's own cost per row, and that memory stays flat when the reader is slower than the server");
  printTable(['Export', 'rows', 'bytes', 'time', 'rows/s', 'peak RSS'], await fastExports(fastRows), new Set([1, 2, 3, 4, 5]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const quick = process.argv.includes('--quick');
  await cliBench(quick ? { startRuns: 5, exportScales: [1, 100], fastRows: 200_000 } : {});
}
