import type { Implementation } from '../../handling/implement';
import { getSwitchingMiddlewareHandler, setSwitchingMiddlewareHandler, switchingMiddlewareHistoryHandler } from './switching-middleware.handlers';
import {
  clearBankRouteHandler,
  listTransferProvidersHandler,
  markTransferProviderHandler,
  routeTransfersHandler,
  setSandboxTransferOutageHandler,
  transferRoutingHistoryHandler,
} from './transfer-providers.handlers';

/**
 * Transfer routing: which provider sends new transfers to each bank (a bank's own route, else the
 * route of all banks), providers marked down and the failover past them, the sandboxes' outage
 * switch, and the switching middleware of card transactions. The transfers domain asks
 * `chooseTransferProvider` for each new transfer and stores the answer on it.
 */
export { type ChosenTransferProvider, chooseTransferProvider, providerHealth, sendsThrough } from './transfer-routing';

/** Implementations of this domain's commands. */
export const transferRoutingImplementations: readonly Implementation[] = [
  listTransferProvidersHandler,
  routeTransfersHandler,
  clearBankRouteHandler,
  markTransferProviderHandler,
  transferRoutingHistoryHandler,
  setSandboxTransferOutageHandler,
  getSwitchingMiddlewareHandler,
  setSwitchingMiddlewareHandler,
  switchingMiddlewareHistoryHandler,
];
