import type { Implementation } from '../../handling/implement';
import { addTerminalPriceHandler, listTerminalPricesHandler, terminalPriceHistoryHandler, updateTerminalPriceHandler } from './terminal-prices.handlers';
import {
  addTerminalHandler,
  getTerminalHandler,
  listMerchantTerminalsHandler,
  listTerminalsHandler,
  moveTerminalHandler,
  reassignTerminalHandler,
  terminalBanksHandler,
  terminalHistoryHandler,
  terminalProvidersHandler,
  unmapTerminalHandler,
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
  reassignTerminalHandler,
  unmapTerminalHandler,
  listTerminalPricesHandler,
  addTerminalPriceHandler,
  updateTerminalPriceHandler,
  terminalPriceHistoryHandler,
];
