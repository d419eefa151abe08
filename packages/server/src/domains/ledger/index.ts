import type { Implementation } from '../../handling/implement';
import { ledgerCheckHandler } from './ledger.handlers';
import { walletTransactionImplementations } from './wallet-transactions.handlers';

/**
 * The ledger: the only code that writes ledger accounts and transfers (docs/decisions.md
 * "Ledger"). Everything that moves money posts through these operations.
 */
export { accountNames, balances, COMPANY_ACCOUNTS, type CompanyAccount, openCompanyAccounts, walletAccount } from './accounts';
export { post, type PostedTransfer, type Posting, type PostingMeta, type Reversal, reverse } from './posting';
export { currentJournal, PostingJournal, withPostingJournal } from './journal';
export { previewOf } from './preview';
export { checkLedger, type LedgerCheck, type LedgerDifference } from './check';
/** Reads other domains need of a transfer (reads only: writes go through post and reverse). */
export { findTransferById as transferById, findTransferByReference as transferByReference, findReversalOf as reversalOf } from './ledger.repository';

/** Implementations of this domain's commands. */
export const ledgerImplementations: readonly Implementation[] = [ledgerCheckHandler, ...walletTransactionImplementations];
