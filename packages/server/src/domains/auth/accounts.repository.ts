import { PERMISSION_IDS, type Admin, type Permission } from '@traction/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { RowOf } from '../../db/row-of';

type Db = Kysely<Database>;

// Admin accounts as signing in and acting sees them: who they are and what they may do. The
// admins domain manages accounts (creates, changes, deletes) and reads them through here.

/** Columns that make an `Admin`, departments included, for any query over `admins as a`. */
export function adminColumns() {
  return [
    'a.id',
    'a.email',
    'a.first_name',
    'a.last_name',
    'a.role',
    'a.created_at',
    'a.last_login_at',
    sql<boolean>`a.password_hash is not null`.as('has_password'),
    sql<{ id: number; name: string }[]>`coalesce((
      select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
      from admin_departments ad join departments d on d.id = ad.department_id
      where ad.admin_id = a.id), '[]'::json)`.as('departments'),
  ] as const;
}

/** Live admins (`a`) as an `Admin` is made from them: the admins list starts here. */
export function adminQuery(db: Db) {
  return db.selectFrom('admins as a').select(adminColumns()).where('a.deleted_at', 'is', null);
}

export type AdminRow = RowOf<typeof adminQuery>;

export function toAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    departments: row.departments,
    status: row.has_password ? 'active' : 'invited',
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
  };
}

export async function findAdmin(db: Db, id: number): Promise<Admin | undefined> {
  const row = await adminQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row ? toAdmin(row) : undefined;
}

export async function findAdminByEmail(db: Db, email: string) {
  return db.selectFrom('admins').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
}

/** What an admin may do: everything for a super admin, else their grants and their departments'. */
export async function effectivePermissions(db: Db, adminId: number, role: string): Promise<Permission[]> {
  if (role === 'super_admin') return [...PERMISSION_IDS];
  const rows = await db
    .selectFrom('admin_permissions')
    .select('permission')
    .where('admin_id', '=', adminId)
    .union(
      db
        .selectFrom('department_permissions as dp')
        .innerJoin('admin_departments as ad', 'ad.department_id', 'dp.department_id')
        .select('dp.permission')
        .where('ad.admin_id', '=', adminId),
    )
    .execute();
  return permissionsOf(
    role,
    rows.map((r) => r.permission),
  );
}

/**
 * The permissions an admin of this role holds, given those granted to them and their
 * departments (as `grantedPermissionsOf` reads them inside another query).
 */
export function permissionsOf(role: string, granted: readonly string[] | null): Permission[] {
  if (role === 'super_admin') return [...PERMISSION_IDS];
  const held = new Set(granted ?? []);
  // Only permissions the catalogue still knows count, in catalogue order.
  return PERMISSION_IDS.filter((p) => held.has(p));
}

/**
 * The permissions granted to the admin `a` and to their departments, as a column of a query
 * over `admins as a` (null when none, or for a super admin, who holds every one anyway): the
 * session check reads them in the same round trip as the session.
 */
export function grantedPermissionsOf() {
  return sql<string[] | null>`case when a.role = 'super_admin' then null else (
    select array_agg(g.permission) from (
      select ap.permission from admin_permissions ap where ap.admin_id = a.id
      union
      select dp.permission from department_permissions dp
        join admin_departments ad on ad.department_id = dp.department_id
        where ad.admin_id = a.id
    ) g
  ) end`.as('granted_permissions');
}
