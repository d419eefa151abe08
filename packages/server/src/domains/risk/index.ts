import type { Implementation } from '../../handling/implement';
import { providusRenameHandler, providusRepushHandler, vfdTransactionsHandler, wemaAccountQueryHandler } from './banks.handlers';
import {
  blacklistFixedAccountsBulkHandler,
  deactivateFixedAccountHandler,
  downloadFixedAccountsHandler,
  listFixedAccountsHandler,
  listInactiveFixedAccountsHandler,
  renameFixedAccountHandler,
  repushFixedAccountHandler,
  toggleFixedAccountBlacklistHandler,
} from './fixed-accounts.handlers';
import { listFraudHandler, updateFraudStatusBulkHandler, updateFraudStatusHandler } from './fraud.handlers';
import { listTrustHandler, toggleTrustHandler } from './trust.handlers';
import { listWalletsHandler, updateWalletStatusHandler } from './wallets.handlers';

/** The money policy, read from the database: the ledger checks it inside every posting. */
export { assertMoneyMayMove, heldMoneyPolicies, moneyPolicyFor, type MoneyMovement } from './money-guard';

/** Implementations of this domain's commands. */
export const riskImplementations: readonly Implementation[] = [
  listFraudHandler,
  updateFraudStatusHandler,
  updateFraudStatusBulkHandler,
  listTrustHandler,
  toggleTrustHandler,
  listWalletsHandler,
  updateWalletStatusHandler,
  listFixedAccountsHandler,
  downloadFixedAccountsHandler,
  toggleFixedAccountBlacklistHandler,
  blacklistFixedAccountsBulkHandler,
  listInactiveFixedAccountsHandler,
  deactivateFixedAccountHandler,
  repushFixedAccountHandler,
  renameFixedAccountHandler,
  wemaAccountQueryHandler,
  vfdTransactionsHandler,
  providusRepushHandler,
  providusRenameHandler,
];
