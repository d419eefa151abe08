import type { AnyCommand } from '../../command';
import { getSwitchingMiddleware, setSwitchingMiddleware, switchingMiddlewareHistory } from './switching-middleware';
import {
  clearBankRoute,
  listTransferProviders,
  markTransferProvider,
  routeTransfers,
  setSandboxTransferOutage,
  transferRoutingHistory,
} from './transfer-providers';

export * from './switching-middleware';
export * from './transfer-providers';
export * from './transfer-routing-schemas';

/** The commands of this domain, in the order the palette and CLI help list them. */
export const transferRoutingCommands = [
  listTransferProviders,
  routeTransfers,
  clearBankRoute,
  markTransferProvider,
  transferRoutingHistory,
  setSandboxTransferOutage,
  getSwitchingMiddleware,
  setSwitchingMiddleware,
  switchingMiddlewareHistory,
] as const satisfies readonly AnyCommand[];
