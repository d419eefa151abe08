import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

export async function countLiveSuperAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select(sql<bigint>`count(*)`.as('n'))
    .where('role', '=', 'super_admin')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function existingDepartmentIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('departments').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
