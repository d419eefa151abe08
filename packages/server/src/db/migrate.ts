import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './connect';

// Beside the sources (src/db → src/migrations); the server build bundles this file into
// dist/main.js and copies the folder beside the bundle (dist/migrations).
const MIGRATIONS_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../migrations/' : './migrations/', import.meta.url));
const FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
// Any fixed number: servers starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK = 7_246_131;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file,
      sql: readFileSync(`${dir}${file}`, 'utf8'),
    }));
}

/** Applies the migrations not yet applied, each in its own transaction. Returns their names. */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`.execute(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const existing = await sql<{ version: number }>`select version from schema_migrations where version = ${migration.version}`.execute(trx);
      if (existing.rows.length > 0) return false;
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(trx);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
