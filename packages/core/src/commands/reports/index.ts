import type { AnyCommand } from '../../command';
import { getBusinessSummaryReport, listBusinessReport } from './business-reports';
import { activeMerchantsReport, kycReport, paymentsReport, signupsReport, walletBalancesReport } from './report-series';

export * from './business-reports';
export * from './report-range';
export * from './report-series';

/** Business reports (issue 21): the series of /reporting-page, every business with its facts, and a summary of the last days. */
export const reportCommands = [
  signupsReport,
  activeMerchantsReport,
  kycReport,
  paymentsReport,
  walletBalancesReport,
  listBusinessReport,
  getBusinessSummaryReport,
] as const satisfies readonly AnyCommand[];
