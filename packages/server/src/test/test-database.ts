import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../db/connect';

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again on close), so the same tests prove
 * both.
 */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const scratch = await createScratchDatabase(serverUrl);
  const opened = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `traction_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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
