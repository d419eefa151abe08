import type { Role } from '@traction/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { containsPattern } from '../../db/like';

type Db = Kysely<Database>;

/** Email or full name containing the text, for a query over `admins as a`. */
export function adminSearch(text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return sql<SqlBool>`(a.email ilike ${pattern} or (a.first_name || ' ' || a.last_name) ilike ${pattern})`;
}

/** Members of the department, for a query over `admins as a`. */
export function inDepartment(departmentId: number) {
  return (eb: ExpressionBuilder<Database & { a: Database['admins'] }, 'a'>) =>
    eb.exists(eb.selectFrom('admin_departments as ad').select('ad.admin_id').whereRef('ad.admin_id', '=', 'a.id').where('ad.department_id', '=', departmentId));
}

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
  const rows = await db
    .selectFrom('departments')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A new admin, invited (no password yet), in their departments. Returns the id. */
export async function insertAdmin(
  db: Db,
  admin: { email: string; firstName: string; lastName: string; role: Role; departmentIds: readonly number[]; createdBy: number; at: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('admins')
    .values({ email: admin.email, first_name: admin.firstName, last_name: admin.lastName, role: admin.role, created_by: admin.createdBy, created_at: admin.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (admin.departmentIds.length > 0) {
    await db
      .insertInto('admin_departments')
      .values(admin.departmentIds.map((department_id) => ({ admin_id: id, department_id })))
      .execute();
  }
  return id;
}

export async function setAdminRole(db: Db, adminId: number, role: Role): Promise<void> {
  await db.updateTable('admins').set({ role }).where('id', '=', adminId).execute();
}

/** Marks an admin deleted — kept, so the audit log still names them — without grants or departments. */
export async function markAdminDeleted(db: Db, adminId: number, at: Date): Promise<void> {
  await db.deleteFrom('admin_permissions').where('admin_id', '=', adminId).execute();
  await db.deleteFrom('admin_departments').where('admin_id', '=', adminId).execute();
  await db.updateTable('admins').set({ deleted_at: at, password_hash: null }).where('id', '=', adminId).execute();
}
