import type { Implementation } from '../../handling/implement';
import {
  addDeliveryStateHandler,
  listDeliveryStatesHandler,
  removeDeliveryStateHandler,
  updateDeliveryStateHandler,
} from './terminal-delivery-states.handlers';
import { issueDeploymentCodeHandler, listDeploymentCodesHandler, revokeDeploymentCodeHandler } from './deployment-codes.handlers';
import { listDeploymentReportsHandler, listDeploymentsHandler, reportDeploymentHandler } from './terminal-deployments.handlers';
import {
  addTerminalRequestHandler,
  decideTerminalRequestHandler,
  editTerminalRequestHandler,
  getTerminalRequestHandler,
  listTerminalRequestsHandler,
  updateTerminalRequestStatusHandler,
} from './terminal-requests.handlers';
import {
  getTerminalUploadHandler,
  listTerminalUploadsHandler,
  terminalUploadTemplateHandler,
  uploadTerminalIdsHandler,
  uploadTerminalStockHandler,
} from './terminal-uploads.handlers';
import { createOverrideCodeHandler, listOverrideCodesHandler, redeemOverrideCodeHandler, revokeOverrideCodeHandler } from './override-codes.handlers';
import {
  addTerminalLocationHandler,
  listAvailableTerminalLocationsHandler,
  listTerminalLocationsHandler,
  removeTerminalLocationHandler,
  updateTerminalLocationHandler,
} from './terminal-locations.handlers';
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
  unmapTerminalsBulkHandler,
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
  unmapTerminalsBulkHandler,
  listTerminalPricesHandler,
  addTerminalPriceHandler,
  updateTerminalPriceHandler,
  terminalPriceHistoryHandler,
  listOverrideCodesHandler,
  createOverrideCodeHandler,
  revokeOverrideCodeHandler,
  redeemOverrideCodeHandler,
  listTerminalLocationsHandler,
  listAvailableTerminalLocationsHandler,
  addTerminalLocationHandler,
  updateTerminalLocationHandler,
  removeTerminalLocationHandler,
  uploadTerminalStockHandler,
  uploadTerminalIdsHandler,
  terminalUploadTemplateHandler,
  listTerminalUploadsHandler,
  getTerminalUploadHandler,
  listTerminalRequestsHandler,
  addTerminalRequestHandler,
  getTerminalRequestHandler,
  editTerminalRequestHandler,
  updateTerminalRequestStatusHandler,
  decideTerminalRequestHandler,
  listDeliveryStatesHandler,
  addDeliveryStateHandler,
  updateDeliveryStateHandler,
  removeDeliveryStateHandler,
  listDeploymentCodesHandler,
  issueDeploymentCodeHandler,
  revokeDeploymentCodeHandler,
  reportDeploymentHandler,
  listDeploymentReportsHandler,
  listDeploymentsHandler,
];
