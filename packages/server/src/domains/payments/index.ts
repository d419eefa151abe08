import type { Implementation } from '../../handling/implement';
import { getPaymentLogHandler, getReceiptDetailsHandler, listBusinessPaymentLogsHandler, listPaymentLogsHandler } from './payments.handlers';

/** Reads other domains list payments with (a cumulation's payments). */
export { filterPaymentLogs, paymentLogCsv, paymentLogQuery, toPaymentLog } from './payments.repository';

/** Payment logs and POS receipts: reads only (docs/decisions.md "Payment logs"). */
export const paymentImplementations: readonly Implementation[] = [
  listPaymentLogsHandler,
  listBusinessPaymentLogsHandler,
  getPaymentLogHandler,
  getReceiptDetailsHandler,
];
