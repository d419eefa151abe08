import type { AnyCommand } from '../../command';
import { createAirtimeRate, listAirtimeRateHistory, listAirtimeRates, updateAirtimeRate } from './airtime';

export * from './airtime';

/** Airtime and data rates and commissions per network, with history. In the order the palette and CLI help list them. */
export const airtimeCommands = [listAirtimeRates, createAirtimeRate, updateAirtimeRate, listAirtimeRateHistory] as const satisfies readonly AnyCommand[];
