import {
  badRequest,
  chargeWords,
  formatNaira,
  getPaymentLog,
  getReceiptDetails,
  listBusinessPaymentLogs,
  listPaymentLogs,
  notFound,
  type PaymentLogDetail,
  type PosReceipt,
  RECEIPT_SEARCH_LIMIT,
  rangeBoundToDate,
} from '@traction/core';
import { isoTimestamp } from '../../db/timestamps';
import { implement, implementList } from '../../handling/implement';
import { businessExists } from '../merchants/index';
import { filterPaymentLogs, findPaymentDetail, findReceipts, paymentLogCsv, paymentLogQuery, toPaymentLog } from './payments.repository';

/**
 * Newest first by (created_at, id), the order of payment_logs_recent and, for one merchant,
 * payment_logs_business (0024): a date range, a merchant's page or a deep page by `after` is one
 * backward range scan.
 */
const ORDER = { cursor: { column: 'p.id', key: 'id', direction: 'desc' }, sortFirst: { column: 'p.created_at', key: 'created_order' } } as const;

export const listPaymentLogsHandler = implementList(listPaymentLogs, ({ input, ctx }) => ({
  query: filterPaymentLogs(paymentLogQuery(ctx.db, ctx.now), { ...input, now: ctx.now }),
  ...ORDER,
  map: toPaymentLog,
  csv: paymentLogCsv(ctx.now),
}));

export const listBusinessPaymentLogsHandler = implementList(
  listBusinessPaymentLogs,
  ({ input, ctx }) => ({
    query: filterPaymentLogs(paymentLogQuery(ctx.db, ctx.now), { ...input, businessId: input.id, now: ctx.now }),
    ...ORDER,
    map: toPaymentLog,
    csv: paymentLogCsv(ctx.now),
  }),
  {
    // A merchant that does not exist is a 404, not an empty log.
    precondition: async ({ input, ctx }) => {
      if (!(await businessExists(ctx.db, input.id))) throw notFound(`Business ${input.id} does not exist`);
    },
  },
);

export const getPaymentLogHandler = implement(getPaymentLog, async ({ input, ctx }): Promise<PaymentLogDetail> => {
  const row = await findPaymentDetail(ctx.db, input.id, ctx.now);
  if (!row) throw notFound(`Payment ${input.id} does not exist`);
  const payment = toPaymentLog(row);
  const rule =
    row.percent_bps === null || row.percent_bps === undefined
      ? `${payment.pricingBand} charges nothing on ${payment.channel} payments`
      : `${payment.pricingBand}: ${chargeWords({ percentBps: row.percent_bps, flatKobo: row.flat_kobo ?? 0n, capKobo: row.cap_kobo ?? null }, formatNaira)} on ${payment.channel} payments`;
  return {
    payment,
    chargeRule: rule,
    businessAddress: row.business_address ?? '',
    cumulation:
      row.cumulation_id === null || !row.cumulation_status || !row.settlement_date
        ? null
        : {
            id: Number(row.cumulation_id),
            status: row.cumulation_status,
            settlementDate: row.settlement_date,
            aggregator: row.aggregator ?? false,
            settledAt: row.settled_at ? isoTimestamp(row.settled_at) : null,
            settledReference: row.settled_reference ?? null,
            ledgerReference: row.ledger_reference ?? null,
          },
  };
});

export const getReceiptDetailsHandler = implement(getReceiptDetails, async ({ input, ctx }) => {
  // Checked here, not in the schema: either field alone is valid input.
  if (!input.rrn && !input.date)
    throw badRequest('Give the RRN on the slip, or a date to list that day’s slips', [
      { field: 'rrn', message: 'give the RRN on the slip, or the date to list that day’s slips' },
    ]);
  const day = input.date ? { from: rangeBoundToDate(input.date, 'start'), to: rangeBoundToDate(input.date, 'end') } : undefined;
  const rows = await findReceipts(ctx.db, input.terminal_id, { rrn: input.rrn, day, limit: RECEIPT_SEARCH_LIMIT, now: ctx.now });
  const receipts: PosReceipt[] = rows.slice(0, RECEIPT_SEARCH_LIMIT).map((row) => {
    const payment = toPaymentLog(row);
    return {
      paymentId: payment.id,
      merchantName: payment.businessName,
      merchantAddress: row.business_address ?? '',
      terminalId: payment.terminalId ?? input.terminal_id,
      createdAt: payment.createdAt,
      channel: payment.channel,
      cardScheme: payment.cardScheme,
      maskedPan: payment.maskedPan,
      amount: payment.amount,
      responseCode: payment.responseCode,
      responseMessage: payment.responseMessage,
      approved: payment.status === 'SUCCESSFUL',
      status: payment.status,
      rrn: payment.rrn,
      stan: payment.stan,
      reference: payment.reference,
      routeName: payment.routeName,
    };
  });
  return { receipts, truncated: rows.length > RECEIPT_SEARCH_LIMIT };
});
