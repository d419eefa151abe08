import type { Implementation } from '../../handling/implement';
import { createAirtimeRateHandler, listAirtimeRateHistoryHandler, listAirtimeRatesHandler, updateAirtimeRateHandler } from './airtime.handlers';

/** Airtime and data rates and commissions per network, with history. */
export const airtimeImplementations: readonly Implementation[] = [
  listAirtimeRatesHandler,
  createAirtimeRateHandler,
  updateAirtimeRateHandler,
  listAirtimeRateHistoryHandler,
];
