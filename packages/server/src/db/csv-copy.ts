import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { PGlitePool } from './pglite-pool';

/**
 * PostgreSQL writing a query's rows as CSV itself (`COPY … TO`), the fastest way out of the
 * database: no rows parsed into JavaScript, no strings built per cell. The query must carry no
 * parameters (COPY takes none): see `inlineParameters`.
 */
export interface CsvCopier {
  /**
   * Whether the whole result arrives at once (PGlite writes COPY into one in-memory blob): the
   * caller then copies a bounded window at a time, so memory stays flat however many rows match.
   */
  windowed: boolean;
  /** The rows of `query` as CSV bytes (no header), in chunks; returns how many rows were written. */
  copy(query: string): AsyncGenerator<Uint8Array, number>;
}

/** Bytes per chunk handed to the response. */
const CHUNK_BYTES = 64 * 1024;

const copyStatement = (query: string, target: string) => `COPY (${query}) TO ${target} WITH (FORMAT csv)`;

/** Streams COPY TO STDOUT from a pooled connection, with the response's backpressure. */
export function postgresCopier(pool: pg.Pool): CsvCopier {
  return {
    windowed: false,
    async *copy(query) {
      const client = await pool.connect();
      let finished = false;
      const stream = client.query(copyTo(copyStatement(query, 'STDOUT')));
      try {
        // COPY sends a message per row: gathered into larger chunks, so the response handles
        // tens of them rather than one per row.
        let gathered: Buffer[] = [];
        let size = 0;
        for await (const chunk of stream) {
          gathered.push(chunk as Buffer);
          size += (chunk as Buffer).length;
          if (size >= CHUNK_BYTES) {
            yield Buffer.concat(gathered, size);
            gathered = [];
            size = 0;
          }
        }
        if (size > 0) yield Buffer.concat(gathered, size);
        finished = true;
        return stream.rowCount;
      } finally {
        if (finished) client.release();
        else {
          // Left mid-COPY (the client went away): the connection is still in COPY mode, so it is
          // closed rather than handed to the next request.
          stream.destroy();
          client.release(new Error('CSV copy abandoned'));
        }
      }
    },
  };
}

/** COPY into PGlite's in-memory blob, taking the embedded database's one connection in turn. */
export function pgliteCopier(pool: PGlitePool): CsvCopier {
  return {
    windowed: true,
    async *copy(query) {
      const result = await pool.exclusive((pglite: PGlite) => pglite.query(copyStatement(query, "'/dev/blob'")));
      const bytes = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array();
      if (bytes.length) yield bytes;
      return result.affectedRows ?? 0;
    },
  };
}
