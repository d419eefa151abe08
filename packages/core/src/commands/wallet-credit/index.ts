import type { AnyCommand } from '../../command';
import {
  authoriseWalletCredit,
  authoriseWalletDebit,
  getWalletCreditBusiness,
  listWalletCreditRequests,
  requestWalletCredit,
  requestWalletDebit,
} from './wallet-credit';

export * from './wallet-credit';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const walletCreditCommands = [
  listWalletCreditRequests,
  getWalletCreditBusiness,
  requestWalletCredit,
  requestWalletDebit,
  authoriseWalletCredit,
  authoriseWalletDebit,
] as const satisfies readonly AnyCommand[];
