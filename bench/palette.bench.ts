/**
 * Command palette keystroke latency in headless Chromium: the console's real PaletteSearch over
 * 5,000 synthetic entries, built with Vite into .bench/palette-dist and served to the page from
 * disk (Playwright routes, no port). For each typed character and backspace the page measures,
 * with performance.now(), from the keydown to React committing the new list, and to the start
 * of the next frame. Run alone: `npx tsx bench/palette.bench.ts [entries] [keystrokes]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { KeystrokeSample } from './palette/main';
import { ms, summarize } from './lib/percentiles';
import { detail, heading, printFigures, type Figure } from './lib/report';

const HARNESS = fileURLToPath(new URL('./palette', import.meta.url));
const DIST = fileURLToPath(new URL('../.bench/palette-dist', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A localhost origin is a secure context (crypto.randomUUID and friends); Playwright answers
// every request to it from disk, so nothing needs to listen on the port.
const ORIGIN = 'http://localhost:5199';

/** What admins type: distinct queries, so no query's ranking is served from another's. */
const QUERIES = [
  'wallet reverse',
  'kyc doc',
  'terminal map',
  'settlement export',
  'admin',
  'transfer providus',
  'approve loan',
  'fraud rule',
  'virtual acc',
  'pricing band',
  'bulk sweep',
  'cashback',
  'referral',
  'reset dev',
  'broadcast',
  'deduction csv',
  'unmap term',
  'credit wallet',
  'freeze business',
  'sync vfd',
  'retry wema',
  'override code',
];

export interface PaletteBenchOptions {
  /** Entries in the palette's index. */
  entries: number;
  /** Measured keystrokes (typed characters and backspaces). */
  keystrokes: number;
}

/** Each query typed in full and erased again, until `count` keys; one key list per query. */
function keySequence(count: number): string[][] {
  const rounds: string[][] = [];
  for (let round = 0, total = 0; total < count; round++) {
    const query = QUERIES[round % QUERIES.length]!;
    const keys = [...query.split('').map((char) => (char === ' ' ? 'Space' : char)), ...Array.from(query, () => 'Backspace')].slice(0, count - total);
    rounds.push(keys);
    total += keys.length;
  }
  return rounds;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

async function buildHarness(): Promise<void> {
  await build({
    configFile: false,
    root: HARNESS,
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    build: { outDir: DIST, emptyOutDir: true },
  });
}

export async function paletteBench(options: PaletteBenchOptions): Promise<Figure[]> {
  heading(`Command palette: keystroke to updated list, ${options.entries.toLocaleString('en')} entries, headless Chromium`);
  if (!existsSync(CHROMIUM)) {
    detail('skipped', `${CHROMIUM} is missing (apt-get install -y chromium)`);
    return [];
  }
  const builtAt = performance.now();
  await buildHarness();
  detail('harness build', ms(performance.now() - builtAt));

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    await page.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = resolve(DIST, `.${path === '/' ? '/index.html' : path}`);
      if (!file.startsWith(DIST) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ status: 200, contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) });
    });
    await page.goto(`${ORIGIN}/index.html?entries=${options.entries}`);
    await page.waitForFunction(() => window.paletteBench?.ready === true, undefined, { timeout: 30_000 });

    // Warm-up: the first keystrokes pay for JIT compilation and first layouts.
    const warmUp = Math.min(40, Math.max(10, Math.floor(options.keystrokes / 5)));
    let pressed = 0;
    for (const keys of keySequence(warmUp + options.keystrokes)) {
      // A fresh copy of the index drops rankEntries' per-index cache: each query starts cold,
      // as the first query after sign-in does; its own prefixes may still narrow its search.
      await page.evaluate(() => window.paletteBench.renewIndex());
      for (const key of keys) {
        await page.keyboard.press(key);
        pressed++;
        await page.waitForFunction((n) => window.paletteBench.samples.length >= n, pressed, { timeout: 10_000 });
      }
    }
    const samples = (await page.evaluate(() => window.paletteBench.samples)).slice(warmUp) as KeystrokeSample[];
    const shown = await page.evaluate(() => window.paletteBench.entries);
    if (shown !== options.entries) throw new Error(`the harness indexed ${shown} entries, not ${options.entries}`);

    const commit = summarize(samples.map((s) => s.commitMs));
    const frame = summarize(samples.map((s) => s.frameMs));
    const typing = summarize(samples.filter((s) => s.key !== 'Backspace').map((s) => s.commitMs));
    const erasing = summarize(samples.filter((s) => s.key === 'Backspace').map((s) => s.commitMs));
    detail('browser', `Chromium ${browser.version()}`);
    detail('keystrokes (after warm-up)', `${samples.length} (+${warmUp})`);
    detail('to commit, median / p95', `${ms(commit.median)} / ${ms(commit.p95)}`);
    detail('to next frame, median / p95', `${ms(frame.median)} / ${ms(frame.p95)}`);
    detail('commit median, typing / backspace', `${ms(typing.median)} / ${ms(erasing.median)}`);
    detail('slowest keystroke (commit)', `${ms(commit.max)}`);
    return [
      { benchmark: `palette keystroke → list committed, ${options.entries} entries`, database: '-', samples: samples.length, latency: commit },
      { benchmark: `palette keystroke → next frame, ${options.entries} entries`, database: '-', samples: samples.length, latency: frame },
    ];
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entries = '5000', keystrokes = '200'] = process.argv.slice(2);
  const figures = await paletteBench({ entries: Number(entries), keystrokes: Number(keystrokes) });
  heading('Summary');
  printFigures(figures);
}
