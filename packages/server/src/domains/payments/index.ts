import type { Implementation } from '../../handling/implement';
import { getPaymentLogHandler, getReceiptDetailsHandler, listBusinessPaymentLogsHandler, listPaymentLogsHandler } from './payments.handlers';

/** Payment logs and POS receipts: reads only (docs/decisions.md "Payment logs"). */
export const paymentImplementations: readonly Implementation[] = [
  listPaymentLogsHandler,
  listBusinessPaymentLogsHandler,
  getPaymentLogHandler,
  getReceiptDetailsHandler,
];
