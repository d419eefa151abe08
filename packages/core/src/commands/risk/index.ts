import type { AnyCommand } from '../../command';
import { providusRename, providusRepush, vfdTransactions, wemaAccountQuery } from './banks';
import {
  blacklistFixedAccountsBulk,
  deactivateFixedAccount,
  downloadFixedAccounts,
  listFixedAccounts,
  listInactiveFixedAccounts,
  renameFixedAccount,
  repushFixedAccount,
  toggleFixedAccountBlacklist,
} from './fixed-accounts';
import { listFraud, updateFraudStatus, updateFraudStatusBulk } from './fraud';
import { listTrust, toggleTrust } from './trust';
import { listWallets, updateWalletStatus } from './wallets';

export * from './banks';
export * from './fixed-accounts';
export * from './fraud';
export * from './trust';
export * from './wallets';
export * from '../../schemas/risk';
export * from '../../risk/money-policy';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const riskCommands = [
  listFraud,
  updateFraudStatus,
  updateFraudStatusBulk,
  listTrust,
  toggleTrust,
  listWallets,
  updateWalletStatus,
  listFixedAccounts,
  downloadFixedAccounts,
  toggleFixedAccountBlacklist,
  blacklistFixedAccountsBulk,
  listInactiveFixedAccounts,
  deactivateFixedAccount,
  repushFixedAccount,
  renameFixedAccount,
  wemaAccountQuery,
  vfdTransactions,
  providusRepush,
  providusRename,
] as const satisfies readonly AnyCommand[];
