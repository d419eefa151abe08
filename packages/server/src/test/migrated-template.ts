import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { PGlitePool } from '../db/pglite-pool';

/**
 * One migrated database per test run, that every test database starts as a copy of (see
 * test-database.ts): opening PGlite from a dump of it skips initdb (about 2 s of each open), and
 * `create database … template` on PostgreSQL skips the migrations. The real `migrate()` still
 * makes it, so a broken migration fails the run before any test starts, and it still runs where a
 * server opens a database of its own (built-server, the crash tests, client.test's second server).
 *
 * Made by vitest's global setup (test/global-setup.ts), which names it to the test processes in
 * these variables; without them (benchmarks, a script) test databases are made from scratch.
 */

/** The path of a `dumpDataDir()` tarball of a migrated in-memory PGlite. */
export const PGLITE_SNAPSHOT_ENV = 'TRACTION_TEST_PGLITE_SNAPSHOT';
/** The name of a migrated database on the server at DATABASE_URL, to create test databases from. */
export const TEMPLATE_DATABASE_ENV = 'TRACTION_TEST_TEMPLATE_DATABASE';

/** Database names this module writes into SQL: made here or by createScratchDatabase, checked when read back. */
export const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Migrates a new in-memory PGlite and dumps it to a file in a new temporary folder; answers the file and how to remove it. */
export async function makePgliteSnapshot(): Promise<{ path: string; remove(): void }> {
  const pglite = await PGlite.create();
  const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  let tarball: Blob;
  try {
    await migrate(db);
    tarball = await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
  const dir = mkdtempSync(join(tmpdir(), 'traction-test-snapshot-'));
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, new Uint8Array(await tarball.arrayBuffer()));
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Creates and migrates a database on the PostgreSQL server at `serverUrl`; answers its name and how to drop it. */
export async function makeTemplateDatabase(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `traction_test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const opened = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await migrate(opened.db);
    } finally {
      // No connection may stay open to a template while a database is created from it.
      await opened.close();
    }
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return { name, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
