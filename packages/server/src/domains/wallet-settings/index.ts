import type { Implementation } from '../../handling/implement';
import {
  createCashbackRuleHandler,
  listCashbackActivationsHandler,
  listCashbackRulesHandler,
  setCashbackActivationBulkHandler,
  setCashbackActivationHandler,
  updateCashbackRuleHandler,
} from './cashback.handlers';
import {
  getTransferFeeHandler,
  getWalletConfigHandler,
  updateTransferFeeHandler,
  updateWalletConfigHandler,
  walletLimitsHandler,
} from './wallet-config.handlers';

/**
 * Wallet settings: the limits of each KYC tier (the ledger enforces them, domains/ledger/limits.ts),
 * the transfer fee (issue 15 charges it), cashback rules and their activation per business
 * (issue 16 pays them on POS credits).
 */
export { type Cashback, cashbackFor, cashbackUnder, transferFee, walletLimitState, type WalletLimitState, walletLimitStates } from './wallet-settings';

/** Implementations of this domain's commands. */
export const walletSettingsImplementations: readonly Implementation[] = [
  getWalletConfigHandler,
  updateWalletConfigHandler,
  getTransferFeeHandler,
  updateTransferFeeHandler,
  walletLimitsHandler,
  listCashbackRulesHandler,
  createCashbackRuleHandler,
  updateCashbackRuleHandler,
  listCashbackActivationsHandler,
  setCashbackActivationHandler,
  setCashbackActivationBulkHandler,
];
