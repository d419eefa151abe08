import { PERMISSION_IDS, type Permission } from '@traction/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

/** The permissions granted to an admin directly (not through a department), in catalogue order. */
export async function directPermissions(db: Db, adminId: number): Promise<Permission[]> {
  const rows = await db.selectFrom('admin_permissions').select('permission').where('admin_id', '=', adminId).execute();
  const held = new Set(rows.map((r) => r.permission));
  return PERMISSION_IDS.filter((p) => held.has(p));
}

/** An admin's departments with each one's permissions (a row per permission; null for none). */
export function departmentPermissionRows(db: Db, adminId: number) {
  return db
    .selectFrom('admin_departments as ad')
    .innerJoin('departments as d', 'd.id', 'ad.department_id')
    .leftJoin('department_permissions as dp', 'dp.department_id', 'd.id')
    .select(['d.id', 'd.name', 'dp.permission'])
    .where('ad.admin_id', '=', adminId)
    .orderBy('d.name')
    .execute();
}

/** Grants permissions to admins; ones already held are left as they are. Returns the admins that gained one. */
export async function insertGrants(db: Db, adminIds: readonly number[], permissions: readonly Permission[], grantedBy: number, at: Date): Promise<Set<number>> {
  if (adminIds.length === 0 || permissions.length === 0) return new Set();
  const inserted = await sql<{ admin_id: number }>`
    insert into admin_permissions (admin_id, permission, granted_by, granted_at)
    select target, permission, ${grantedBy}, ${at}
    from unnest(${[...adminIds]}::integer[]) as target cross join unnest(${[...permissions]}::text[]) as permission
    on conflict (admin_id, permission) do nothing
    returning admin_id`.execute(db);
  return new Set(inserted.rows.map((row) => row.admin_id));
}

/** Takes a direct grant away; false when the admin did not hold it directly. */
export async function deleteGrant(db: Db, adminId: number, permission: string): Promise<boolean> {
  const removed = await db.deleteFrom('admin_permissions').where('admin_id', '=', adminId).where('permission', '=', permission).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
