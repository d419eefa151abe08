import { adminPermissionsHandler, getDepartmentHandler, grantPermissionsBulkHandler, grantPermissionsHandler, listDepartmentsHandler, permissionCatalogueHandler, revokeDepartmentPermissionHandler, revokeUserPermissionHandler, updateDepartmentHandler } from './domains/admins/permissions.handlers';
import { changeAdminRoleHandler, createAdminHandler, deleteAdminHandler, listAdminsHandler } from './domains/admins/admins.handlers';
import { approveDeviceRequestHandler, listDeviceRequestsHandler, rejectDeviceRequestHandler } from './domains/admins/devices.handlers';
import { listAuditLogHandler } from './domains/audit/audit.handlers';
import { deviceLoginHandler, loginHandler } from './domains/auth/login.handlers';
import { resetAdminPasswordHandler, setPasswordHandler } from './domains/auth/password.handlers';
import { checkEmailHandler, logoutHandler, whoamiHandler } from './domains/auth/session.handlers';
import { listStatesHandler } from './domains/location/location.handlers';
import { businessImplementations } from './domains/businesses/index';
import { kycImplementations } from './domains/kyc/index';
import { riskImplementations } from './domains/risk/index';
import type { Implementation } from './http/implement';

/** Every command's implementation. A test checks this covers the whole registry. */
export const implementations: readonly Implementation[] = [
  loginHandler,
  deviceLoginHandler,
  logoutHandler,
  whoamiHandler,
  checkEmailHandler,
  setPasswordHandler,
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
  listAuditLogHandler,
  listStatesHandler,
  ...businessImplementations,
  ...kycImplementations,
  ...riskImplementations,
];
