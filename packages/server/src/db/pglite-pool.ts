import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const MODIFYING = /^\s*(insert|update|delete|merge)\b/i;
const WITH_MODIFYING = /^\s*with\b[\s\S]*\b(insert|update|delete|merge)\b/i;

/**
 * Presents one embedded PGlite database to Kysely's PostgresDialect as a pool of one
 * connection. PGlite is a single session, so a connection is lent to one caller at a time:
 * a transaction holds it from BEGIN to COMMIT and nothing else can interleave with it.
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    const pglite = this.pglite;
    let released = false;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        if (parameters.length === 0) {
          // Parameterless text may be a whole migration script: run it with the simple protocol.
          const results = await pglite.exec(sql);
          const last = results[results.length - 1];
          return {
            command: commandOf(sql),
            rowCount: last?.affectedRows ?? 0,
            rows: (last?.rows ?? []) as R[],
          };
        }
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return { command: commandOf(sql), rowCount: result.affectedRows ?? 0, rows: result.rows };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    } as PostgresPoolClient;
  }

  /** Runs `work` on the database directly while holding its one connection (COPY into a blob). */
  async exclusive<T>(work: (pglite: PGlite) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      return await work(this.pglite);
    } finally {
      connection.release();
    }
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}

// Kysely reads `command` only to decide whether `rowCount` means "rows affected".
function commandOf(sql: string): 'UPDATE' | 'SELECT' {
  return MODIFYING.test(sql) || WITH_MODIFYING.test(sql) ? 'UPDATE' : 'SELECT';
}
