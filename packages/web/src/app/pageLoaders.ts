import type { ComponentType } from 'react';

/** A page module: lazily loaded, one default export. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Every page module a route may name (routes.ts), each loaded on first visit as its own chunk.
 * Kept apart from the route table so that pages can read the table without importing themselves.
 */
export const pageLoaders = {
  AdminsPage: () => import('../modules/admins/AdminsPage'),
  AuditLogPage: () => import('../modules/admins/AuditLogPage'),
  DepartmentPermissionsPage: () => import('../modules/admins/DepartmentPermissionsPage'),
  DeviceRequestsPage: () => import('../modules/admins/DeviceRequestsPage'),
  NewAdminPage: () => import('../modules/admins/NewAdminPage'),
  PasswordResetPage: () => import('../modules/admins/PasswordResetPage'),
  PermissionsPage: () => import('../modules/admins/PermissionsPage'),
  PermissionsUsersPage: () => import('../modules/admins/PermissionsUsersPage'),
  UserPermissionsPage: () => import('../modules/admins/UserPermissionsPage'),
  BankAccountsPage: () => import('../modules/merchants/BankAccountsPage'),
  BusinessLogsPage: () => import('../modules/merchants/BusinessLogsPage'),
  MerchantPage: () => import('../modules/merchants/MerchantPage'),
  MerchantsPage: () => import('../modules/merchants/MerchantsPage'),
  SettlementAccountsPage: () => import('../modules/merchants/SettlementAccountsPage'),
  OverviewPage: () => import('../modules/overview/OverviewPage'),
  QuickAccessPage: () => import('../modules/overview/QuickAccessPage'),
  FundsReversalDetailPage: () => import('../modules/reversals/FundsReversalDetailPage'),
  FundsReversalPage: () => import('../modules/reversals/FundsReversalPage'),
  TransactionReversalPage: () => import('../modules/reversals/TransactionReversalPage'),
  BlacklistedAccountsPage: () => import('../modules/risk/BlacklistedAccountsPage'),
  FixedAccountsPage: () => import('../modules/risk/FixedAccountsPage'),
  FraudPage: () => import('../modules/risk/FraudPage'),
  InactiveAccountsPage: () => import('../modules/risk/InactiveAccountsPage'),
  PndAccountsPage: () => import('../modules/risk/PndAccountsPage'),
  ProvidusRenamePage: () => import('../modules/risk/ProvidusRenamePage'),
  ProvidusRepushPage: () => import('../modules/risk/ProvidusRepushPage'),
  TrustedMerchantsPage: () => import('../modules/risk/TrustedMerchantsPage'),
  VfdTransactionQueryPage: () => import('../modules/risk/VfdTransactionQueryPage'),
  WalletPage: () => import('../modules/risk/WalletPage'),
  WemaAccountQueryPage: () => import('../modules/risk/WemaAccountQueryPage'),
  ErrorPage: () => import('../modules/system/ErrorPage'),
  NoPermissionPage: () => import('../modules/system/NoPermissionPage'),
  KycCorporateUploadPage: () => import('../modules/kyc/KycCorporateUploadPage'),
  KycOverridePage: () => import('../modules/kyc/KycOverridePage'),
  RejectVerificationPage: () => import('../modules/kyc/RejectVerificationPage'),
  VerificationDetailPage: () => import('../modules/kyc/VerificationDetailPage'),
  VerificationListPage: () => import('../modules/kyc/VerificationListPage'),
  SavedViewsPage: () => import('../modules/views/SavedViewsPage'),
  ApprovalPage: () => import('../modules/approvals/ApprovalPage'),
  ApprovalPoliciesPage: () => import('../modules/approvals/ApprovalPoliciesPage'),
  ApprovalsPage: () => import('../modules/approvals/ApprovalsPage'),
  WalletCreditBusinessPage: () => import('../modules/wallet-credit/WalletCreditBusinessPage'),
  WalletCreditSelectPage: () => import('../modules/wallet-credit/WalletCreditSelectPage'),
  AllWalletTransactionsPage: () => import('../modules/wallet/AllWalletTransactionsPage'),
  WalletManagementPortalPage: () => import('../modules/wallet/WalletManagementPortalPage'),
  WalletTransactionLogsPage: () => import('../modules/wallet/WalletTransactionLogsPage'),
  WalletTransactionPage: () => import('../modules/wallet/WalletTransactionPage'),
  PaymentLogsPage: () => import('../modules/payments/PaymentLogsPage'),
  PaymentLogPage: () => import('../modules/payments/PaymentLogPage'),
  BusinessPaymentLogsPage: () => import('../modules/payments/BusinessPaymentLogsPage'),
  PosReceiptPage: () => import('../modules/payments/PosReceiptPage'),
  SettlementsPage: () => import('../modules/settlements/SettlementsPage'),
  SettlementGroupPage: () => import('../modules/settlements/SettlementGroupPage'),
  CashbackActivationPage: () => import('../modules/wallet-settings/CashbackActivationPage'),
  CashbackRulesPage: () => import('../modules/wallet-settings/CashbackRulesPage'),
  TransferFeePage: () => import('../modules/wallet-settings/TransferFeePage'),
  WalletSettingsPage: () => import('../modules/wallet-settings/WalletSettingsPage'),
  FundsTransferProviderPortalPage: () => import('../modules/transfer-routing/FundsTransferProviderPortalPage'),
  MiddlewareSwitchingPortalPage: () => import('../modules/transfer-routing/MiddlewareSwitchingPortalPage'),
  BlockedBeneficiariesPage: () => import('../modules/fraud-rules/BlockedBeneficiariesPage'),
  FraudRulesPage: () => import('../modules/fraud-rules/FraudRulesPage'),
  FundsTransferDetailPage: () => import('../modules/transfers/FundsTransferDetailPage'),
  FundsTransferPage: () => import('../modules/transfers/FundsTransferPage'),
  RetryPortalPage: () => import('../modules/transfers/RetryPortalPage'),
  AllBulkUploadsPage: () => import('../modules/bulk-transfers/AllBulkUploadsPage'),
  BulkStatusPage: () => import('../modules/bulk-transfers/BulkStatusPage'),
  UploadPortalPage: () => import('../modules/bulk-transfers/UploadPortalPage'),
  NewSweepPage: () => import('../modules/sweeps/NewSweepPage'),
  SweepHistoryPage: () => import('../modules/sweeps/SweepHistoryPage'),
  SweepPage: () => import('../modules/sweeps/SweepPage'),
  SweepRequestPage: () => import('../modules/sweeps/SweepRequestPage'),
} satisfies Record<string, PageLoader>;

// Routes may name exactly these pages: a route naming one that has no loader does not compile.
type PageLoaders = typeof pageLoaders;
declare module '../routes' {
  interface RoutePages extends PageLoaders {}
}
