import type { AnyCommand } from '../../command';
import { ledgerCheck } from './ledger-check';

export * from './ledger-check';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const ledgerCommands = [ledgerCheck] as const satisfies readonly AnyCommand[];
