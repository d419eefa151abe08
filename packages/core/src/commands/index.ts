import type { AnyCommand } from '../command';
import { changeAdminRole, createAdmin, deleteAdmin, listAdmins } from './admins/admins';
import { approveDeviceRequest, listDeviceRequests, rejectDeviceRequest } from './admins/devices';
import {
  adminPermissions,
  getDepartment,
  grantPermissions,
  grantPermissionsBulk,
  listDepartments,
  permissionCatalogue,
  revokeDepartmentPermission,
  revokeUserPermission,
  updateDepartment,
} from './admins/permissions';
import { listAuditLog } from './audit/audit-log';
import { resetAdminPassword, setPassword } from './auth/password';
import { checkEmail, deviceLogin, login, logout, whoami } from './auth/session';
import { listStates } from './location/states';
import { businessCommands } from './merchants/index';
import { kycCommands } from './kyc/index';
import { riskCommands } from './risk/index';
import { ledgerCommands } from './ledger/index';
import { walletSettingsCommands } from './wallet-settings/index';
import { approvalCommands } from './approvals/index';
import { walletCreditCommands } from './wallet-credit/index';
import { reversalCommands } from './reversals/index';
import { transferCommands } from './transfers/index';
import { bulkTransferCommands } from './bulk-transfers/index';
import { transferRoutingCommands } from './transfer-routing/index';
import { fraudRuleCommands } from './fraud-rules/index';
import { walletLogCommands } from './wallet-logs/index';
import { viewCommands } from './views/index';
import { jobCommands } from './jobs/index';
import { sweepCommands } from './sweeps/index';
import { paymentCommands } from './payments/index';
import { settlementCommands } from './settlements/index';
import { monitoringCommands } from './monitoring/index';
import { pricingBandCommands } from './pricing-bands/index';
import { terminalCommands } from './terminals/index';
import { savingsCommands } from './savings/index';
import { notificationCommands } from './notifications/index';
import { broadcastCommands } from './broadcasts/index';
import { staffCodeCommands } from './staff-codes/index';
import { visitCommands } from './visits/index';
import { sheetCommands } from './sheets/index';
import { fieldFormCommands } from './field-forms/index';
import { datasetCommands } from './datasets/index';
import { exportCommands } from './exports/index';
import { airtimeCommands } from './airtime/index';
import { marketingCommands } from './marketing/index';
import { websiteFormCommands } from './website-forms/index';
import { loanCommands } from './loans/index';
import { deductionCommands } from './deductions/index';
import { reportCommands } from './reports/index';
import { clientErrorSettings, listClientErrors, reportClientError } from './client-errors/client-errors';

/** Every command of the back office. Server, console and CLI are built from this list. */
export const registry = [
  login,
  deviceLogin,
  logout,
  whoami,
  checkEmail,
  setPassword,
  resetAdminPassword,
  createAdmin,
  listAdmins,
  changeAdminRole,
  deleteAdmin,
  permissionCatalogue,
  adminPermissions,
  grantPermissions,
  grantPermissionsBulk,
  revokeUserPermission,
  revokeDepartmentPermission,
  listDepartments,
  getDepartment,
  updateDepartment,
  listDeviceRequests,
  approveDeviceRequest,
  rejectDeviceRequest,
  listAuditLog,
  listStates,
  ...businessCommands,
  ...kycCommands,
  ...riskCommands,
  ...ledgerCommands,
  ...walletSettingsCommands,
  ...approvalCommands,
  ...walletCreditCommands,
  ...reversalCommands,
  ...transferCommands,
  ...bulkTransferCommands,
  ...transferRoutingCommands,
  ...fraudRuleCommands,
  ...walletLogCommands,
  ...viewCommands,
  ...jobCommands,
  ...sweepCommands,
  ...paymentCommands,
  ...settlementCommands,
  ...monitoringCommands,
  ...pricingBandCommands,
  ...terminalCommands,
  ...savingsCommands,
  ...notificationCommands,
  ...broadcastCommands,
  ...staffCodeCommands,
  ...visitCommands,
  ...sheetCommands,
  ...fieldFormCommands,
  ...datasetCommands,
  ...airtimeCommands,
  ...marketingCommands,
  ...websiteFormCommands,
  ...loanCommands,
  ...deductionCommands,
  ...reportCommands,
  ...exportCommands,
  reportClientError,
  clientErrorSettings,
  listClientErrors,
] as const satisfies readonly AnyCommand[];

export const commandsById: ReadonlyMap<string, AnyCommand> = new Map(registry.map((command) => [command.id, command as AnyCommand]));
