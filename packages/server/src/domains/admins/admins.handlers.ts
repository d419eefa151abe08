import { alreadyInState, changeAdminRole, conflict, createAdmin, deleteAdmin, listAdmins, notFound } from '@traction/core';
import { requireAdmin, type HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { adminQuery, findAdmin, findAdminByEmail, forgetSignIns, revokeSessions, sendPasswordLink, toAdmin } from '../auth/index';
import { adminSearch, countLiveSuperAdmins, existingDepartmentIds, inDepartment, insertAdmin, markAdminDeleted, setAdminRole } from './admins.repository';
import { permissionsOfDepartments } from './departments.repository';
import { assertHoldsAll, assertMaySuper } from './guards';

export const createAdminHandler = implement(createAdmin, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  if (input.role === 'super_admin') assertMaySuper(actor, 'create a super admin');
  if (await findAdminByEmail(ctx.db, input.email)) throw conflict(`An admin with the email ${input.email} already exists`);
  const departmentIds = [...new Set(input.departmentIds)];
  const known = await existingDepartmentIds(ctx.db, departmentIds);
  const unknown = departmentIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw notFound(`No department with id ${unknown.join(', ')}`);
  // A new admin holds their departments' permissions: creating one is granting them.
  assertHoldsAll(actor, await permissionsOfDepartments(ctx.db, departmentIds), 'give');

  const id = await insertAdmin(ctx.db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    departmentIds,
    createdBy: actor.id,
    at: ctx.now,
  });
  const setupLinkExpiresAt = await sendPasswordLink(ctx, {
    adminId: id,
    email: input.email,
    firstName: input.firstName,
    purpose: 'invite',
    createdBy: actor.id,
    now: ctx.now,
  });
  return { admin: (await findAdmin(ctx.db, id))!, setupLinkExpiresAt: setupLinkExpiresAt.toISOString() };
});

export const listAdminsHandler = implementList(listAdmins, ({ input, ctx }) => {
  let query = adminQuery(ctx.db);
  if (input.role) query = query.where('a.role', '=', input.role);
  if (input.department !== undefined) query = query.where(inDepartment(input.department));
  if (input.search) query = query.where(adminSearch(input.search));
  return { query, cursor: { column: 'a.id', key: 'id', direction: 'desc' }, map: toAdmin };
});

async function loadTarget(ctx: HandlerContext, id: number) {
  const target = await findAdmin(ctx.db, id);
  if (!target) throw notFound(`Admin ${id} does not exist`);
  return target;
}

export const changeAdminRoleHandler = implement(changeAdminRole, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const target = await loadTarget(ctx, input.id);
  if (target.id === actor.id) throw conflict('You cannot change your own role; ask another administrator');
  if (target.role === input.role) throw alreadyInState(`${target.email} is already ${input.role}`);
  if (target.role === 'super_admin' || input.role === 'super_admin') assertMaySuper(actor, 'give or take the super admin role');
  if (target.role === 'super_admin' && (await countLiveSuperAdmins(ctx.db)) <= 1) {
    throw conflict('This is the last super admin; make another one first');
  }
  await setAdminRole(ctx.db, target.id, input.role);
  await revokeSessions(ctx.db, { adminId: target.id }, 'role changed', ctx.now);
  return { admin: (await findAdmin(ctx.db, target.id))! };
});

export const deleteAdminHandler = implement(deleteAdmin, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const target = await loadTarget(ctx, input.id);
  if (target.id === actor.id) throw conflict('You cannot delete yourself');
  if (target.role === 'super_admin') {
    assertMaySuper(actor, 'delete a super admin');
    if ((await countLiveSuperAdmins(ctx.db)) <= 1) throw conflict('This is the last super admin; make another one first');
  }
  await forgetSignIns(ctx.db, target.id, 'admin deleted', ctx.now);
  await markAdminDeleted(ctx.db, target.id, ctx.now);
  return { ok: true as const, message: `${target.email} was deleted` };
});
