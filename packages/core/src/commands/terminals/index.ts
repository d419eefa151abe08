import type { AnyCommand } from '../../command';
import {
  addTerminalRequest,
  decideTerminalRequest,
  editTerminalRequest,
  getTerminalRequest,
  listTerminalRequests,
  updateTerminalRequestStatus,
} from './terminal-requests';
import { getTerminalUpload, listTerminalUploads, terminalUploadTemplate, uploadTerminalIds, uploadTerminalStock } from './terminal-uploads';
import { addTerminalPrice, listTerminalPrices, terminalPriceHistory, updateTerminalPrice } from './terminal-prices';
import { createOverrideCode, listOverrideCodes, redeemOverrideCode, revokeOverrideCode } from './override-codes';
import { addDeliveryState, listDeliveryStates, removeDeliveryState, updateDeliveryState } from './terminal-delivery-states';
import {
  issueDeploymentCode,
  listDeploymentCodes,
  listDeploymentReports,
  listDeployments,
  reportDeployment,
  revokeDeploymentCode,
} from './terminal-deployments';
import {
  addTerminalLocation,
  listAvailableTerminalLocations,
  listTerminalLocations,
  removeTerminalLocation,
  updateTerminalLocation,
} from './terminal-locations';
import {
  addTerminal,
  getTerminal,
  listMerchantTerminals,
  listTerminals,
  reassignTerminal,
  unmapTerminal,
  unmapTerminalsBulk,
  moveTerminal,
  terminalBanks,
  terminalHistory,
  terminalProviders,
  updateTerminal,
} from './terminals';

export * from './terminal-prices';
export * from './override-codes';
export * from './terminal-locations';
export * from './terminals';
export * from './terminal-uploads';
export * from './terminal-requests';
export * from './terminal-delivery-states';
export * from './terminal-deployments';

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
  unmapTerminalsBulk,
  listTerminalPrices,
  addTerminalPrice,
  updateTerminalPrice,
  terminalPriceHistory,
  listOverrideCodes,
  createOverrideCode,
  revokeOverrideCode,
  redeemOverrideCode,
  listTerminalLocations,
  listAvailableTerminalLocations,
  addTerminalLocation,
  updateTerminalLocation,
  removeTerminalLocation,
  uploadTerminalStock,
  uploadTerminalIds,
  terminalUploadTemplate,
  listTerminalUploads,
  getTerminalUpload,
  listTerminalRequests,
  addTerminalRequest,
  getTerminalRequest,
  editTerminalRequest,
  updateTerminalRequestStatus,
  decideTerminalRequest,
  listDeliveryStates,
  addDeliveryState,
  updateDeliveryState,
  removeDeliveryState,
  listDeploymentCodes,
  issueDeploymentCode,
  revokeDeploymentCode,
  reportDeployment,
  listDeploymentReports,
  listDeployments,
] as const satisfies readonly AnyCommand[];
