import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { dropSnapshot } from './export-snapshot';
import { expireExportFiles } from './exports.repository';

/**
 * Deletes the bytes of export files past their keeping date (the record stays, as expired), and
 * the snapshot tables of exports that were deleted or failed part-way.
 */
export async function pruneExpiredExports(deps: AppDeps): Promise<void> {
  const expired = await expireExportFiles(deps.db, deps.clock.now());
  for (const id of expired) await dropSnapshot(deps.db, id);
  const orphans = await sql<{ id: number }>`
    select substring(c.relname from 'export_rows_([0-9]+)$')::int as id
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema() and c.relname ~ '^export_rows_[0-9]+$'
      and not exists (select 1 from export_files e where e.id = substring(c.relname from 'export_rows_([0-9]+)$')::int and e.status in ('QUEUED', 'RUNNING'))`.execute(
    deps.db,
  );
  for (const { id } of orphans.rows) await dropSnapshot(deps.db, id);
}
