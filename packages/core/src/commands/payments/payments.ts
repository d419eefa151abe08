import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { isRealDateTime, isSupportedYear } from '../../format/date-range';
import { idField } from '../../schemas/common';
import {
  checkPaymentLogFilters,
  paymentLog,
  paymentLogColumns,
  paymentLogDetail,
  paymentLogFilters,
  posReceipt,
  rrnField,
  terminalIdField,
} from './payment-schemas';

const PAYMENT_LOG_LIST = {
  pageSize: PAGE_SIZE,
  rowKey: 'id',
  searchField: 'search',
  dateRange: { from: 'startdatetime', to: 'enddatetime' },
  csv: true,
  detailRoute: '/payments-logs/{id}',
  rowName: 'reference',
  columns: paymentLogColumns,
} as const;

export const listPaymentLogs = defineCommand({
  id: 'payments.list',
  group: 'payment-logs',
  action: 'list',
  title: 'List payment logs',
  description:
    'Payments merchants took, newest first: card payments at their terminals, bank transfers and USSD into their accounts, with terminal, scheme, masked card, amount, the band’s charge, route, bank, ISO response, RRN/STAN, status and settlement. Filters by date-time range (startdatetime/enddatetime, with startTime/endTime on bare dates), merchant, status, channel, route, bank, scheme, terminal, RRN, response code, settlement and amount.',
  keywords: ['payment logs', 'pos transactions', 'card payments', 'transaction logs', 'rrn', 'declined', 'terminal transactions'],
  method: 'GET',
  mutates: false,
  path: '/v1/payments/reports/paymentlogswithtime',
  permission: 'payments.view',
  input: z.object({ ...listPaging, ...paymentLogFilters }).superRefine(checkPaymentLogFilters),
  output: listOutput(paymentLog),
  list: { ...PAYMENT_LOG_LIST, route: '/payments-logs' },
  example: 'traction payment-logs list --from today --status FAILED --route upsl',
});

export const listBusinessPaymentLogs = defineCommand({
  id: 'payments.by-business',
  group: 'payment-logs',
  action: 'by-business',
  title: "List one merchant's payment logs",
  description: 'The payment logs of one merchant, newest first, with the same filters as the whole log.',
  keywords: ['business payment logs', 'merchant payments', 'merchant transactions'],
  method: 'GET',
  mutates: false,
  path: '/v1/payments/reports/paymentlogswithtime/businesses/{id}',
  permission: 'payments.view',
  input: z
    .object({ ...listPaging, id: idField.meta({ label: 'Business ID' }), ...paymentLogFilters })
    .omit({ merchant: true })
    .superRefine(checkPaymentLogFilters),
  output: listOutput(paymentLog),
  list: { ...PAYMENT_LOG_LIST, route: '/business-payment-logs' },
  example: 'traction payment-logs by-business --id 42 --from 2026-11-01 --to 2026-11-30',
});

export const getPaymentLog = defineCommand({
  id: 'payments.get',
  group: 'payment-logs',
  action: 'get',
  title: 'Show a payment',
  description:
    'One payment in full: the row, the band’s charge rule in words, the merchant’s cumulation and settlement group with their status, and the ledger reference once settled.',
  keywords: ['payment detail', 'transaction detail'],
  method: 'GET',
  mutates: false,
  path: '/v1/payments/reports/paymentlogs/{id}',
  permission: 'payments.view',
  input: z.object({ id: idField.meta({ label: 'Payment ID' }) }),
  output: paymentLogDetail,
  example: 'traction payment-logs get --id 118',
});

/** At most this many receipts answer one search (a terminal's busiest day fits). */
export const RECEIPT_SEARCH_LIMIT = 200;

export const getReceiptDetails = defineCommand({
  id: 'payments.receipt',
  group: 'payment-logs',
  action: 'receipt',
  title: 'Find a POS receipt',
  description:
    'The slips a terminal printed, as the customer got them: by terminal ID with the RRN (one payment) or a day (that day’s payments, newest first, at most 200).',
  keywords: ['pos terminal receipt', 'slip', 'receipt', 'reprint', 'customer copy'],
  method: 'GET',
  mutates: false,
  // Beside the spec's other terminal calls (/v1/stores/…).
  path: '/v1/stores/getReceiptDetails',
  permission: 'payments.view',
  input: z.object({
    terminal_id: terminalIdField.meta({ label: 'Terminal ID' }),
    rrn: rrnField.optional().meta({ label: 'RRN' }),
    date: z
      .string()
      .trim()
      .max(10)
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
      .refine(isRealDateTime, 'is not a real date')
      .refine(isSupportedYear, 'must be in the years 1900 to 2999')
      .optional()
      .meta({ label: 'Date' }),
  }),
  output: z.object({ receipts: z.array(posReceipt), truncated: z.boolean() }),
  example: 'traction payment-logs receipt --terminal-id 2044LA1K --rrn 000123456789',
});
