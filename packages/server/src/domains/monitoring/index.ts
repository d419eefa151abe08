import type { Implementation } from '../../handling/implement';
import { bankMonitoringHandler, failedRouteMonitoringHandler, transactionMonitoringHandler } from './monitoring.handlers';

/** Transaction monitoring (docs/decisions.md "Transaction monitoring"): reads of the payment rollups. */
export { refreshPaymentRollups } from './rollups';

export const monitoringImplementations: readonly Implementation[] = [transactionMonitoringHandler, bankMonitoringHandler, failedRouteMonitoringHandler];
