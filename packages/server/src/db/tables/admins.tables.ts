import type { Role } from '@traction/core';
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

export interface AdminsTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  /** Held to ROLES by the table's check constraint (0001). */
  role: Role;
  password_hash: string | null;
  created_at: CreatedAt;
  created_by: number | null;
  last_login_at: Timestamp | null;
  password_changed_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** Another admin reset the password: the old one no longer signs in. */
  password_reset_pending_at: Timestamp | null;
  /** The password was generated for the first start and must be changed at sign-in. */
  must_change_password: Generated<boolean>;
}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
}

export interface DepartmentPermissionsTable {
  department_id: number;
  permission: string;
  granted_by: number | null;
  granted_at: CreatedAt;
}

export interface AdminDepartmentsTable {
  admin_id: number;
  department_id: number;
}

export interface AdminPermissionsTable {
  admin_id: number;
  permission: string;
  granted_by: number | null;
  granted_at: CreatedAt;
}
