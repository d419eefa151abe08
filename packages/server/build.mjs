// Builds the server for production: src/main.ts and the @traction/core sources it imports,
// bundled into one ES module (dist/main.js, node 20), so `npm start` runs one plain node process
// on compiled JavaScript instead of tsx's wrapper plus a child compiling TypeScript as it loads.
//
// npm packages stay external and load from node_modules at run time: PGlite finds its WASM and
// data files beside its own code, pino, pg and hono are used as published. The bundle must
// therefore sit inside this repository (or an install of it), where node_modules resolves.
//
// The migrations (.sql files read at run time) are copied to dist/migrations, beside the bundle,
// where db/migrate.ts looks for them when it runs bundled. The console's files are not copied:
// main.ts finds packages/web/dist at the same relative place from dist/ as from src/.
//
// Each file is written under a temporary name and renamed into place, so a server starting while
// another build runs never reads half a file.
//
//   node packages/server/build.mjs [--outdir DIR]
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const migrationsSrc = join(packageDir, 'src', 'migrations');

/** Leaves every npm package to node_modules; bundles our own sources and the workspace's (@traction/*). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@traction/') ? undefined : { path: args.path, external: true }));
  },
};

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

function copyAtomically(from, to) {
  const temporary = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

/** Bundles the server into `outDir` (default packages/server/dist); returns the entry file. */
export async function buildServer({ outDir = join(packageDir, 'dist') } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { main: join(packageDir, 'src', 'main.ts') },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Linked, not inline: stack traces can be mapped back (node --enable-source-maps) without
    // the bundle carrying the map.
    sourcemap: 'linked',
    plugins: [externalPackages],
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);

  const migrationsOut = join(outDir, 'migrations');
  mkdirSync(migrationsOut, { recursive: true });
  const migrations = readdirSync(migrationsSrc).filter((name) => name.endsWith('.sql'));
  for (const name of migrations) copyAtomically(join(migrationsSrc, name), join(migrationsOut, name));
  // Landed migrations are never removed, but a renamed draft must not linger in a reused dist/.
  for (const name of readdirSync(migrationsOut)) if (!migrations.includes(name)) rmSync(join(migrationsOut, name), { force: true });
  return join(outDir, 'main.js');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const at = process.argv.indexOf('--outdir');
  const outDir = at === -1 ? undefined : resolve(process.argv[at + 1] ?? '');
  const started = performance.now();
  const entry = await buildServer(outDir ? { outDir } : {});
  const size = (statSync(entry).size / 1024).toFixed(0);
  process.stdout.write(`built ${relative(process.cwd(), entry)} (${size} kB) in ${Math.round(performance.now() - started)} ms\n`);
}
