import type { AnyCommand } from '../../command';
import { addTerminalPrice, listTerminalPrices, terminalPriceHistory, updateTerminalPrice } from './terminal-prices';
import {
  addTerminal,
  getTerminal,
  listMerchantTerminals,
  listTerminals,
  reassignTerminal,
  unmapTerminal,
  moveTerminal,
  terminalBanks,
  terminalHistory,
  terminalProviders,
  updateTerminal,
} from './terminals';

export * from './terminal-prices';
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
  reassignTerminal,
  unmapTerminal,
  listTerminalPrices,
  addTerminalPrice,
  updateTerminalPrice,
  terminalPriceHistory,
] as const satisfies readonly AnyCommand[];
