// Bundles the CLI's TypeScript (and @traction/core's) into dist/ with esbuild, so that `traction`
// starts on plain Node without a TypeScript loader: about a third of the start-up time of
// running the sources through tsx. npm packages stay external and load from node_modules;
// services, React and Ink sit behind dynamic imports and land in their own chunks, so `--help`
// loads only the command tree, built from the registry as data (no zod).
//
// Each build goes to dist/build-<id>/ and dist/current.json names the newest, replaced
// atomically, so a process starting while another rebuilds never reads half a bundle.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(packageDir, 'dist');
const pointerFile = join(distDir, 'current.json');

const coreSrc = () => dirname(fileURLToPath(import.meta.resolve('@traction/core')));

/**
 * Every source file and folder (tests excluded) and the newest modification time among them.
 * Folders count because adding or removing a file changes its folder's mtime.
 */
export function listSources() {
  const dirs = [join(packageDir, 'src'), coreSrc()];
  const paths = [join(packageDir, 'package.json'), join(coreSrc(), '..', 'package.json')];
  for (const dir of dirs) {
    paths.push(dir);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      if (entry.isDirectory()) paths.push(path);
      else if (/\.(ts|tsx|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) paths.push(path);
    }
  }
  let newest = 0;
  for (const path of paths) newest = Math.max(newest, statSync(path).mtimeMs);
  return { paths, newest };
}

/**
 * The bundle's entry file when no source changed since it was built, else undefined. Only the
 * paths recorded at build time are looked at (one stat each, no folder walk), which is cheap
 * enough for every start.
 */
export function freshEntry() {
  let pointer;
  try {
    pointer = JSON.parse(readFileSync(pointerFile, 'utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(pointer.sources)) return undefined;
  for (const path of pointer.sources) {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats || stats.mtimeMs > pointer.newest) return undefined;
  }
  return join(distDir, pointer.dir, 'main.js');
}

/**
 * Packages bundled although they are npm packages: commander is loaded by every start, and as a
 * CommonJS package imported from ESM Node would parse it for its exports each time (~15 ms).
 */
const BUNDLED = new Set(['commander']);

/** Packages left to node_modules: everything the CLI and core depend on, except the workspace's own and BUNDLED. */
function externals() {
  const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
  const cli = read(join(packageDir, 'package.json'));
  const core = read(join(coreSrc(), '..', 'package.json'));
  return [...Object.keys(cli.dependencies ?? {}), ...Object.keys(core.dependencies ?? {})].filter(
    (name) => !name.startsWith('@traction/') && !BUNDLED.has(name),
  );
}

/** The module that describes the registry; in the bundle it is replaced by what it computes. */
const registryDataModule = join(packageDir, 'src', 'flags', 'registry-data.ts');

/**
 * Runs src/flags/registry-data.ts once (bundled alone into dist/) and returns the registry as
 * JSON: each command without its zod schemas, and its input fields as flags take them.
 */
async function registryData(esbuild, externals, dir) {
  const file = join(distDir, `${dir}.registry-data.mjs`);
  await esbuild({
    entryPoints: [registryDataModule],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: externals,
    logLevel: 'warning',
  });
  try {
    const { REGISTRY_DATA } = await import(pathToFileURL(file).href);
    return JSON.stringify(REGISTRY_DATA);
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Puts the registry into the bundle as data: `traction --help`, completion and every parse error
 * then start without zod and the registry's schemas (about two thirds of the start-up time),
 * which load only when a command runs (src/flags/command-index.ts).
 */
function registryAsData(json) {
  return {
    name: 'registry-as-data',
    setup(build) {
      build.onLoad({ filter: /[\\/]flags[\\/]registry-data\.ts$/ }, (args) =>
        args.path === registryDataModule ? { contents: `export const REGISTRY_DATA = JSON.parse(${JSON.stringify(json)});\n`, loader: 'js' } : undefined,
      );
    },
  };
}

/** Builds dist/build-<id>/ and points dist/current.json at it; returns the entry file. */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  // Listed before bundling: a file saved during the build makes the next start rebuild again.
  const sources = listSources();
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const outdir = join(distDir, dir);
  const data = await registryData(esbuild, externals(), dir);
  await esbuild({
    plugins: [registryAsData(data)],
    // BUNDLED CommonJS packages require Node's own modules; an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __tractionCreateRequire } from 'node:module';\nconst require = __tractionCreateRequire(import.meta.url);" },
    entryPoints: { main: join(packageDir, 'src', 'main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    external: externals(),
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  const pointer = { dir, builtAt: new Date().toISOString(), newest: sources.newest, sources: sources.paths };
  const temporary = `${pointerFile}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pointer)}\n`);
  renameSync(temporary, pointerFile);
  pruneOldBuilds(dir);
  return join(outdir, 'main.js');
}

/**
 * Removes builds other than the current one once they are an hour old: a process started on an
 * older build still loads its chunks lazily (a command's services, the Ink screens), so a build
 * is not deleted while such a process may still need it.
 */
function pruneOldBuilds(current) {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('build-') || entry.name === current) continue;
    if (statSync(join(distDir, entry.name)).mtimeMs < cutoff) rmSync(join(distDir, entry.name), { recursive: true, force: true });
  }
}

/** The entry to run: the current bundle, rebuilt first if stale; undefined if it cannot be built here. */
export async function ensureBuilt() {
  const entry = freshEntry();
  if (entry) return entry;
  try {
    mkdirSync(distDir, { recursive: true });
    return await build();
  } catch (error) {
    if (process.env.TRACTION_DEBUG) process.stderr.write(`traction: could not bundle (${error.message}); running the sources\n`);
    return undefined;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const entry = await build();
  process.stdout.write(`built ${relative(process.cwd(), entry)}\n`);
}
