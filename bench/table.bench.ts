/**
 * The record table in headless Chromium with 100,000 rows loaded: how long the first render
 * takes, how many rows are in the DOM, and the frame times while scrolling from the first row to
 * the last in jumps of `stepPx` per frame (each frame shows rows never rendered before, harsher
 * than a mouse wheel). Frame times are requestAnimationFrame deltas; Chromium's long animation
 * frames (over 50 ms) are counted beside them. Frame times also measure the machine: on a loaded
 * one the renderer waits for a core, so the renderer's CPU time per frame and the load average are
 * printed too — the CPU time is what the table costs, whatever else runs.
 *
 * `npx tsx bench/table.bench.ts [rows]` runs it alone.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../e2e/browser';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, printFigures, type Figure } from './lib/report';
import type { ScrollRun } from './table/scrollThrough';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HARNESS = path.join(HERE, 'table');
const OUT = path.join(HERE, '..', '.bench', 'table-dist');
const VIEWPORT = { width: 1280, height: 800 };

export interface TableBenchOptions {
  rows: number;
  /** Pixels scrolled per frame; a row is 36 px. */
  stepPx?: number;
}

/** What the harness page exposes as `window.__bench`. */
interface Bench {
  generateMs: number;
  commitMs: number;
  paintedMs: number;
  scrollThrough(step: number): Promise<ScrollRun>;
}

async function buildHarness(): Promise<number> {
  const started = performance.now();
  await build({
    configFile: false,
    root: HARNESS,
    base: './',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir: OUT, emptyOutDir: true },
  });
  return performance.now() - started;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Module scripts do not load from file://, so the harness is served over loopback HTTP. */
async function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(root, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    stat(file).then(
      () => {
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

export async function tableBench(options: TableBenchOptions): Promise<Figure[]> {
  const stepPx = options.stepPx ?? 2_400;
  const label = `${options.rows.toLocaleString('en-NG')} rows`;
  heading(`Record table: ${label} in headless Chromium`);
  const buildMs = await buildHarness();
  detail('harness build (vite)', ms(buildMs));

  const { server, url } = await serve(OUT);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${url}?rows=${options.rows}`);
    await page.locator('[data-row-index="0"]').waitFor();

    await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.paintedMs > 0);
    const first = await page.evaluate(() => {
      const { generateMs, commitMs, paintedMs } = (window as unknown as { __bench: Bench }).__bench;
      return { generateMs, commitMs, paintedMs, rowsInDom: document.querySelectorAll('[data-row-index]').length };
    });
    detail('synthetic rows generated in page', ms(first.generateMs));
    detail('first render: commit / painted', `${ms(first.commitMs)} / ${ms(first.paintedMs)}`);
    detail('rows in the DOM at the top', String(first.rowsInDom));

    const cdp = await browser.newBrowserCDPSession();
    const rendererCpu = async () => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
      return processInfo.filter((process) => process.type === 'renderer').reduce((total, process) => total + process.cpuTime, 0);
    };
    const loadBefore = os.loadavg()[0] ?? 0;
    const cpuBefore = await rendererCpu();
    const run = await page.evaluate((step) => (window as unknown as { __bench: Bench }).__bench.scrollThrough(step), stepPx);
    const cpuPerFrame = (((await rendererCpu()) - cpuBefore) * 1000) / run.frames.length;
    const loadAfter = os.loadavg()[0] ?? 0;

    const lastRowShown = await page.locator(`[data-row-index="${options.rows - 1}"]`).count();
    const frames = summarize(run.frames);
    detail('scrolled', `${(run.scrolledPx / 1e6).toFixed(2)} Mpx in ${run.frames.length} frames of ${stepPx} px`);
    detail('last row reached', lastRowShown === 1 ? 'yes' : 'NO');
    detail('rows in the DOM, most while scrolling', String(run.maxRowsInDom));
    detail('frame median / p95 / p99', `${ms(frames.median)} / ${ms(frames.p95)} / ${ms(frames.p99)}`);
    detail('worst frame', ms(frames.max));
    detail('long animation frames (>50 ms)', run.longFrames.length ? `${run.longFrames.length}, worst ${ms(Math.max(...run.longFrames))}` : '0');
    detail('frames painted before their rows', String(run.blankFrames));
    detail('renderer CPU per frame (all its threads)', ms(cpuPerFrame));
    detail('load average (1 min) before / after', `${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} on ${os.cpus().length} cores`);
    if (pageErrors.length) detail('page errors', pageErrors.join(' | '));

    return [
      { benchmark: `record table ${label}: first render`, database: 'chromium', samples: 1, latency: summarize([first.paintedMs]) },
      { benchmark: `record table ${label}: scroll frame`, database: 'chromium', samples: frames.count, latency: frames },
    ];
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = Number(process.argv[2] ?? 100_000);
  const figures = await tableBench({ rows });
  heading('Summary');
  printFigures(figures);
}
