import type {
  AdminDepartmentsTable,
  AdminPermissionsTable,
  AdminsTable,
  DepartmentPermissionsTable,
  DepartmentsTable,
} from '../domains/admins/admins.tables';
import type { AuditLogTable, IdempotencyKeysTable } from '../domains/audit/audit.tables';
import type {
  AdminDevicesTable,
  AdminSessionsTable,
  LoginAttemptsTable,
  PasswordTokensTable,
} from '../domains/auth/auth.tables';

/** Every table, as Kysely sees it. */
export interface Database {
  admins: AdminsTable;
  departments: DepartmentsTable;
  department_permissions: DepartmentPermissionsTable;
  admin_departments: AdminDepartmentsTable;
  admin_permissions: AdminPermissionsTable;
  admin_devices: AdminDevicesTable;
  admin_sessions: AdminSessionsTable;
  password_tokens: PasswordTokensTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
}
