import type { AnyCommand } from '../../command';
import { listAllWalletTransactions, listWalletTransactions, listWalletTransactionsByBusiness, walletTransactionByReference } from './wallet-transactions';

export * from './wallet-transaction-schemas';
export * from './wallet-transactions';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const walletLogCommands = [
  listWalletTransactions,
  listWalletTransactionsByBusiness,
  walletTransactionByReference,
  listAllWalletTransactions,
] as const satisfies readonly AnyCommand[];
