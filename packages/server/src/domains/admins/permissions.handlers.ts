import {
  adminPermissions,
  conflict,
  getDepartment,
  grantPermissions,
  grantPermissionsBulk,
  isPermission,
  listDepartments,
  notFound,
  permissionCatalogue,
  PERMISSION_IDS,
  PERMISSIONS,
  revokeDepartmentPermission,
  revokeUserPermission,
  updateDepartment,
  type Admin,
  type Permission,
} from '@traction/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { requireAdmin } from '../../http/handler-context';
import { implement } from '../../http/implement';
import { resolveSelection } from '../../http/selection';
import { listAdminsHandler } from './admins.handlers';
import { effectivePermissions, findAdmin } from '../auth/index';
import { findDepartment, listDepartmentRows, setDepartmentPermissions } from './departments.repository';
import { assertHoldsAll, assertOutranks } from './guards';

async function directPermissions(db: Kysely<Database>, adminId: number): Promise<Permission[]> {
  const rows = await db.selectFrom('admin_permissions').select('permission').where('admin_id', '=', adminId).execute();
  const held = new Set(rows.map((r) => r.permission));
  return PERMISSION_IDS.filter((p) => held.has(p));
}

export const permissionCatalogueHandler = implement(permissionCatalogue, async () => ({
  items: PERMISSION_IDS.map((id) => ({ id, label: PERMISSIONS[id].label, group: PERMISSIONS[id].group })),
}));

export const adminPermissionsHandler = implement(adminPermissions, async ({ input, ctx }) => {
  const admin = await findAdmin(ctx.db, input.id);
  if (!admin) throw notFound(`Admin ${input.id} does not exist`);
  const departments = await ctx.db
    .selectFrom('admin_departments as ad')
    .innerJoin('departments as d', 'd.id', 'ad.department_id')
    .leftJoin('department_permissions as dp', 'dp.department_id', 'd.id')
    .select(['d.id', 'd.name', 'dp.permission'])
    .where('ad.admin_id', '=', admin.id)
    .orderBy('d.name')
    .execute();
  const byDepartment = new Map<number, { id: number; name: string; permissions: Permission[] }>();
  for (const row of departments) {
    const entry = byDepartment.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
    if (row.permission && isPermission(row.permission)) entry.permissions.push(row.permission);
    byDepartment.set(row.id, entry);
  }
  return {
    adminId: admin.id,
    email: admin.email,
    name: `${admin.firstName} ${admin.lastName}`,
    role: admin.role,
    direct: await directPermissions(ctx.db, admin.id),
    departments: [...byDepartment.values()],
    effective: await effectivePermissions(ctx.db, admin.id, admin.role),
  };
});

export const grantPermissionsHandler = implement(grantPermissions, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const requested = [...new Set(input.permissions)] as Permission[];
  assertHoldsAll(actor, requested);
  const target = await findAdmin(ctx.db, input.user_id);
  if (!target) throw notFound(`Admin ${input.user_id} does not exist`);
  assertOutranks(actor, target, "change a super admin's permissions");
  // A direct grant would outlive the role: demoted later, the admin would keep it.
  if (target.role === 'super_admin') throw conflict(`${target.email} is a super admin and holds every permission already`, { reason: 'super_admin_holds_all' });
  const before = new Set(await directPermissions(ctx.db, target.id));
  const granted = requested.filter((p) => !before.has(p));
  if (granted.length > 0) {
    await ctx.db
      .insertInto('admin_permissions')
      .values(granted.map((permission) => ({ admin_id: target.id, permission, granted_by: actor.id, granted_at: ctx.now })))
      .execute();
  }
  return { adminId: target.id, direct: await directPermissions(ctx.db, target.id), granted };
});

export const grantPermissionsBulkHandler = implement(grantPermissionsBulk, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const requested = [...new Set(input.permissions)] as Permission[];
  assertHoldsAll(actor, requested);
  const { rows, missing } = await resolveSelection<Admin>(ctx, listAdminsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such admin' }));
  const targets: number[] = [];
  for (const admin of rows) {
    if (admin.role === 'super_admin') skipped.push({ id: admin.id, reason: 'super admins hold every permission' });
    else targets.push(admin.id);
  }
  let changed = 0;
  if (targets.length > 0) {
    const inserted = await sql<{ admin_id: number }>`
      insert into admin_permissions (admin_id, permission, granted_by, granted_at)
      select target, permission, ${actor.id}, ${ctx.now}
      from unnest(${targets}::integer[]) as target cross join unnest(${requested}::text[]) as permission
      on conflict (admin_id, permission) do nothing
      returning admin_id`.execute(ctx.db);
    changed = new Set(inserted.rows.map((row) => row.admin_id)).size;
  }
  return { matched: rows.length, changed, skipped };
});

export const revokeUserPermissionHandler = implement(revokeUserPermission, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  assertHoldsAll(actor, [input.permission], 'remove');
  const target = await findAdmin(ctx.db, input.user_id);
  if (!target) throw notFound(`Admin ${input.user_id} does not exist`);
  assertOutranks(actor, target, "change a super admin's permissions");
  const removed = await ctx.db
    .deleteFrom('admin_permissions')
    .where('admin_id', '=', target.id)
    .where('permission', '=', input.permission)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) {
    throw notFound(`${target.email} does not hold "${input.permission}" directly (it may come from a department)`);
  }
  return { ok: true as const, message: `Revoked "${input.permission}" from ${target.email}` };
});

export const revokeDepartmentPermissionHandler = implement(revokeDepartmentPermission, async ({ input, ctx }) => {
  assertHoldsAll(requireAdmin(ctx), [input.permission], 'remove');
  const department = await findDepartment(ctx.db, input.department_id);
  if (!department) throw notFound(`No department with id ${input.department_id}`);
  const removed = await ctx.db
    .deleteFrom('department_permissions')
    .where('department_id', '=', department.id)
    .where('permission', '=', input.permission)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(`${department.name} does not hold "${input.permission}"`);
  return { department: (await findDepartment(ctx.db, department.id))! };
});

export const listDepartmentsHandler = implement(listDepartments, async ({ ctx }) => ({
  items: await listDepartmentRows(ctx.db),
}));

export const getDepartmentHandler = implement(getDepartment, async ({ input, ctx }) => {
  const department = await findDepartment(ctx.db, input.id);
  if (!department) throw notFound(`No department with id ${input.id}`);
  return { department };
});

export const updateDepartmentHandler = implement(updateDepartment, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const department = await findDepartment(ctx.db, input.id);
  if (!department) throw notFound(`No department with id ${input.id}`);
  const wanted = [...new Set(input.permissions)] as Permission[];
  // Both ways: adding what you lack raises the members, removing it decides over what is not yours.
  const added = wanted.filter((p) => !department.permissions.includes(p));
  const removed = department.permissions.filter((p) => !(wanted as string[]).includes(p));
  assertHoldsAll(actor, [...added, ...removed], 'change');
  await setDepartmentPermissions(ctx.db, department.id, wanted, actor.id);
  if (input.description !== undefined) {
    await ctx.db.updateTable('departments').set({ description: input.description }).where('id', '=', department.id).execute();
  }
  return { department: (await findDepartment(ctx.db, department.id))! };
});

