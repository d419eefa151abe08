import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../scripts/throwaway-postgres.sh', import.meta.url));

export interface PostgresServer {
  /** A URL to a database on the server with the right to create databases. */
  url: string;
  /** How it was found, for the report. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server to measure: the one DATABASE_URL names, or else a throwaway one started
 * with scripts/throwaway-postgres.sh (durable settings: fsync stays on). Answers why not when
 * neither is possible, so the caller can skip the PostgreSQL figures.
 */
export async function findPostgres(): Promise<PostgresServer | { unavailable: string }> {
  const given = process.env.DATABASE_URL;
  if (given) return { url: given, origin: 'DATABASE_URL', stop: async () => {} };
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [SCRIPT, 'start'], { timeout: 120_000 }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    return { unavailable: stderr?.split('\n').at(-1) ?? String(error) };
  }
  const values = new Map(
    stdout
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const dir = values.get('PG_DIR');
  const url = values.get('DATABASE_URL');
  if (!dir || !url) return { unavailable: `unexpected answer from ${SCRIPT}: ${stdout}` };
  let stopped: Promise<void> | undefined;
  return {
    url,
    origin: `throwaway server on port ${values.get('PG_PORT')}`,
    stop: () => (stopped ??= run('bash', [SCRIPT, 'stop', dir], { timeout: 120_000 }).then(() => undefined)),
  };
}

/** A new, empty database on the server, dropped again by `drop`. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `traction_bench_${randomBytes(5).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
