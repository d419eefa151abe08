import type { AdminDepartmentsTable, AdminPermissionsTable, AdminsTable, DepartmentPermissionsTable, DepartmentsTable } from './tables/admins.tables';
import type { AuditLogTable, IdempotencyKeysTable } from './tables/audit.tables';
import type { AdminDevicesTable, AdminSessionsTable, LoginAttemptsTable, PasswordTokensTable } from './tables/auth.tables';
import type {
  BankAccountsTable,
  BusinessEventsTable,
  BusinessesTable,
  BusinessUsersTable,
  BusinessUserTokensTable,
  FeaturesTable,
  StoresTable,
  SupportIssuesTable,
} from './tables/businesses.tables';
import type { KycDocumentsTable, KycEventsTable, KycIdBlacklistTable, KycRecordsTable, UploadsTable } from './tables/kyc.tables';
import type { FixedAccountsTable, ProvidusRepushesTable, WalletsTable } from './tables/risk.tables';
import type { EmailOutboxTable } from './tables/outbox.tables';
import type { SavedViewsTable } from './tables/views.tables';
import type { ClientErrorsTable } from './tables/client-errors.tables';
import type { LedgerAccountsTable, LedgerTransfersTable, LedgerWalletEntriesTable } from './tables/ledger.tables';
import type { ApprovalPoliciesTable, ApprovalPolicyBandsTable, ApprovalRequestsTable } from './tables/approvals.tables';
import type { BankTransferEventsTable, BankTransfersTable, TransferBatchesTable } from './tables/transfers.tables';
import type { BulkTransferRowsTable, BulkTransferUploadsTable } from './tables/bulk-transfers.tables';
import type { FraudBlockedBeneficiariesTable, FraudRulesTable, FraudRuleVersionsTable } from './tables/fraud-rules.tables';
import type {
  SandboxTransferOutagesTable,
  SandboxTransferSessionsTable,
  SwitchingMiddlewareTable,
  TransferProviderStatesTable,
  TransferRoutesTable,
  TransferRoutingChangesTable,
} from './tables/transfer-routing.tables';
import type { JobsTable } from './tables/jobs.tables';
import type { SweepRowsTable, SweepsTable } from './tables/sweeps.tables';
import type {
  PaymentLogsTable,
  PaymentStatsDailyTable,
  PaymentStatsRouteHourlyTable,
  PaymentStatsWatermarkTable,
  PricingBandChargesTable,
  PricingBandsTable,
  SettlementCumulationsTable,
  SettlementGroupsTable,
} from './tables/payments.tables';
import type { TerminalUploadsTable } from './tables/terminal-uploads.tables';
import type { SavingsWaitlistTable } from './tables/savings.tables';
import type { ContactOptOutsTable } from './tables/contact-opt-outs.tables';
import type { MarketingSyncContactsTable, MarketingSyncRunsTable } from './tables/marketing.tables';
import type { PublicRequestsTable } from './tables/public-requests.tables';
import type { NotificationEventsTable, NotificationRecipientsTable, NotificationsTable } from './tables/notifications.tables';
import type { BroadcastDeliveriesTable, BroadcastsTable, UnsubscribeKeysTable } from './tables/broadcasts.tables';
import type {
  DeductionRunItemsTable,
  DeductionRunsTable,
  DeductionSettingsTable,
  LoanEventsTable,
  LoanInstalmentsTable,
  LoanRepaymentsTable,
  LoansTable,
} from './tables/loans.tables';
import type { TerminalRequestEventsTable, TerminalRequestsTable, TerminalRequestTerminalsTable } from './tables/terminal-requests.tables';
import type { WebsiteFormEventsTable, WebsiteFormsTable } from './tables/website-forms.tables';
import type { BusinessReferralsTable, StaffCodesTable } from './tables/staff-codes.tables';
import type { FieldAgentsTable, MerchantCsrTable, VisitEventsTable, VisitsTable } from './tables/visits.tables';
import type { FieldFormPhotosTable, FieldFormsTable } from './tables/field-forms.tables';
import type { SheetRowsTable, SheetVersionsTable } from './tables/sheets.tables';
import type { InvoicesTable, OnlineOrdersTable, OnlineStoresTable, ProductsTable, SalesTable } from './tables/commerce.tables';
import type { ExportFilePartsTable, ExportFilesTable, ExportScheduleRunsTable, ExportSchedulesTable } from './tables/exports.tables';
import type { AirtimeRateChangesTable, AirtimeRatesTable } from './tables/airtime.tables';
import type { TerminalLocationsTable } from './tables/terminal-locations.tables';
import type { TerminalOverrideCodesTable } from './tables/terminal-override-codes.tables';
import type { TerminalDeliveryStatesTable } from './tables/terminal-delivery-states.tables';
import type { TerminalDeploymentCodesTable, TerminalDeploymentReportsTable, TerminalDeploymentsTable } from './tables/terminal-deployments.tables';
import type { TerminalEventsTable, TerminalPriceChangesTable, TerminalPricesTable, TerminalsTable } from './tables/terminals.tables';

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
  features: FeaturesTable;
  businesses: BusinessesTable;
  stores: StoresTable;
  business_users: BusinessUsersTable;
  business_user_tokens: BusinessUserTokensTable;
  bank_accounts: BankAccountsTable;
  wallets: WalletsTable;
  fixed_accounts: FixedAccountsTable;
  providus_repushes: ProvidusRepushesTable;
  business_events: BusinessEventsTable;
  support_issues: SupportIssuesTable;
  uploads: UploadsTable;
  kyc_records: KycRecordsTable;
  kyc_documents: KycDocumentsTable;
  kyc_events: KycEventsTable;
  kyc_id_blacklist: KycIdBlacklistTable;
  email_outbox: EmailOutboxTable;
  saved_views: SavedViewsTable;
  client_errors: ClientErrorsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_wallet_entries: LedgerWalletEntriesTable;
  approval_policies: ApprovalPoliciesTable;
  approval_policy_bands: ApprovalPolicyBandsTable;
  approval_requests: ApprovalRequestsTable;
  bank_transfers: BankTransfersTable;
  bank_transfer_events: BankTransferEventsTable;
  bulk_transfer_uploads: BulkTransferUploadsTable;
  bulk_transfer_rows: BulkTransferRowsTable;
  fraud_rules: FraudRulesTable;
  fraud_rule_versions: FraudRuleVersionsTable;
  fraud_blocked_beneficiaries: FraudBlockedBeneficiariesTable;
  transfer_batches: TransferBatchesTable;
  transfer_routes: TransferRoutesTable;
  transfer_provider_states: TransferProviderStatesTable;
  switching_middleware: SwitchingMiddlewareTable;
  transfer_routing_changes: TransferRoutingChangesTable;
  sandbox_transfer_sessions: SandboxTransferSessionsTable;
  sandbox_transfer_outages: SandboxTransferOutagesTable;
  jobs: JobsTable;
  sweeps: SweepsTable;
  sweep_rows: SweepRowsTable;
  pricing_bands: PricingBandsTable;
  pricing_band_charges: PricingBandChargesTable;
  settlement_groups: SettlementGroupsTable;
  settlement_cumulations: SettlementCumulationsTable;
  payment_logs: PaymentLogsTable;
  terminals: TerminalsTable;
  terminal_events: TerminalEventsTable;
  terminal_prices: TerminalPricesTable;
  terminal_price_changes: TerminalPriceChangesTable;
  terminal_override_codes: TerminalOverrideCodesTable;
  terminal_locations: TerminalLocationsTable;
  terminal_uploads: TerminalUploadsTable;
  terminal_requests: TerminalRequestsTable;
  terminal_request_events: TerminalRequestEventsTable;
  terminal_request_terminals: TerminalRequestTerminalsTable;
  terminal_delivery_states: TerminalDeliveryStatesTable;
  terminal_deployment_codes: TerminalDeploymentCodesTable;
  terminal_deployment_reports: TerminalDeploymentReportsTable;
  terminal_deployments: TerminalDeploymentsTable;
  savings_waitlist: SavingsWaitlistTable;
  contact_opt_outs: ContactOptOutsTable;
  marketing_sync_runs: MarketingSyncRunsTable;
  marketing_sync_contacts: MarketingSyncContactsTable;
  public_requests: PublicRequestsTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_events: NotificationEventsTable;
  broadcasts: BroadcastsTable;
  broadcast_deliveries: BroadcastDeliveriesTable;
  unsubscribe_keys: UnsubscribeKeysTable;
  loans: LoansTable;
  loan_instalments: LoanInstalmentsTable;
  loan_repayments: LoanRepaymentsTable;
  loan_events: LoanEventsTable;
  deduction_settings: DeductionSettingsTable;
  deduction_runs: DeductionRunsTable;
  deduction_run_items: DeductionRunItemsTable;
  payment_stats_route_hourly: PaymentStatsRouteHourlyTable;
  payment_stats_daily: PaymentStatsDailyTable;
  payment_stats_watermark: PaymentStatsWatermarkTable;
  website_forms: WebsiteFormsTable;
  website_form_events: WebsiteFormEventsTable;
  staff_codes: StaffCodesTable;
  business_referrals: BusinessReferralsTable;
  airtime_rates: AirtimeRatesTable;
  airtime_rate_changes: AirtimeRateChangesTable;
  field_agents: FieldAgentsTable;
  merchant_csr: MerchantCsrTable;
  visits: VisitsTable;
  visit_events: VisitEventsTable;
  field_forms: FieldFormsTable;
  field_form_photos: FieldFormPhotosTable;
  sheet_versions: SheetVersionsTable;
  sheet_rows: SheetRowsTable;
  online_stores: OnlineStoresTable;
  products: ProductsTable;
  online_orders: OnlineOrdersTable;
  invoices: InvoicesTable;
  sales: SalesTable;
  export_files: ExportFilesTable;
  export_file_parts: ExportFilePartsTable;
  export_schedules: ExportSchedulesTable;
  export_schedule_runs: ExportScheduleRunsTable;
}
