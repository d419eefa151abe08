import type { AnyCommand } from '../../command';
import {
  createCashbackRule,
  listCashbackActivations,
  listCashbackRules,
  setCashbackActivation,
  setCashbackActivationBulk,
  updateCashbackRule,
} from './cashback';
import { getTransferFee, getWalletConfig, updateTransferFee, updateWalletConfig, walletLimits } from './wallet-config';

export * from './cashback';
export * from './wallet-config';
export * from '../../wallet/kyc-tier';
export * from '../../wallet/transfer-kinds';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const walletSettingsCommands = [
  getWalletConfig,
  updateWalletConfig,
  getTransferFee,
  updateTransferFee,
  walletLimits,
  listCashbackRules,
  createCashbackRule,
  updateCashbackRule,
  listCashbackActivations,
  setCashbackActivation,
  setCashbackActivationBulk,
] as const satisfies readonly AnyCommand[];
