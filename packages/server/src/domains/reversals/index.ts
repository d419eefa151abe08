import type { Implementation } from '../../handling/implement';
import { getReversalHandler, listReversalsHandler, reverseWalletTransactionByIdHandler, reverseWalletTransactionHandler } from './reversals.handlers';

/** Reversing a wallet transaction by the rules of docs/decisions.md "Reversals" (through the ledger's `reverse`). */
export { reverseWalletTransaction, type ReversalRequest, type ReversalTarget } from './reverse-transaction';

/** Implementations of this domain's commands. */
export const reversalImplementations: readonly Implementation[] = [
  reverseWalletTransactionHandler,
  reverseWalletTransactionByIdHandler,
  listReversalsHandler,
  getReversalHandler,
];
