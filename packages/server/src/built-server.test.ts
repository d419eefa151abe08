import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './test/test-database';

/**
 * What `npm start` runs: the server built by build.mjs, started as one plain node process (no
 * TypeScript loader) with TRACTION_DEMO=false on a fresh database, answering /health. Proves the
 * bundle finds its npm packages (PGlite's WASM among them) and its migrations at run time.
 */

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const MIGRATIONS = readdirSync(join(PACKAGE_DIR, 'src', 'migrations')).filter((name) => name.endsWith('.sql'));

let outDir: string;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  // Inside the package (dist/ is git-ignored), not in the system temp folder: the bundle's npm
  // imports resolve from node_modules above it, as they do from dist/main.js.
  mkdirSync(join(PACKAGE_DIR, 'dist'), { recursive: true });
  outDir = mkdtempSync(join(PACKAGE_DIR, 'dist', 'built-server-test-'));
  dataDir = mkdtempSync(join(tmpdir(), 'traction-built-server-'));
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL);
    databaseUrl = scratch.url;
    dropDatabase = () => scratch.drop();
  }
});

afterAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

function listening(child: ChildProcess): Promise<{ url: string; migrations: string[] }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"Traction Admin is listening"'));
      if (line) resolve(JSON.parse(line) as { url: string; migrations: string[] });
    });
    child.once('exit', (code) => reject(new Error(`the built server exited (${code}) before listening:\n${out}\n${err}`)));
  });
}

describe('the built server', () => {
  it('builds, starts as one node process on a fresh database, answers /health and stops on SIGTERM', async () => {
    const build = spawnSync(process.execPath, [join(PACKAGE_DIR, 'build.mjs'), '--outdir', outDir], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(readdirSync(join(outDir, 'migrations')).sort()).toEqual([...MIGRATIONS].sort());

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      TRACTION_DEMO: 'false',
      TRACTION_DATA_DIR: dataDir,
      TRACTION_ADMIN_PASSWORD: 'built-server-test-passphrase',
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const child = spawn(process.execPath, [join(outDir, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const started = await listening(child);
      expect(started.migrations).toEqual([...MIGRATIONS].sort());

      const health = await fetch(`${started.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
