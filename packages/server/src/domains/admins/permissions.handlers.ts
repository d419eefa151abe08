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
import { requireAdmin } from '../../handling/handler-context';
import { implement } from '../../handling/implement';
import { resolveSelection } from '../../handling/selection';
import { listAdminsHandler } from './admins.handlers';
import { effectivePermissions, findAdmin } from '../auth/index';
import { deleteDepartmentPermission, findDepartment, listDepartmentRows, setDepartmentDescription, setDepartmentPermissions } from './departments.repository';
import { deleteGrant, departmentPermissionRows, directPermissions, insertGrants } from './grants.repository';
import { assertHoldsAll, assertOutranks } from './guards';

export const permissionCatalogueHandler = implement(permissionCatalogue, async () => ({
  items: PERMISSION_IDS.map((id) => ({ id, label: PERMISSIONS[id].label, group: PERMISSIONS[id].group })),
}));

export const adminPermissionsHandler = implement(adminPermissions, async ({ input, ctx }) => {
  const admin = await findAdmin(ctx.db, input.id);
  if (!admin) throw notFound(`Admin ${input.id} does not exist`);
  const departments = await departmentPermissionRows(ctx.db, admin.id);
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
  await insertGrants(ctx.db, [target.id], granted, actor.id, ctx.now);
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
  const changed = await insertGrants(ctx.db, targets, requested, actor.id, ctx.now);
  return { matched: rows.length, changed: changed.size, skipped };
});

export const revokeUserPermissionHandler = implement(revokeUserPermission, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  assertHoldsAll(actor, [input.permission], 'remove');
  const target = await findAdmin(ctx.db, input.user_id);
  if (!target) throw notFound(`Admin ${input.user_id} does not exist`);
  assertOutranks(actor, target, "change a super admin's permissions");
  if (!(await deleteGrant(ctx.db, target.id, input.permission))) {
    throw notFound(`${target.email} does not hold "${input.permission}" directly (it may come from a department)`);
  }
  return { ok: true as const, message: `Revoked "${input.permission}" from ${target.email}` };
});

export const revokeDepartmentPermissionHandler = implement(revokeDepartmentPermission, async ({ input, ctx }) => {
  assertHoldsAll(requireAdmin(ctx), [input.permission], 'remove');
  const department = await findDepartment(ctx.db, input.department_id);
  if (!department) throw notFound(`No department with id ${input.department_id}`);
  if (!(await deleteDepartmentPermission(ctx.db, department.id, input.permission))) throw notFound(`${department.name} does not hold "${input.permission}"`);
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
    await setDepartmentDescription(ctx.db, department.id, input.description);
  }
  return { department: (await findDepartment(ctx.db, department.id))! };
});
