import type { Implementation } from '../../handling/implement';
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
];
