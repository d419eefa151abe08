import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../db/connect';
import { DATABASE_NAME, PGLITE_SNAPSHOT_ENV, TEMPLATE_DATABASE_ENV } from './migrated-template';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so the same tests prove
 * both. Under vitest it starts as a copy of the run's migrated database (test/migrated-template.ts:
 * `migrate()` then finds nothing to do); elsewhere it is empty.
 */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot = migratedSnapshot();
    return openDatabase({ dataDir: 'memory://', ...(snapshot ? { loadDataDir: await snapshot } : {}) });
  }
  const template = process.env[TEMPLATE_DATABASE_ENV];
  const scratch = await createScratchDatabase(serverUrl, template ? { template } : {});
  const opened = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await scratch.drop();
    },
  };
}

let snapshotBytes: Promise<Blob> | undefined;

/** The run's migrated PGlite tarball, read once per test process. */
function migratedSnapshot(): Promise<Blob> | undefined {
  const path = process.env[PGLITE_SNAPSHOT_ENV];
  if (!path) return undefined;
  snapshotBytes ??= readFile(path).then((bytes) => new Blob([bytes]));
  return snapshotBytes;
}

/**
 * A new database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. Empty,
 * or a copy of `template` (a database no one is connected to).
 */
export async function createScratchDatabase(serverUrl: string, options: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `traction_test_${randomBytes(6).toString('hex')}`;
  if (options.template !== undefined && !DATABASE_NAME.test(options.template)) throw new Error(`not a database name: ${options.template}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
