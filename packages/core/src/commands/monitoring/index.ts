import type { AnyCommand } from '../../command';
import { getBankMonitoring, getFailedRouteMonitoring, getTransactionMonitoring } from './monitoring';

export * from './monitoring';

export const monitoringCommands = [getTransactionMonitoring, getBankMonitoring, getFailedRouteMonitoring] as const satisfies readonly AnyCommand[];
