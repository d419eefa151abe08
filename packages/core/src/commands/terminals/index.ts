import type { AnyCommand } from '../../command';
import {
  addTerminal,
  getTerminal,
  listMerchantTerminals,
  listTerminals,
  moveTerminal,
  terminalBanks,
  terminalHistory,
  terminalProviders,
  updateTerminal,
} from './terminals';

export * from './terminals';

export const terminalCommands = [
  listTerminals,
  listMerchantTerminals,
  getTerminal,
  addTerminal,
  updateTerminal,
  moveTerminal,
  terminalProviders,
  terminalBanks,
  terminalHistory,
] as const satisfies readonly AnyCommand[];
