import type { Implementation } from '../../handling/implement';
import {
  authoriseWalletCreditHandler,
  authoriseWalletDebitHandler,
  getWalletCreditBusinessHandler,
  listWalletCreditRequestsHandler,
  requestWalletCreditHandler,
  requestWalletDebitHandler,
} from './wallet-credit.handlers';

/**
 * Credits and debits of a wallet by hand, under four-eyes: a request is an approval request of
 * the action `wallets.credit` or `wallets.debit`; authorising it posts through the ledger.
 */
export { requestWalletMovement, walletCreditExecutors } from './wallet-credit.handlers';

/** Implementations of this domain's commands. */
export const walletCreditImplementations: readonly Implementation[] = [
  listWalletCreditRequestsHandler,
  getWalletCreditBusinessHandler,
  requestWalletCreditHandler,
  requestWalletDebitHandler,
  authoriseWalletCreditHandler,
  authoriseWalletDebitHandler,
];
