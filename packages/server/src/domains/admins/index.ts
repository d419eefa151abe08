import type { Implementation } from '../../handling/implement';
import { changeAdminRoleHandler, createAdminHandler, deleteAdminHandler, listAdminsHandler } from './admins.handlers';
import { approveDeviceRequestHandler, listDeviceRequestsHandler, rejectDeviceRequestHandler } from './devices.handlers';
import { resetAdminPasswordHandler } from './password-reset.handlers';
import {
  adminPermissionsHandler,
  getDepartmentHandler,
  grantPermissionsBulkHandler,
  grantPermissionsHandler,
  listDepartmentsHandler,
  permissionCatalogueHandler,
  revokeDepartmentPermissionHandler,
  revokeUserPermissionHandler,
  updateDepartmentHandler,
} from './permissions.handlers';

/** Managing admins: accounts, roles, departments, permissions and others' devices. Builds on auth. */
export const adminImplementations: readonly Implementation[] = [
  resetAdminPasswordHandler,
  createAdminHandler,
  listAdminsHandler,
  changeAdminRoleHandler,
  deleteAdminHandler,
  permissionCatalogueHandler,
  adminPermissionsHandler,
  grantPermissionsHandler,
  grantPermissionsBulkHandler,
  revokeUserPermissionHandler,
  revokeDepartmentPermissionHandler,
  listDepartmentsHandler,
  getDepartmentHandler,
  updateDepartmentHandler,
  listDeviceRequestsHandler,
  approveDeviceRequestHandler,
  rejectDeviceRequestHandler,
];
