import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore, openTestDatabase } from '@traction/server/testing';
import { startConsoleServer } from './console-server';
import { DEMO_SNAPSHOT_ENV, DEMO_UPLOADS_ENV } from './demo-snapshot-names';

/**
 * vitest's global setup for the browser tests (after the migrated template's): seeds the demo
 * data set once, through a real server start as every file's would, and dumps the database, so
 * each file's server starts from a copy (e2e/console-server.ts). Nothing is made on DATABASE_URL,
 * where test databases are not PGlite: files seed their own, as before.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  const database = await openTestDatabase();
  if (!database.dumpDataDir) {
    await database.close();
    return undefined;
  }
  const folder = mkdtempSync(join(tmpdir(), 'traction-e2e-demo-'));
  try {
    const uploads = join(folder, 'seeded-uploads');
    mkdirSync(uploads);
    // The server closes the database it is given: keep it open to dump it once the server is down.
    const { server } = await startConsoleServer({ database: { ...database, close: async () => {} }, providers: { files: new LocalFileStore(uploads) } });
    await server.close();
    const tarball = await database.dumpDataDir();
    writeFileSync(join(folder, 'demo.tar'), new Uint8Array(await tarball.arrayBuffer()));
    process.env[DEMO_SNAPSHOT_ENV] = join(folder, 'demo.tar');
    process.env[DEMO_UPLOADS_ENV] = uploads;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
  return () => {
    delete process.env[DEMO_SNAPSHOT_ENV];
    delete process.env[DEMO_UPLOADS_ENV];
    rmSync(folder, { recursive: true, force: true });
  };
}
