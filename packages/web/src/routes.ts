import type { Permission } from '@traction/core';

/**
 * The page modules routes may name, filled in by app/pageLoaders.ts (which declares its loaders
 * here). The table names a page and the app loads it: pages read this table (labels,
 * permissions) without the table importing them back, and a route naming a page that has no
 * loader is a compile error.
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty here on purpose, filled by declaration merging in app/pageLoaders.ts (a type alias cannot be merged).
export interface RoutePages {}

/** A page module's name, e.g. `MerchantsPage`. */
export type PageName = keyof RoutePages;

export interface RouteEntry {
  /** The path exactly as spec §2 writes it, `{name}` for parameters. */
  path: string;
  label: string;
  /** Sidebar group; null for the top links and pages outside the sidebar. */
  group: string | null;
  /** Shown as a sidebar link (detail pages and sub-pages are not). */
  inSidebar: boolean;
  /** Hidden from admins without this permission. */
  permission?: Permission;
  /** The page module; absent while its capability has not landed ("not available yet"). One module may serve several routes. */
  page?: PageName;
  /** Outside the signed-in shell (login, password reset, public forms). */
  public?: boolean;
  /** Keyboard chord that goes here, after `g`. */
  chord?: string;
}

const link = (path: string, label: string, group: string | null, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  label,
  group,
  inSidebar: true,
  ...extra,
});
const sub = (path: string, label: string, group: string | null, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  label,
  group,
  inSidebar: false,
  ...extra,
});

/** The sidebar groups in spec order. */
export const GROUPS = [
  'Directory',
  'Transaction Logs',
  'Product Monitoring',
  'Deductions',
  'Wallet',
  'Settings',
  'Fraud Management',
  'Virtual Account',
  'Verification',
  'Terminals',
  'Terminal Request Forms',
  'Terminal Requests',
  'Settlements',
  'Operations',
  'Notifications',
  'Savings & Downloads',
  'Fund Transfer',
  'Merchant Support App MGT',
  'CSR MGT',
  'Admin MGT',
  'Device Authorization',
  'Others',
] as const;

/**
 * Every route of spec §2. Where the spec names a page without a path, the path chosen is the
 * label in kebab case (documented in docs/decisions.md).
 */
export const ROUTES: readonly RouteEntry[] = [
  link('/overview', 'Overview', null, { chord: 'o', page: 'OverviewPage' }),
  link('/quick-access', 'Quick Access', null, { chord: 'q', page: 'QuickAccessPage' }),
  // Not in the spec: each admin's saved list views. The sidebar's Saved views heading links here.
  sub('/saved-views', 'Saved Views', null, { chord: 'v', page: 'SavedViewsPage' }),

  link('/merchants', 'Merchants', 'Directory', { chord: 'm', permission: 'merchants.view', page: 'MerchantsPage' }),
  sub('/merchants/{id}', 'Merchant', 'Directory', { permission: 'merchants.view', page: 'MerchantPage' }),
  link('/settlement-accounts', 'Settlement Accounts', 'Directory', { permission: 'merchants.view', page: 'SettlementAccountsPage' }),
  link('/bank-accounts', 'Bank Accounts', 'Directory', { permission: 'merchants.view', page: 'BankAccountsPage' }),
  link('/dataset', 'Datasets', 'Directory', { permission: 'datasets.view', page: 'DatasetsPage' }),
  link('/business-logs', 'Business Logs', 'Directory', { permission: 'merchants.view', page: 'BusinessLogsPage' }),
  link('/wema-bank-account-query', 'Wema Bank Account Query', 'Directory', { permission: 'banks.query', page: 'WemaAccountQueryPage' }),
  link('/vfd-transaction-query', 'VFD Transaction Query', 'Directory', { permission: 'banks.query', page: 'VfdTransactionQueryPage' }),

  link('/payments-logs', 'Payment Logs', 'Transaction Logs', { permission: 'payments.view', page: 'PaymentLogsPage' }),
  sub('/payments-logs/{id}', 'Payment', 'Transaction Logs', { permission: 'payments.view', page: 'PaymentLogPage' }),
  link('/business-payment-logs', 'Business Payment Logs', 'Transaction Logs', { permission: 'payments.view', page: 'BusinessPaymentLogsPage' }),

  link('/transaction-monitoring-portal', 'Transaction Monitoring Portal', 'Product Monitoring', { permission: 'monitoring.view', page: 'RouteMonitoringPage' }),
  sub('/transaction-monitoring-portal/{id}', 'Transaction Monitoring', 'Product Monitoring', { permission: 'monitoring.view', page: 'RouteMonitoringPage' }),
  link('/transaction-monitoring-portal-2', 'Portal 2', 'Product Monitoring', { permission: 'monitoring.view', page: 'BankMonitoringPage' }),
  sub('/view-transaction-monitoring-by-route/{id}', 'Monitoring by Route', 'Product Monitoring', {
    permission: 'monitoring.view',
    page: 'RouteMonitoringPage',
  }),
  sub('/view-transaction-monitoring-by-bank/{id}', 'Monitoring by Bank', 'Product Monitoring', { permission: 'monitoring.view', page: 'BankMonitoringPage' }),
  link('/view-transaction-monitoring-by-failed-routes', 'Failing Routes', 'Product Monitoring', { permission: 'monitoring.view', page: 'FailedRoutesPage' }),

  link('/auto-deduction', 'Deduction Management Portal', 'Deductions', { permission: 'deductions.view', page: 'DeductionRunsPage' }),
  // Not in the spec: one run (the detail route the runs list's contract names) and the upload of a deduction file.
  sub('/auto-deduction/{id}', 'Deduction Run', 'Deductions', { permission: 'deductions.view', page: 'DeductionRunPage' }),
  sub('/auto-deduction-settings/{_id?}', 'Deduction Settings', 'Deductions', { permission: 'deductions.view', page: 'DeductionSettingsPage' }),
  sub('/auto-deduction-upload', 'Upload Deduction Settings', 'Deductions', { permission: 'deductions.manage', page: 'DeductionUploadPage' }),

  link('/wallet-transaction-logs', 'Wallet Transaction Logs', 'Wallet', { permission: 'wallets.view', page: 'WalletTransactionLogsPage' }),
  sub('/wallet-transaction-logs/{id}', 'Wallet Transaction', 'Wallet', { permission: 'wallets.view', page: 'WalletTransactionPage' }),
  link('/funds-reversal', 'Funds Reversal', 'Wallet', { permission: 'wallets.view', page: 'FundsReversalPage' }),
  sub('/funds-reversal/{id}', 'Funds Reversal Detail', 'Wallet', { permission: 'wallets.view', page: 'FundsReversalDetailPage' }),
  link('/wallet-management-portal', 'Wallet Management Portal', 'Wallet', { permission: 'wallets.view', page: 'WalletManagementPortalPage' }),
  sub('/wallet-management-portal/{uid}', 'Wallet', 'Wallet', { permission: 'wallets.view', page: 'WalletPage' }),
  link('/all-wallets-transactions-logs', 'All Wallets Transactions Logs', 'Wallet', { permission: 'wallets.view', page: 'AllWalletTransactionsPage' }),
  link('/transaction-reversal', 'Transaction Reversal', 'Wallet', { permission: 'wallets.reverse', page: 'TransactionReversalPage' }),
  sub('/new-wallet-crediting-portal/{id}/{email}', 'New Wallet Crediting', 'Wallet', { permission: 'wallets.view', page: 'WalletCreditBusinessPage' }),
  sub('/wallet-crediting-portal-select-business', 'Wallet Crediting: Select Business', 'Wallet', {
    permission: 'wallets.view',
    page: 'WalletCreditSelectPage',
  }),
  // Not in the spec: the four-eyes queue (credits and debits today) and its policies (issue 14).
  sub('/approvals', 'Approvals', 'Wallet', { permission: 'approvals.view', page: 'ApprovalsPage' }),
  sub('/approvals/{id}', 'Approval Request', 'Wallet', { permission: 'approvals.view', page: 'ApprovalPage' }),
  sub('/approval-policies', 'Approval Policies', 'Settings', { permission: 'approvals.view', page: 'ApprovalPoliciesPage' }),

  link('/wallet', 'Wallet', 'Settings', { permission: 'wallets.view', page: 'WalletSettingsPage' }),
  sub('/wallet/transfer-fee', 'Transfer Fee', 'Settings', { permission: 'wallets.view', page: 'TransferFeePage' }),
  sub('/wallet/cashback', 'Cashback', 'Settings', { permission: 'wallets.view', page: 'CashbackRulesPage' }),
  link('/cashback-activation-portal', 'Cashback Activation Portal', 'Settings', { permission: 'wallets.view', page: 'CashbackActivationPage' }),
  link('/rules-manager', 'Fraud Rules Manager', 'Settings', { permission: 'fraud-rules.view', page: 'FraudRulesPage' }),
  sub('/rules-manager/blocked-beneficiaries', 'Blocked Beneficiaries', 'Settings', { permission: 'fraud-rules.view', page: 'BlockedBeneficiariesPage' }),
  link('/terminal-pricings', 'Terminal Pricing', 'Settings', { permission: 'terminals.view', page: 'TerminalPricingsPage' }),
  link('/terminal-delivery-portal', 'Terminal Delivery States', 'Settings', { permission: 'terminals.view', page: 'TerminalDeliveryStatesPage' }),
  link('/terminal-locations', 'Terminal Locations', 'Settings', { permission: 'terminals.view', page: 'TerminalLocationsPage' }),
  link('/funds-transfer-provider-portal', 'Funds Transfer Provider Portal', 'Settings', {
    permission: 'transfers.view',
    page: 'FundsTransferProviderPortalPage',
  }),
  link('/pricing-bands', 'Pricing Band Portal', 'Settings', { permission: 'pricing-bands.view', page: 'PricingBandsPage' }),
  sub('/pricing-bands-assign', 'Assign Pricing Band', 'Settings', { permission: 'pricing-bands.view', page: 'AssignPricingBandsPage' }),
  sub('/pricing-bands-assign-business/{id}/{merchant}', 'Assign Pricing Band to Business', 'Settings', {
    permission: 'pricing-bands.view',
    page: 'AssignBusinessBandPage',
  }),
  link('/sendinblue-email-synch', 'Email Marketing Sync', 'Settings', { permission: 'marketing.view', page: 'EmailSyncPage' }),
  // Not in the spec: one sync with its results per contact, and the contact upload (spec §3's form field email).
  sub('/sendinblue-email-synch/{id}', 'Email Marketing Sync Run', 'Settings', { permission: 'marketing.view', page: 'EmailSyncRunPage' }),
  sub('/sendinblue-email-synch-upload', 'Upload Marketing Contacts', 'Settings', { permission: 'marketing.sync', page: 'EmailSyncUploadPage' }),
  link('/bulk-sweep-history', 'Bulk Sweep', 'Settings', { permission: 'transfers.view', page: 'SweepHistoryPage' }),
  // Not in the spec: one sweep, the detail route the sweep history's contract names.
  sub('/bulk-sweep-history/{id}', 'Bulk Sweep Detail', 'Settings', { permission: 'transfers.view', page: 'SweepPage' }),
  sub('/bulk-sweep-new-transfer', 'New Bulk Sweep Transfer', 'Settings', { permission: 'transfers.bulk', page: 'NewSweepPage' }),
  sub('/sweep-request/{id}/{bank}/{acctno}/{acctname}', 'Sweep Request', 'Settings', { permission: 'transfers.view', page: 'SweepRequestPage' }),
  link('/middleware-switching-portal', 'Middleware Switching Portal', 'Settings', { permission: 'transfers.view', page: 'MiddlewareSwitchingPortalPage' }),
  // Not in the spec: the page of its airtime configuration calls (/v1/configuration/…), under Settings (issue 19).
  link('/airtime-configuration', 'Airtime Configuration', 'Settings', { permission: 'airtime.view', page: 'AirtimeConfigurationPage' }),

  link('/fraud', 'Mark as Fraud', 'Fraud Management', { permission: 'fraud.view', page: 'FraudPage' }),
  link('/fixed-account-blacklisted', 'Blacklisted Accounts', 'Fraud Management', { permission: 'fixed-accounts.view', page: 'BlacklistedAccountsPage' }),
  link('/pnd-accounts', 'PND Accounts', 'Fraud Management', { permission: 'wallets.view', page: 'PndAccountsPage' }),
  sub('/pnd-accounts/{uid}', 'Wallet', 'Fraud Management', { permission: 'wallets.view', page: 'WalletPage' }),
  link('/providus-repush', 'Providus Repush', 'Fraud Management', { permission: 'providus.manage', page: 'ProvidusRepushPage' }),
  link('/providus-rename', 'Providus Rename', 'Fraud Management', { permission: 'providus.manage', page: 'ProvidusRenamePage' }),

  link('/fixed-accounts', 'Fixed Accounts', 'Virtual Account', { permission: 'fixed-accounts.view', page: 'FixedAccountsPage' }),
  link('/inactive-accounts', 'Inactive Accounts', 'Virtual Account', { permission: 'fixed-accounts.view', page: 'InactiveAccountsPage' }),

  link('/all-verification', 'All Verifications', 'Verification', { permission: 'kyc.view', page: 'VerificationListPage' }),
  sub('/all-verification/{id}', 'Verification', 'Verification', { permission: 'kyc.view', page: 'VerificationDetailPage' }),
  link('/document-verification', 'Document', 'Verification', { permission: 'kyc.view', page: 'VerificationListPage' }),
  sub('/document-verification/{id}', 'Document Verification', 'Verification', { permission: 'kyc.view', page: 'VerificationDetailPage' }),
  sub('/document-verification/reject/{id}', 'Reject Document', 'Verification', { permission: 'kyc.review', page: 'RejectVerificationPage' }),
  link('/address-verification', 'Address', 'Verification', { permission: 'kyc.view', page: 'VerificationListPage' }),
  sub('/address-verification/{id}', 'Address Verification', 'Verification', { permission: 'kyc.view', page: 'VerificationDetailPage' }),
  link('/corporate-verification', 'Corporate', 'Verification', { permission: 'kyc.view', page: 'VerificationListPage' }),
  sub('/corporate-verification/{id}', 'Corporate Verification', 'Verification', { permission: 'kyc.view', page: 'VerificationDetailPage' }),
  link('/accounts-for-trusting', 'Trusted Merchants', 'Verification', { permission: 'merchants.trust', page: 'TrustedMerchantsPage' }),
  link('/kyc-override-portal', 'KYC Override Portal', 'Verification', { permission: 'kyc.override', page: 'KycOverridePage' }),
  sub('/kyc-corporate-upload/{id?}', 'KYC Corporate Upload', 'Verification', { permission: 'kyc.corporate', page: 'KycCorporateUploadPage' }),

  link('/terminals', 'All Terminals', 'Terminals', { permission: 'terminals.view', page: 'TerminalsPage' }),
  sub('/terminals/{id}', 'Edit Terminal', 'Terminals', { permission: 'terminals.view', page: 'TerminalPage' }),
  sub('/terminal/new', 'New Terminal', 'Terminals', { permission: 'terminals.manage', page: 'NewTerminalPage' }),
  link('/unmap-terminals', 'Unmap Terminals', 'Terminals', { permission: 'terminals.view', page: 'UnmapTerminalsPage' }),
  link('/terminal-history', 'Terminal History', 'Terminals', { permission: 'terminals.view', page: 'TerminalHistoryPage' }),
  link('/terminal-uploads', 'Terminal Uploads', 'Terminals', { permission: 'terminals.view', page: 'TerminalUploadsPage' }),
  sub('/terminal-uploads/{id}', 'Terminal Upload', 'Terminals', { permission: 'terminals.view', page: 'TerminalUploadPage' }),
  sub('/terminal-upload/new', 'New Terminal Upload', 'Terminals', { permission: 'terminals.manage', page: 'NewTerminalUploadPage' }),
  link('/terminal-deployment-mso', 'Deployment MSO', 'Terminals', { permission: 'terminals.view', page: 'TerminalDeploymentsPage' }),
  link('/terminal-deployment-dsr', 'Deployment DSR', 'Terminals', { permission: 'terminals.view', page: 'TerminalDeploymentsPage' }),
  sub('/terminal-deployment-sales-agent', 'Deployment by Sales Agent', 'Terminals', { permission: 'terminals.view', page: 'TerminalDeploymentsPage' }),
  sub('/terminal-deployments', 'Terminal Deployments', 'Terminals', { permission: 'terminals.view', page: 'TerminalDeploymentsPage' }),
  // Not in the spec: the codes issued to field officers, and what terminals reported with them (the spec's deployment-response call).
  sub('/terminal-deployment-codes', 'Terminal Deployment Codes', 'Terminals', { permission: 'terminals.view', page: 'DeploymentCodesPage' }),
  sub('/terminal-deployment-responses', 'Deployment Responses', 'Terminals', { permission: 'terminals.view', page: 'DeploymentResponsesPage' }),
  sub('/terminal-override-code', 'Terminal Override Codes', 'Terminals', { permission: 'terminals.view', page: 'OverrideCodesPage' }),
  sub('/new-terminal-override-code', 'New Terminal Override Code', 'Terminals', { permission: 'terminals.override', page: 'NewOverrideCodePage' }),
  sub('/request-terminals', 'Request Terminals', 'Terminals', { permission: 'terminal-requests.manage', page: 'TerminalRequestFormPage' }),

  link('/terminal-request-form/key-accounts', 'Key Accounts', 'Terminal Request Forms', {
    permission: 'terminal-requests.manage',
    page: 'TerminalRequestFormPage',
  }),
  link('/terminal-request-form/telesales', 'Telesales', 'Terminal Request Forms', { permission: 'terminal-requests.manage', page: 'TerminalRequestFormPage' }),
  link('/terminal-request-form/cross-selling', 'Cross Selling', 'Terminal Request Forms', {
    permission: 'terminal-requests.manage',
    page: 'TerminalRequestFormPage',
  }),

  link('/terminal-requests/all', 'All', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/key-accounts', 'Key Accounts', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/telesales', 'Telesales', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/isa', 'ISA', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/web-mobile', 'Web/Mobile', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/loan', 'Loan', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/dsr', 'DSR', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/cross-selling', 'Cross Selling', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  link('/terminal-requests/omnipay', 'OmniPay', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestsPage' }),
  sub('/terminal-request/{id}', 'Terminal Request', 'Terminal Requests', { permission: 'terminal-requests.view', page: 'TerminalRequestPage' }),

  link('/settlements', 'Settlements', 'Settlements', { permission: 'settlements.view', page: 'SettlementsPage' }),
  sub('/settlements/{id}', 'Settlement', 'Settlements', { permission: 'settlements.view', page: 'SettlementGroupPage' }),

  link('/pos-terminal-receipt', 'POS Terminal Receipt', 'Operations', { permission: 'payments.view', page: 'PosReceiptPage' }),
  link('/staff-referral-code', 'Staff Referral Code', 'Operations', { permission: 'staff-codes.view', page: 'StaffCodesPage' }),
  sub('/new-staff-referral-code', 'New Staff Referral Code', 'Operations', { permission: 'staff-codes.manage', page: 'NewStaffCodePage' }),
  link('/password-reset', 'Password Reset', 'Operations', { permission: 'admins.reset-password', page: 'PasswordResetPage' }),

  link('/notifications', 'Notifications', 'Notifications', { permission: 'notifications.view', page: 'NotificationsPage' }),
  sub('/notifications/create', 'Create Notification', 'Notifications', { permission: 'notifications.manage', page: 'NewNotificationPage' }),
  sub('/notifications/preview/{id}', 'Preview Notification', 'Notifications', { permission: 'notifications.view', page: 'NotificationPreviewPage' }),
  link('/broadcast-portal', 'Broadcast Portal', 'Notifications', { permission: 'broadcasts.view', page: 'BroadcastsPage' }),
  sub('/broadcast-portal/{id}', 'Edit Broadcast', 'Notifications', { permission: 'broadcasts.view', page: 'BroadcastPage' }),

  link('/waitlist', 'Savings Waitlist', 'Savings & Downloads', { permission: 'savings.view', page: 'SavingsWaitlistPage' }),
  link('/downloads', 'Downloads', 'Savings & Downloads', { page: 'DownloadsPage' }),

  link('/funds-transfer', 'Funds Transfer', 'Fund Transfer', { permission: 'transfers.view', page: 'FundsTransferPage', chord: 't' }),
  sub('/funds-transfer/{id}', 'Funds Transfer Detail', 'Fund Transfer', { permission: 'transfers.view', page: 'FundsTransferDetailPage' }),
  link('/upload-portal', 'Upload Portal', 'Fund Transfer', { permission: 'transfers.bulk', page: 'UploadPortalPage' }),
  sub('/all-bulk-upload', 'All Bulk Uploads', 'Fund Transfer', { permission: 'transfers.view', page: 'AllBulkUploadsPage' }),
  sub('/bulk-status/{id}', 'Bulk Status', 'Fund Transfer', { permission: 'transfers.view', page: 'BulkStatusPage' }),

  link('/visitation-form-response', 'Visitation Form Response', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'VisitationFormsPage' }),
  link('/support-deployment', 'Support Deployment', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'SupportDeploymentPage' }),
  link('/retrieval-response', 'Retrieval Response', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'RetrievalResponsesPage' }),
  link('/form-responses', 'Form Responses', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'FormResponsesPage' }),
  sub('/form-responses/{id}', 'Form Response', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'FieldFormPage' }),
  link('/sim-mgt', 'SIM MGT', 'Merchant Support App MGT', { permission: 'field-forms.view', page: 'SimManagementPage' }),
  link('/terminal-mastersheet', 'Terminal Mastersheet', 'Merchant Support App MGT', { permission: 'sheets.view', page: 'SheetPage' }),
  link('/terminal-location-sheet', 'Terminal Location Sheet', 'Merchant Support App MGT', { permission: 'sheets.view', page: 'SheetPage' }),
  link('/terminal-weekly-visitation-sheet', 'Terminal Weekly Visitation Sheet', 'Merchant Support App MGT', { permission: 'sheets.view', page: 'SheetPage' }),
  link('/merchant-visitation-log', 'Merchant Visitation Log', 'Merchant Support App MGT', { permission: 'visits.view', page: 'VisitLogPage' }),
  sub('/view-merchant-visitation-log/{id}', 'Merchant Visitation', 'Merchant Support App MGT', { permission: 'visits.view', page: 'VisitPage' }),
  sub('/merchant-visitation', 'Merchant Visitation Schedule', 'Merchant Support App MGT', { permission: 'visits.view', page: 'VisitSchedulePage' }),
  sub('/new-merchant-visit', 'New Merchant Visit', 'Merchant Support App MGT', { permission: 'visits.schedule', page: 'NewVisitPage' }),

  link('/csr-account-list', 'Account List', 'CSR MGT', { permission: 'csr.view', page: 'CsrAccountsPage' }),
  link('/csr-onboarded-merchant', 'Onboarded Merchant', 'CSR MGT', { permission: 'csr.view', page: 'CsrOnboardedPage' }),
  link('/csr-terminal-deployment', 'Terminal Deployment', 'CSR MGT', { permission: 'csr.view', page: 'CsrDeploymentsPage' }),

  link('/admin', 'All Admins', 'Admin MGT', { chord: 'a', permission: 'admins.view', page: 'AdminsPage' }),
  sub('/new-admin', 'New Admin', 'Admin MGT', { permission: 'admins.create', page: 'NewAdminPage' }),
  link('/permissions', 'Permissions', 'Admin MGT', { chord: 'p', permission: 'permissions.view', page: 'PermissionsPage' }),
  sub('/permissions-department', 'Permissions by Department', 'Admin MGT', { permission: 'permissions.view', page: 'PermissionsPage' }),
  sub('/permissions-users', 'Permissions by User', 'Admin MGT', { permission: 'permissions.view', page: 'PermissionsUsersPage' }),
  sub('/permissions-user-by-id/{id}/{name}', 'User Permissions', 'Admin MGT', { permission: 'permissions.view', page: 'UserPermissionsPage' }),
  sub('/permissions-department-by-id/{id}/{name}', 'Department Permissions', 'Admin MGT', {
    permission: 'permissions.view',
    page: 'DepartmentPermissionsPage',
  }),
  link('/audit-log', 'Audit Log', 'Admin MGT', { chord: 'l', permission: 'audit.view', page: 'AuditLogPage' }),

  link('/request-authorization', 'Device Authorization Request', 'Device Authorization', {
    chord: 'd',
    permission: 'devices.authorize',
    page: 'DeviceRequestsPage',
  }),

  link('/loans', 'Loans', 'Others', { permission: 'loans.view', page: 'LoansPage' }),
  sub('/loans/{id}', 'Loan', 'Others', { permission: 'loans.view', page: 'LoanPage' }),
  sub('/loans/new-loan', 'New Loan', 'Others', { permission: 'loans.manage', page: 'NewLoanPage' }),
  // Not in the spec: the spec's loan-tracker-all call needed a page.
  sub('/loans/tracker', 'Loan Tracker', 'Others', { permission: 'loans.view', page: 'LoanTrackerPage' }),
  link('/reporting-page', 'Reporting', 'Others', { permission: 'reports.view', page: 'ReportsPage' }),
  sub('/reporting-page/view', 'Report', 'Others', { permission: 'reports.view', page: 'ReportViewPage' }),
  link('/retry-portal', 'Retry Portal', 'Others', { permission: 'transfers.view', page: 'RetryPortalPage' }),
  link('/schedules-management', 'Schedules Management', 'Others', { permission: 'schedules.view', page: 'SchedulesPage' }),
  // Not in the spec: one scheduled export's settings and runs.
  sub('/schedules-management/{id}', 'Scheduled Export', 'Others', { permission: 'schedules.view', page: 'SchedulePage' }),
  link('/website-forms', 'Website Forms', 'Others', { permission: 'website-forms.view', page: 'WebsiteFormsPage' }),
  sub('/website-forms/{id}', 'Website Form', 'Others', { permission: 'website-forms.view', page: 'WebsiteFormPage' }),
  sub('/no-permission', 'No Permission', null, { page: 'NoPermissionPage' }),
  sub('/error', 'Error', null, { page: 'ErrorPage' }),

  sub('/login', 'Login', null, { public: true }),
  sub('/reset-password', 'Reset Password', null, { public: true }),
  sub('/traction-chargeback-form', 'Chargeback Form', null, { public: true, page: 'ChargebackFormPage' }),
  sub('/traction-staff-verification-portal', 'Staff Verification Portal', null, { public: true, page: 'StaffVerificationPage' }),
  sub('/traction-support-form', 'Support Form', null, { public: true, page: 'SupportFormPage' }),
  // Not in the spec: where a broadcast's unsubscribe link lands (no sign-in; the token in the link says who).
  sub('/unsubscribe', 'Unsubscribe', null, { public: true, page: 'UnsubscribePage' }),
];

/** `{id}` → `:id`, `{id?}` → `:id?` (react-router syntax). */
export const toRouterPath = (path: string) => path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)(\?)?\}/g, ':$1$2');

/** Fills `{name}` placeholders. */
export const fillPath = (path: string, values: Record<string, unknown>) =>
  path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\??\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));

const templatePattern = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.*+^$()|[\]\\]/g, '\\$&')
      .replace(/\/\{[A-Za-z_][A-Za-z0-9_]*\?\}/g, '(?:/[^/]+)?')
      .replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, '[^/]+')}/?$`,
  );

/** The route a concrete path (`/permissions-user-by-id/7/Ada`) or a path template belongs to. */
export function routeOf(path: string): RouteEntry | undefined {
  return ROUTES.find((r) => r.path === path) ?? ROUTES.find((r) => templatePattern(r.path).test(path));
}
