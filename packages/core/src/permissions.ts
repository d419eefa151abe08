/**
 * The permission catalogue. Every command names one of these (or none, for commands any
 * signed-in admin may run); the super-admin role holds them all. Labels are what the
 * Permissions pages show.
 */
export const PERMISSIONS = {
  'admins.view': { label: 'View admins', group: 'Admin MGT' },
  'admins.create': { label: 'Create admins', group: 'Admin MGT' },
  'admins.change-role': { label: "Change an admin's role", group: 'Admin MGT' },
  'admins.delete': { label: 'Delete admins', group: 'Admin MGT' },
  'admins.reset-password': { label: "Reset an admin's password", group: 'Admin MGT' },
  'permissions.view': { label: 'View departments and permissions', group: 'Admin MGT' },
  'permissions.manage': { label: 'Grant and revoke permissions', group: 'Admin MGT' },
  'devices.authorize': { label: 'Approve or reject device requests', group: 'Device Authorization' },
  'audit.view': { label: 'Read the audit log', group: 'Admin MGT' },
  'client-errors.view': { label: 'Read console error reports (for engineers)', group: 'Admin MGT' },
  'merchants.view': { label: 'View merchants, their users, accounts and logs', group: 'Directory' },
  'merchants.create': { label: 'Sign up and create merchants', group: 'Directory' },
  'merchants.support': { label: 'Send merchants password links and read support issues', group: 'Directory' },
  'banks.query': { label: 'Query bank accounts and transactions (Wema, VFD)', group: 'Directory' },
  'kyc.view': { label: 'View KYC records and documents', group: 'Verification' },
  'kyc.review': { label: 'Approve, disapprove and reject KYC', group: 'Verification' },
  'kyc.override': { label: 'Override KYC requirements', group: 'Verification' },
  'kyc.blacklist': { label: 'Blacklist identity numbers', group: 'Verification' },
  'kyc.corporate': { label: 'Upload corporate documents and verify companies', group: 'Verification' },
  'uploads.create': { label: 'Upload documents', group: 'Verification' },
  'merchants.trust': { label: 'Trust and untrust merchants', group: 'Verification' },
  'fraud.view': { label: 'View fraud controls (the fraud list)', group: 'Fraud Management' },
  'fraud.manage': { label: 'Mark and clear fraud on merchants', group: 'Fraud Management' },
  'wallets.status': { label: "Change a wallet's status (PND, freeze)", group: 'Fraud Management' },
  'fixed-accounts.blacklist': { label: 'Blacklist and whitelist fixed accounts', group: 'Fraud Management' },
  'providus.manage': { label: 'Repush and rename Providus accounts', group: 'Fraud Management' },
  'fixed-accounts.view': { label: 'View fixed and inactive accounts', group: 'Virtual Account' },
  'fixed-accounts.manage': { label: 'Deactivate, re-push and rename fixed accounts', group: 'Virtual Account' },
  'ledger.view': { label: 'Check the ledger (balances against transfers)', group: 'Wallet' },
  'wallets.view': { label: 'View wallets (PND accounts), balances and wallet transaction logs', group: 'Wallet' },
  'wallets.reverse': { label: 'Reverse wallet transactions', group: 'Wallet' },
  'wallets.credit.request': { label: 'Request wallet credits and debits', group: 'Wallet' },
  'wallets.credit.authorise': { label: 'Authorise wallet credits and debits (four-eyes)', group: 'Wallet' },
  'wallets.settings': { label: 'Change the transfer fee, cashback and wallet limits', group: 'Settings' },
  'approvals.view': { label: 'See the approvals queue', group: 'Wallet' },
  'approvals.policies': { label: 'Change approval policies (who approves what, above which amount)', group: 'Settings' },
  'transfers.view': { label: 'View funds transfers, bulk uploads and sweeps', group: 'Fund Transfer' },
  'transfers.create': { label: 'Send funds transfers and payouts', group: 'Fund Transfer' },
  'transfers.review': { label: 'Release or block transfers held by fraud rules', group: 'Fund Transfer' },
  'transfers.retry': { label: 'Retry failed transfers and re-query stuck ones (Retry Portal)', group: 'Fund Transfer' },
  'transfers.bulk': { label: 'Upload bulk transfers and start bulk sweeps', group: 'Fund Transfer' },
  'transfers.providers': { label: 'Choose funds-transfer providers and the switching middleware', group: 'Settings' },
  'payments.view': { label: 'View payment logs and POS receipts', group: 'Transaction Logs' },
  'pricing-bands.view': { label: 'View pricing bands and which merchants are on them', group: 'Settings' },
  'pricing-bands.manage': { label: 'Create and change pricing bands', group: 'Settings' },
  'pricing-bands.assign': { label: 'Put merchants on pricing bands', group: 'Settings' },
  'terminals.view': { label: 'View terminals and their history', group: 'Terminals' },
  'terminals.manage': { label: 'Add terminals, change their details and move them between states', group: 'Terminals' },
  'terminals.pricing': { label: 'Set and change terminal prices', group: 'Settings' },
  'terminal-requests.view': { label: 'View terminal requests and their change logs', group: 'Terminal Requests' },
  'terminal-requests.manage': {
    label: 'Raise and edit terminal requests, and take them through payment, assignment, dispatch and delivery',
    group: 'Terminal Requests',
  },
  'terminal-requests.approve': { label: 'Approve or decline terminal requests', group: 'Terminal Requests' },
  'terminals.override': { label: 'Issue and revoke terminal override codes (device-lock overrides)', group: 'Terminals' },
  'terminals.deploy': { label: 'Issue terminal deployment codes to field officers (MSO, DSR, sales agents)', group: 'Terminals' },
  'loans.view': { label: 'View loans, their schedules, repayments and the loan tracker', group: 'Loans' },
  'loans.manage': { label: 'Request loans, change their terms, cancel them and mark them defaulted', group: 'Loans' },
  'loans.approve': { label: 'Approve or decline loan requests (four-eyes, under the loans approval policy)', group: 'Loans' },
  'loans.disburse': { label: 'Disburse approved loans to merchant wallets and write loans off', group: 'Loans' },
  'deductions.view': { label: 'View deduction settings, runs and reports', group: 'Deductions' },
  'deductions.manage': { label: 'Upload deduction files and change deduction settings', group: 'Deductions' },
  'deductions.run': { label: 'Run automatic deductions from merchant wallets', group: 'Deductions' },
  'terminals.delivery-states': { label: 'Add, change and remove terminal delivery states', group: 'Settings' },
  'monitoring.view': { label: 'Monitor transactions (success rates by route and bank)', group: 'Product Monitoring' },
  'settlements.view': { label: 'View settlement groups and cumulations', group: 'Settlements' },
  'settlements.settle': { label: 'Settle cumulations (to wallets or marked as settled outside), and approve settlements', group: 'Settlements' },
  'jobs.view': { label: 'See background jobs and their progress', group: 'Settings' },
  'jobs.retry': { label: 'Retry failed background jobs', group: 'Settings' },
  'fraud-rules.view': { label: 'View fraud rules', group: 'Settings' },
  'fraud-rules.manage': { label: 'Change fraud rules and blocked beneficiaries', group: 'Settings' },
  'savings.view': { label: 'View the savings wait-list', group: 'Savings & Downloads' },
} as const satisfies Record<string, { label: string; group: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_IDS = Object.keys(PERMISSIONS) as Permission[];

export const isPermission = (value: string): value is Permission => value in PERMISSIONS;

/** Roles. `super_admin` holds every permission; other roles hold what they are granted. */
export const ROLES = ['super_admin', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];
