import { adminImplementations } from './domains/admins/index';
import { auditImplementations } from './domains/audit/index';
import { authImplementations } from './domains/auth/index';
import { merchantImplementations } from './domains/merchants/index';
import { kycImplementations } from './domains/kyc/index';
import { locationImplementations } from './domains/location/index';
import { riskImplementations } from './domains/risk/index';
import { ledgerImplementations } from './domains/ledger/index';
import { walletSettingsImplementations } from './domains/wallet-settings/index';
import { approvalImplementations } from './domains/approvals/index';
import { walletCreditExecutors, walletCreditImplementations } from './domains/wallet-credit/index';
import { reversalImplementations } from './domains/reversals/index';
import { bulkTransferExecutors, bulkTransferImplementations } from './domains/bulk-transfers/index';
import { fraudRuleImplementations } from './domains/fraud-rules/index';
import { transferRoutingImplementations } from './domains/transfer-routing/index';
import { transferDomainImplementations } from './domains/transfers/index';
import { sweepExecutors, sweepImplementations } from './domains/sweeps/index';
import { paymentImplementations } from './domains/payments/index';
import { settlementExecutors, settlementImplementations } from './domains/settlements/index';
import { monitoringImplementations } from './domains/monitoring/index';
import { pricingBandImplementations } from './domains/pricing-bands/index';
import { terminalImplementations } from './domains/terminals/index';
import { lendingExecutors, lendingImplementations } from './domains/loans/index';
import { savingsImplementations } from './domains/savings/index';
import { notificationImplementations } from './domains/notifications/index';
import { broadcastImplementations } from './domains/broadcasts/index';
import { staffCodeImplementations } from './domains/staff-codes/index';
import { visitImplementations } from './domains/visits/index';
import { sheetImplementations } from './domains/sheets/index';
import { fieldFormImplementations } from './domains/field-forms/index';
import { datasetImplementations } from './domains/datasets/index';
import { reportImplementations } from './domains/reports/index';
import { airtimeImplementations } from './domains/airtime/index';
import { marketingImplementations } from './domains/marketing/index';
import { websiteFormImplementations } from './domains/website-forms/index';
import { viewImplementations } from './domains/views/index';
import { clientErrorImplementations } from './domains/client-errors/index';
import { jobImplementations } from './domains/jobs/index';
import type { Implementation, ListImplementation } from './handling/implement';
import { exportDomainImplementations } from './domains/exports/index';

/** Every command's implementation, each domain's from its public face. A test checks this covers the whole registry. */
export const implementations: readonly Implementation[] = [
  ...authImplementations,
  ...adminImplementations,
  ...auditImplementations,
  ...locationImplementations,
  ...merchantImplementations,
  ...kycImplementations,
  ...riskImplementations,
  ...ledgerImplementations,
  ...walletSettingsImplementations,
  // Four-eyes: approvals run the executors of the domains whose actions wait for a second admin.
  ...approvalImplementations([...walletCreditExecutors, ...bulkTransferExecutors, ...sweepExecutors, ...settlementExecutors, ...lendingExecutors]),
  ...walletCreditImplementations,
  ...reversalImplementations,
  ...bulkTransferImplementations,
  ...fraudRuleImplementations,
  ...transferRoutingImplementations,
  ...transferDomainImplementations,
  ...sweepImplementations,
  ...paymentImplementations,
  ...settlementImplementations,
  ...monitoringImplementations,
  ...pricingBandImplementations,
  ...terminalImplementations,
  ...lendingImplementations,
  ...savingsImplementations,
  ...notificationImplementations,
  ...broadcastImplementations,
  ...staffCodeImplementations,
  ...visitImplementations,
  ...sheetImplementations,
  ...fieldFormImplementations,
  ...datasetImplementations,
  ...reportImplementations,
  ...airtimeImplementations,
  ...marketingImplementations,
  ...websiteFormImplementations,
  ...viewImplementations,
  ...clientErrorImplementations,
  ...jobImplementations,
  // Exports read any list through its own implementation: looked up here, once all are listed.
  ...exportDomainImplementations((id) => listImplementation(id)),
];

let listsById: Map<string, ListImplementation<object>> | undefined;

/** A list command's implementation by its id (export jobs and schedules run lists by name). */
export function listImplementation(commandId: string): ListImplementation<object> | undefined {
  listsById ??= new Map(
    implementations
      .filter((implementation): implementation is ListImplementation<object> => Boolean(implementation.list))
      .map((implementation) => [implementation.command.id, implementation]),
  );
  return listsById.get(commandId);
}
