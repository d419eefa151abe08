import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type CsvCopier, pgliteCopier, postgresCopier } from './csv-copy';
import type { Database } from './database';
import { PGlitePool } from './pglite-pool';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  /** `pglite` (embedded, the default) or `postgres` (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message. */
  location: string;
  /** The database writing CSV itself (COPY), for list exports. */
  copier: CsvCopier;
  close(): Promise<void>;
  /** An in-memory PGlite's whole cluster as a tarball, for `loadDataDir` (tests start from a seeded copy). */
  dumpDataDir?(): Promise<Blob>;
}

const INT8 = 20;
/** Calendar dates stay `YYYY-MM-DD` text: a Date would be some time zone's midnight. */
const DATE = 1082;

/**
 * Opens PostgreSQL at `databaseUrl` when given, otherwise an embedded PGlite database kept in
 * `dataDir` (or in memory when `dataDir` is `memory://`). Both answer the same SQL.
 * 64-bit integers come back as bigint on both, so kobo amounts stay exact.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when an idle PostgreSQL connection fails. */
  onIdleError?: (error: Error) => void;
  /**
   * An in-memory PGlite starts as a copy of this `dumpDataDir()` tarball instead of a new,
   * empty cluster (tests: a migrated database made once per run, see test/migrated-template.ts).
   */
  loadDataDir?: Blob;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8
            ? (value: string) => BigInt(value)
            : oid === DATE
              ? (value: string) => value
              : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose connection the server ends (restart, failover) emits 'error'; without
    // a listener Node would crash. The pool replaces the client on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      location: redact(options.databaseUrl),
      copier: postgresCopier(pool),
      close: () => db.destroy(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? undefined : options.dataDir, {
    parsers: { [INT8]: (value: string) => BigInt(value), [DATE]: (value: string) => value },
    ...(inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new PGlitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    copier: pgliteCopier(pool),
    db,
    kind: 'pglite',
    location: inMemory ? 'memory' : options.dataDir,
    close: () => db.destroy(),
    ...(inMemory ? { dumpDataDir: () => pglite.dumpDataDir('none') } : {}),
  };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}
