import { z } from 'zod';
import { PERMISSION_IDS, ROLES } from '../permissions';

export const roleField = z.enum(ROLES);
export const permissionField = z.enum(PERMISSION_IDS as [string, ...string[]]);

export const departmentRef = z.object({ id: z.number().int(), name: z.string() });

export const admin = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleField,
  departments: z.array(departmentRef),
  /** `invited` until the admin sets a password through their link. */
  status: z.enum(['active', 'invited']),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Admin = z.infer<typeof admin>;

/** The signed-in admin, as kept by the console and the CLI. */
export const sessionUser = admin.extend({
  /** Effective permissions: the role's, the admin's own and their departments'. */
  permissions: z.array(permissionField),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const department = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permissionField),
  memberCount: z.number().int(),
});
export type Department = z.infer<typeof department>;

export const password = z.string().min(12, 'must be at least 12 characters').max(128, 'must be at most 128 characters');
