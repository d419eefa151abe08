import type { AnyCommand } from '../../command';
import { getReversal, listReversals } from './reversal-history';
import { reverseWalletTransaction, reverseWalletTransactionById } from './reversals';

export * from './reversal-history';
export * from './reversal-rules';
export * from './reversals';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const reversalCommands = [reverseWalletTransaction, reverseWalletTransactionById, listReversals, getReversal] as const satisfies readonly AnyCommand[];
