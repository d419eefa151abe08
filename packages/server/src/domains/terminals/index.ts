import type { Implementation } from '../../handling/implement';
import { addTerminalPriceHandler, listTerminalPricesHandler, terminalPriceHistoryHandler, updateTerminalPriceHandler } from './terminal-prices.handlers';
import {
  addTerminalHandler,
  getTerminalHandler,
  listMerchantTerminalsHandler,
  listTerminalsHandler,
  moveTerminalHandler,
  terminalBanksHandler,
  terminalHistoryHandler,
  terminalProvidersHandler,
  updateTerminalHandler,
} from './terminals.handlers';

/** POS terminals (docs/decisions.md "Terminals"): the inventory, its states and its history. */
export const terminalImplementations: readonly Implementation[] = [
  listTerminalsHandler,
  listMerchantTerminalsHandler,
  getTerminalHandler,
  addTerminalHandler,
  updateTerminalHandler,
  moveTerminalHandler,
  terminalProvidersHandler,
  terminalBanksHandler,
  terminalHistoryHandler,
  listTerminalPricesHandler,
  addTerminalPriceHandler,
  updateTerminalPriceHandler,
  terminalPriceHistoryHandler,
];
