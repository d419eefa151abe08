/**
 * What tests and benchmarks outside this package need of the server, besides `startServer`
 * (the package's main export): throwaway databases, the demo data, sample documents and the
 * password hash. The CLI's, the browser tests' and the benchmarks' one way in.
 */
export { createScratchDatabase, openTestDatabase } from './test/test-database';
export { seedDemo } from './demo/seed-demo';
export { seedMerchants } from './demo/seed-merchants';
export { seedPayments } from './demo/seed-payments';
export { seedTerminals } from './demo/seed-terminals';
export { seedCommerce, seedSales } from './demo/seed-commerce';
export { refreshPaymentRollups } from './domains/monitoring/index';
export { LocalFileStore } from './providers/files/local-file-store';
/** The sandboxes of the SMS gateway, the marketing list and the help desk, for a test to hold the server's instance (an outage switched on, what was sent). */
export { SandboxSmsGateway } from './providers/sms/sandbox-sms';
export { SandboxMarketingList } from './providers/marketing/sandbox-marketing-list';
export { SandboxHelpDesk } from './providers/help-desk/sandbox-help-desk';
export { specimenCard } from './demo/specimen-documents';
export { hashPassword } from './domains/auth/index';
/** Wallets with ledger accounts and money in them, and postings, for tests of money commands from outside. */
export { ledgerFingerprint, ledgerWallet, nextReference } from './test/ledger-kit';
export { checkLedger, openCompanyAccounts, post } from './domains/ledger/index';
/** An export frozen and left part-written, as a server killed halfway leaves it. */
export { writeExportPartly } from './test/export-kit';
