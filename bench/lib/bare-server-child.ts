/**
 * The yardstick for the request pipeline: a bare Hono + `pg` server, in its own process, that
 * answers GET /merchants?search=… with exactly the SQL the real server's merchant search runs
 * (the page and its count, at once) and the same JSON. No authentication, validation, audit,
 * headers or logging: what is left is the database, the row mapping and the HTTP server.
 *
 * The SQL is built once per search text from the real implementation (`merchants.list`) with a
 * Kysely that only compiles, so it cannot drift from what the server runs. Started by
 * bare-server.ts; options come as JSON in argv[2]; answers `{type: 'ready', url}` over IPC.
 */
import { serve } from '@hono/node-server';
import { commandsById, type AnyCommand } from '@traction/core';
import { implementations } from '@traction/server';
import { Hono } from 'hono';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { countQuery, pageQuery } from '../../packages/server/src/handling/list-runner';
import type { BareChildOptions } from './bare-server';

const options = JSON.parse(process.argv[2] ?? '{}') as BareChildOptions;
const INT8 = 20;
const DATE = 1082;

/** The same pool as the real server's: its size and its parsers (64-bit integers as bigint, dates as text). */
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

const compiler = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

interface Prepared {
  rows: CompiledQuery;
  count: CompiledQuery;
  map: (row: unknown) => object;
  pageSize: number;
}

const command = commandsById.get('merchants.list') as AnyCommand;
const implementation = implementations.find((i) => i.command.id === 'merchants.list');
if (!implementation?.list || !command.list) throw new Error('merchants.list is not a list implementation');
const pageSize = command.list.pageSize;

const prepared = new Map<string, Prepared>();
for (const search of options.searches) {
  const input = command.input.parse({ search, page: 1 }) as Record<string, unknown>;
  // Only the query builder is used: nothing here reads the context's other parts.
  const open = implementation.list({ input, ctx: { db: compiler } as never });
  prepared.set(
    search,
    open((source) => ({
      rows: pageQuery(source, 1, pageSize).compile(),
      count: countQuery(source).compile(),
      map: source.map as (row: unknown) => object,
      pageSize,
    })),
  );
}

const bigintToString = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

const app = new Hono();
app.get('/merchants', async (c) => {
  const query = prepared.get(c.req.query('search') ?? '');
  if (!query) return c.json({ message: 'not a prepared search' }, 404);
  const [read, counted] = await Promise.all([
    pool.query(query.rows.sql, query.rows.parameters as unknown[]),
    pool.query<{ total: bigint }>(query.count.sql, query.count.parameters as unknown[]),
  ]);
  const total = Number(counted.rows[0]?.total ?? 0);
  const last = read.rows.at(-1) as { id?: unknown } | undefined;
  const hasMore = query.pageSize < total;
  const page = {
    items: read.rows.map(query.map),
    page: 1,
    pageSize: query.pageSize,
    total,
    hasMore,
    next: hasMore && last ? Number(last.id) : null,
  };
  return c.body(JSON.stringify(page, bigintToString), 200, { 'content-type': 'application/json; charset=utf-8' });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${info.port}` });
});

const close = async () => {
  server.close();
  await pool.end();
  process.exit(0);
};
process.on('message', (message: { type?: string }) => {
  if (message.type === 'close') void close();
});
process.on('disconnect', () => void close());
