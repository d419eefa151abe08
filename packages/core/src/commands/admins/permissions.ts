import { z } from 'zod';
import { defineCommand } from '../../command';
import { permissionWords } from '../audit/audit-words';
import { department, departmentRef, permissionField, roleField } from '../../schemas/admin';
import { idField, okOutput } from '../../schemas/common';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';
import { listAdmins } from './admins';

export const permissionCatalogue = defineCommand({
  id: 'permissions.catalogue',
  group: 'permissions',
  action: 'catalogue',
  title: 'List every permission',
  method: 'GET',
  path: '/v1/admin/permissions',
  permission: null,
  input: z.object({}),
  output: z.object({
    items: z.array(z.object({ id: permissionField, label: z.string(), group: z.string() })),
  }),
});

export const adminPermissions = defineCommand({
  id: 'permissions.of-admin',
  group: 'permissions',
  action: 'show',
  title: "Show an admin's permissions",
  method: 'GET',
  path: '/v1/admin/{id}/permissions',
  permission: 'permissions.view',
  input: z.object({ id: idField }),
  output: z.object({
    adminId: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: roleField,
    /** Granted to the admin directly. */
    direct: z.array(permissionField),
    /** Granted through each of the admin's departments. */
    departments: z.array(departmentRef.extend({ permissions: z.array(permissionField) })),
    /** What the admin may do: all of the above, or everything for a super admin. */
    effective: z.array(permissionField),
  }),
});

export const grantPermissions = defineCommand({
  id: 'permissions.grant',
  group: 'permissions',
  action: 'grant',
  title: 'Grant permissions to an admin',
  method: 'POST',
  path: '/v1/admin/grant-permission',
  permission: 'permissions.manage',
  audit: { action: (input) => `grant ${permissionWords(input.permissions)} to {subject}`, subject: { kind: 'admin', from: 'user_id' } },
  input: z.object({ user_id: idField, permissions: z.array(permissionField).min(1).max(100) }),
  output: z.object({ adminId: z.number().int(), direct: z.array(permissionField), granted: z.array(permissionField) }),
  example: 'traction permissions grant --user-id 7 --permissions admins.view,audit.view',
});

export const grantPermissionsBulk = defineCommand({
  id: 'permissions.grant-bulk',
  group: 'permissions',
  action: 'grant-bulk',
  title: 'Grant permissions to selected admins',
  description:
    'Grants the permissions to every selected admin: by ids, or to every admin matching the All Admins filters. Super admins already hold everything and are skipped.',
  keywords: ['bulk', 'selection'],
  method: 'POST',
  path: '/v1/admin/grant-permission/bulk',
  permission: 'permissions.manage',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: (input) => `grant ${permissionWords(input.permissions)} to {subject}`, subject: { kind: 'admin', from: 'selection' } },
  input: z.object({ ...selectionFields(listAdmins), permissions: z.array(permissionField).min(1).max(100) }).superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction permissions grant-bulk --ids 7,8,9 --permissions audit.view',
});

export const revokeUserPermission = defineCommand({
  id: 'permissions.revoke-user',
  group: 'permissions',
  action: 'revoke-user',
  title: 'Revoke a permission from an admin',
  method: 'DELETE',
  path: '/v1/admin/revoke-permission/{permission}/{user_id}',
  permission: 'permissions.manage',
  danger: 'confirm',
  audit: { action: (input) => `revoke ${permissionWords(input.permission)} from {subject}`, subject: { kind: 'admin', from: 'user_id' } },
  input: z.object({ permission: permissionField, user_id: idField }),
  output: okOutput,
});

export const revokeDepartmentPermission = defineCommand({
  id: 'permissions.revoke-department',
  group: 'permissions',
  action: 'revoke-department',
  title: 'Revoke a permission from a department',
  method: 'PATCH',
  path: '/v1/admin/revoke-permission',
  permission: 'permissions.manage',
  danger: 'confirm',
  audit: { action: (input) => `revoke ${permissionWords(input.permission)} from {subject}`, subject: { kind: 'department', from: 'department_id' } },
  input: z.object({ department_id: idField, permission: permissionField }),
  output: z.object({ department }),
});

export const listDepartments = defineCommand({
  id: 'departments.list',
  group: 'departments',
  action: 'list',
  title: 'List departments',
  method: 'GET',
  path: '/v1/admin/get-departments',
  permission: 'permissions.view',
  input: z.object({}),
  output: z.object({ items: z.array(department) }),
});

export const getDepartment = defineCommand({
  id: 'departments.get',
  group: 'departments',
  action: 'show',
  title: 'Show a department',
  method: 'GET',
  path: '/v1/admin/department/{id}',
  permission: 'permissions.view',
  input: z.object({ id: idField }),
  output: z.object({ department }),
});

export const updateDepartment = defineCommand({
  id: 'departments.update',
  group: 'departments',
  action: 'update',
  title: "Set a department's permissions",
  description: 'Replaces the permission list of the department (and its description, when given).',
  method: 'PATCH',
  path: '/v1/admin/department/{id}',
  permission: 'permissions.manage',
  danger: 'confirm',
  audit: { action: 'set the permissions of {subject}', subject: { kind: 'department', from: 'id' } },
  input: z.object({
    id: idField,
    permissions: z.array(permissionField).max(500),
    description: z.string().trim().max(500).optional(),
  }),
  output: z.object({ department }),
});
