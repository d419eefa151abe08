import { z } from 'zod';
import { defineCommand } from '../../command';
import { enumWords } from '../audit/audit-words';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { admin, roleField } from '../../schemas/admin';
import { emailField, idField, okOutput, searchField, textField } from '../../schemas/common';

export const createAdmin = defineCommand({
  id: 'admins.create',
  group: 'admins',
  action: 'create',
  title: 'Create an admin',
  description: 'Creates the admin and emails them a single-use link to set their password.',
  keywords: ['new admin', 'invite', 'signup'],
  method: 'POST',
  path: '/v1/admin/signup',
  permission: 'admins.create',
  audit: { action: 'create the admin {subject}', subject: { kind: 'admin', from: 'output.admin.id', named: 'email' } },
  input: z.object({
    email: emailField,
    firstName: textField(80),
    lastName: textField(80),
    role: roleField.default('staff'),
    departmentIds: z.array(idField).max(50).default([]),
  }),
  output: z.object({ admin, setupLinkExpiresAt: z.string() }),
  example: 'traction admins create --email ada@traction.ng --first-name Ada --last-name Obi --department-ids 1,2',
});

export const listAdmins = defineCommand({
  id: 'admins.list',
  group: 'admins',
  action: 'list',
  title: 'List admins',
  keywords: ['users', 'staff', 'team'],
  method: 'GET',
  path: '/v1/admin/list-admins',
  permission: 'admins.view',
  input: z.object({
    ...listPaging,
    /** Department id. */
    department: idField.optional(),
    role: roleField.optional(),
    /** Matches name or email. */
    search: searchField.optional(),
  }),
  output: listOutput(admin),
  list: {
    route: '/admin',
    rowName: 'email',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/permissions-user-by-id/{id}/{firstName}',
    bulkCommands: ['permissions.grant-bulk'],
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'firstName', label: 'First name', kind: 'text' },
      { key: 'lastName', label: 'Last name', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'role', label: 'Role', kind: 'enum' },
      { key: 'departments', label: 'Departments', kind: 'tags' },
      { key: 'status', label: 'Status', kind: 'enum' },
      { key: 'lastLoginAt', label: 'Last sign-in', kind: 'datetime' },
      { key: 'createdAt', label: 'Created', kind: 'datetime' },
    ],
  },
  example: 'traction admins list --role admin --search ada',
});

export const changeAdminRole = defineCommand({
  id: 'admins.role.update',
  group: 'admins',
  action: 'change-role',
  title: "Change an admin's role",
  description: 'Changes the role and signs the admin out of every session.',
  method: 'PATCH',
  path: '/v1/admin/role/{id}',
  permission: 'admins.change-role',
  danger: 'confirm',
  audit: { action: (input) => `change the role of {subject} to ${enumWords(input.role)}`, subject: { kind: 'admin', from: 'id' } },
  input: z.object({ id: idField, role: roleField }),
  output: z.object({ admin }),
});

export const deleteAdmin = defineCommand({
  id: 'admins.delete',
  group: 'admins',
  action: 'delete',
  title: 'Delete an admin',
  description: 'Removes the admin: their sessions end, their devices and permissions are dropped. Their audit history stays.',
  method: 'DELETE',
  path: '/v1/admin/{id}/delete',
  permission: 'admins.delete',
  danger: 'confirm',
  audit: { action: 'remove {subject} from the admins', subject: { kind: 'admin', from: 'id' } },
  input: z.object({ id: idField }),
  output: okOutput,
});
