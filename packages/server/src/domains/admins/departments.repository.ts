import type { Department, Permission } from '@traction/core';
import { isPermission } from '@traction/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database>;

function departmentsQuery(db: Db) {
  return db
    .selectFrom('departments as d')
    .select([
      'd.id',
      'd.name',
      'd.description',
      sql<string[]>`coalesce((select array_agg(dp.permission order by dp.permission) from department_permissions dp where dp.department_id = d.id), '{}')`.as(
        'permissions',
      ),
      sql<bigint>`(select count(*) from admin_departments ad join admins a on a.id = ad.admin_id where ad.department_id = d.id and a.deleted_at is null)`.as(
        'member_count',
      ),
    ]);
}

function toDepartment(row: { id: number; name: string; description: string; permissions: string[]; member_count: bigint }): Department {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions.filter(isPermission),
    memberCount: Number(row.member_count),
  };
}

export async function listDepartmentRows(db: Db): Promise<Department[]> {
  const rows = await departmentsQuery(db).orderBy('d.name').execute();
  return rows.map(toDepartment);
}

export async function findDepartment(db: Db, id: number): Promise<Department | undefined> {
  const row = await departmentsQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row ? toDepartment(row) : undefined;
}

export async function setDepartmentPermissions(db: Db, id: number, permissions: readonly Permission[], grantedBy: number): Promise<void> {
  await db.deleteFrom('department_permissions').where('department_id', '=', id).execute();
  if (permissions.length === 0) return;
  await db
    .insertInto('department_permissions')
    .values(permissions.map((permission) => ({ department_id: id, permission, granted_by: grantedBy })))
    .execute();
}

/** Every permission the given departments hold together. */
export async function permissionsOfDepartments(db: Db, ids: readonly number[]): Promise<Permission[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('department_permissions')
    .select('permission')
    .distinct()
    .where('department_id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.permission).filter(isPermission);
}

/** Takes a permission away from a department; false when it did not hold it. */
export async function deleteDepartmentPermission(db: Db, departmentId: number, permission: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('department_permissions')
    .where('department_id', '=', departmentId)
    .where('permission', '=', permission)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

export async function setDepartmentDescription(db: Db, departmentId: number, description: string): Promise<void> {
  await db.updateTable('departments').set({ description }).where('id', '=', departmentId).execute();
}
