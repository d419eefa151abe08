import type { Implementation } from '../../handling/implement';
import {
  activeMerchantsReportHandler,
  businessSummaryReportHandler,
  kycReportHandler,
  listBusinessReportHandler,
  paymentsReportHandler,
  signupsReportHandler,
  walletBalancesReportHandler,
} from './reports.handlers';

/** Business reports (issue 21): the series of /reporting-page, every business with its facts, and the summary of the last days. */
export const reportImplementations: readonly Implementation[] = [
  signupsReportHandler,
  activeMerchantsReportHandler,
  kycReportHandler,
  paymentsReportHandler,
  walletBalancesReportHandler,
  listBusinessReportHandler,
  businessSummaryReportHandler,
];
