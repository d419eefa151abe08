import type { AnyCommand } from '../../command';
import { addLoan, getLoan, listLoans, loanTracker, updateLoan } from './loans';

export * from './loans';

export const loanCommands: readonly AnyCommand[] = [listLoans, addLoan, getLoan, updateLoan, loanTracker];
