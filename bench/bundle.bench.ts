/**
 * Initial JavaScript of the console, gzip bytes: what a browser downloads before the login form
 * and before the signed-in shell's landing page can run, and the largest route chunk. Built with
 * the project's own Vite config into .bench/bundle-dist (the served dist is left alone).
 *
 * Runnable alone: `npx tsx bench/bundle.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { heading, printTable } from './lib/report';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleFigure {
  what: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, '.bench/bundle-dist');

/** A chunk and everything it imports statically: what loading it costs. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

function measure(manifest: Manifest, what: string, keys: Set<string>): BundleFigure {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const key of keys) {
    const file = readFileSync(path.join(OUT, manifest[key]!.file));
    rawBytes += file.length;
    gzipBytes += gzipSync(file, { level: 6 }).length;
  }
  return { what, files: keys.size, rawBytes, gzipBytes };
}

const keyOf = (manifest: Manifest, source: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) throw new Error(`${source} is not a chunk of the build (was it made lazy?)`);
  return key;
};

export async function bundleBench(): Promise<BundleFigure[]> {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: OUT, emptyOutDir: true, manifest: 'manifest.json' },
  });
  const manifest = JSON.parse(readFileSync(path.join(OUT, 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const initial = closure(manifest, [entry]);
  const login = closure(manifest, [entry, keyOf(manifest, 'modules/auth/LoginPage.tsx')]);
  const shell = closure(manifest, [entry, keyOf(manifest, 'modules/shell/ShellLayout.tsx'), keyOf(manifest, 'modules/overview/QuickAccessPage.tsx')]);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && k.includes('modules/'))
    .map((k) => {
      // A route's own cost once the shell is there: its chunk and the imports nobody loaded yet.
      const own = new Set([...closure(manifest, [k])].filter((c) => !shell.has(c)));
      return measure(manifest, `largest route chunk: ${path.basename(k)}`, own);
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return [
    measure(manifest, 'entry (framework, router, guard)', initial),
    measure(manifest, 'initial JS of /login', login),
    measure(manifest, 'initial JS of the shell (/quick-access)', shell),
    ...(routes[0] ? [routes[0]] : []),
  ];
}

export function printBundleFigures(figures: readonly BundleFigure[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  printTable(
    ['Bundle', 'files', 'raw', 'gzip'],
    figures.map((f) => [f.what, String(f.files), kb(f.rawBytes), kb(f.gzipBytes)]),
    new Set([1, 2, 3]),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  heading('Console bundle');
  printBundleFigures(await bundleBench());
}
