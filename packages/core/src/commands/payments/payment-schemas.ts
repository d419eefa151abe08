import { z } from 'zod';
import { isRealDateTime, isSupportedYear, rangeBoundToDate } from '../../format/date-range';
import {
  CARD_SCHEME_WORDS,
  CARD_SCHEMES,
  PAYMENT_CHANNEL_WORDS,
  PAYMENT_CHANNELS,
  PAYMENT_SETTLEMENT_STATES,
  PAYMENT_SETTLEMENT_WORDS,
  PAYMENT_STATUS_WORDS,
  PAYMENT_STATUSES,
  PROCESSOR_ROUTE_IDS,
} from '../../payments/payment-facts';
import { CUMULATION_STATUSES } from '../../payments/settlement-status';
import { dateTimeParam, idField, timestamp } from '../../schemas/common';
import { koboField } from '../../schemas/fields';
import { koboAmount } from '../../schemas/money';

export const paymentChannelField = z.enum(PAYMENT_CHANNELS);
export const cardSchemeField = z.enum(CARD_SCHEMES);
export const paymentStatusField = z.enum(PAYMENT_STATUSES);
export const paymentSettlementStateField = z.enum(PAYMENT_SETTLEMENT_STATES);
export const processorRouteField = z.enum(PROCESSOR_ROUTE_IDS);

/** A terminal's 8-character id (TID), as printed on its slips. */
export const terminalIdField = z
  .string()
  .trim()
  .max(8)
  .toUpperCase()
  .regex(/^[0-9A-Z]{8}$/, 'must be a terminal ID: 8 letters and digits')
  .meta({ examples: ['2033ABCD'] });
/** The retrieval reference number on a slip: 12 digits. */
export const rrnField = z
  .string()
  .trim()
  .max(12)
  .regex(/^[0-9]{12}$/, 'must be an RRN: 12 digits')
  .meta({ examples: ['000123456789'] });
const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** A time of day, `HH:mm` (Lagos). */
export const timeOfDayField = z
  .string()
  .trim()
  .max(5)
  .regex(TIME_OF_DAY, 'must be a time of day, HH:mm (00:00 to 23:59)')
  .meta({ examples: ['09:30'] });

/** One payment a merchant took, as the payment logs show it. */
export const paymentLog = z.object({
  id: z.number().int(),
  reference: z.string(),
  createdAt: timestamp,
  businessId: z.number().int(),
  businessName: z.string(),
  terminalId: z.string().nullable(),
  channel: paymentChannelField,
  cardScheme: cardSchemeField.nullable(),
  /** First six and last four digits: the full number is never stored. */
  maskedPan: z.string().nullable(),
  payerName: z.string().nullable(),
  amount: koboAmount,
  /** What the merchant's band charged (0 unless successful). */
  charge: koboAmount,
  /** What the merchant is settled: amount less charge (0 unless successful). */
  net: koboAmount,
  pricingBandId: z.number().int(),
  pricingBand: z.string(),
  route: processorRouteField,
  routeName: z.string(),
  /** The issuing bank (card) or the payer's bank: CBN code. */
  bankCode: z.string(),
  bankName: z.string(),
  responseCode: z.string(),
  responseMessage: z.string(),
  rrn: z.string(),
  stan: z.string(),
  status: paymentStatusField,
  settlementState: paymentSettlementStateField,
  cumulationId: z.number().int().nullable(),
  settlementGroupId: z.number().int().nullable(),
});
export type PaymentLog = z.infer<typeof paymentLog>;

/** The columns every payment log list shows and writes to CSV. */
export const paymentLogColumns = [
  { key: 'createdAt', label: 'Time', kind: 'datetime' },
  { key: 'reference', label: 'Reference', kind: 'text', priority: 'low', width: 19 },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  { key: 'terminalId', label: 'Terminal', kind: 'text', width: 10 },
  { key: 'channel', label: 'Channel', kind: 'enum', priority: 'medium', words: PAYMENT_CHANNEL_WORDS },
  { key: 'cardScheme', label: 'Scheme', kind: 'enum', priority: 'low', words: CARD_SCHEME_WORDS },
  { key: 'maskedPan', label: 'Card', kind: 'text', priority: 'low', width: 17 },
  { key: 'payerName', label: 'Payer', kind: 'text', priority: 'low' },
  { key: 'amount', label: 'Amount', kind: 'money', priority: 'high' },
  { key: 'charge', label: 'Charge', kind: 'money', priority: 'medium' },
  { key: 'net', label: 'Net', kind: 'money', priority: 'low' },
  { key: 'pricingBand', label: 'Band', kind: 'text', priority: 'low' },
  { key: 'routeName', label: 'Route', kind: 'text', priority: 'medium' },
  { key: 'bankName', label: 'Bank', kind: 'text', priority: 'low' },
  { key: 'responseCode', label: 'Code', kind: 'text', priority: 'medium', width: 4 },
  { key: 'responseMessage', label: 'Response', kind: 'text', priority: 'low' },
  { key: 'rrn', label: 'RRN', kind: 'text', priority: 'medium', width: 12 },
  { key: 'stan', label: 'STAN', kind: 'text', priority: 'low', width: 6 },
  { key: 'status', label: 'Status', kind: 'enum', priority: 'high', words: PAYMENT_STATUS_WORDS },
  { key: 'settlementState', label: 'Settlement', kind: 'enum', priority: 'low', words: PAYMENT_SETTLEMENT_WORDS },
] as const;

/** The longest range a payment log list reads at once: a year (leap years included). */
export const PAYMENT_LOG_MAX_RANGE_DAYS = 366;

/** The filters of every payment log list (spec §3 "Payment log filters", and what a payments desk searches by). */
export const paymentLogFilters = {
  /** At or after: a bare date is its first minute (`T00:00:00.000`), Lagos time. */
  startdatetime: dateTimeParam.optional(),
  /** At or before: a bare date is its last minute (`T23:59:59.999`). */
  enddatetime: dateTimeParam.optional(),
  /** The time of day on a bare startdatetime (HH:mm): `startdatetime=2026-11-20&startTime=08:00` starts at 08:00:00.000. */
  startTime: timeOfDayField.optional(),
  /** The time of day on a bare enddatetime: `endTime=17:30` ends at 17:30:59.999. */
  endTime: timeOfDayField.optional(),
  /** The merchant: its id, or the start of its name. */
  merchant: z.string().trim().min(1).max(120).optional(),
  status: paymentStatusField.optional(),
  channel: paymentChannelField.optional(),
  route: processorRouteField.optional(),
  /** The issuing (or paying) bank's CBN code. */
  bank: z
    .string()
    .trim()
    .max(3)
    .regex(/^[0-9]{3}$/, 'must be a 3-digit CBN bank code')
    .optional(),
  scheme: cardSchemeField.optional(),
  terminal: terminalIdField.optional().meta({ label: 'Terminal ID' }),
  rrn: rrnField.optional().meta({ label: 'RRN' }),
  responseCode: z
    .string()
    .trim()
    .max(2)
    .toUpperCase()
    .regex(/^[0-9A-Z]{2}$/, 'must be a 2-character response code')
    .optional()
    .meta({ label: 'Response code' }),
  settlement: paymentSettlementStateField.optional(),
  cumulation: idField.optional().meta({ label: 'Cumulation ID' }),
  /** A reference, an RRN (12 digits) or a terminal ID (8 characters), exactly. */
  search: z.string().trim().min(1).max(60).optional(),
  minAmount: koboField.optional().meta({ label: 'Min amount' }),
  maxAmount: koboField.optional().meta({ label: 'Max amount' }),
};

export interface PaymentLogRange {
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range's instants, the times of day applied to bare dates (spec §5: `:00.000` and `:59.999`). */
export function paymentLogRange(value: PaymentLogRange): { from: Date | null; to: Date | null } {
  const start =
    value.startdatetime && value.startTime && BARE_DATE.test(value.startdatetime) ? `${value.startdatetime}T${value.startTime}` : value.startdatetime;
  const end = value.enddatetime && value.endTime && BARE_DATE.test(value.enddatetime) ? `${value.enddatetime}T${value.endTime}` : value.enddatetime;
  return { from: start ? rangeBoundToDate(start, 'start') : null, to: end ? rangeBoundToDate(end, 'end') : null };
}

/**
 * The range's rules, each a 400 naming the field: a time of day needs a bare date to apply to; the
 * end not before the start; at most a year; amounts in order.
 */
export function checkPaymentLogFilters(
  value: PaymentLogRange & { minAmount?: number | undefined; maxAmount?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.startTime && !(value.startdatetime && BARE_DATE.test(value.startdatetime)))
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'needs startdatetime as a date (YYYY-MM-DD) to apply to' });
  if (value.endTime && !(value.enddatetime && BARE_DATE.test(value.enddatetime)))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'needs enddatetime as a date (YYYY-MM-DD) to apply to' });
  if (value.minAmount !== undefined && value.maxAmount !== undefined && value.minAmount > value.maxAmount)
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'must not be less than minAmount' });
  // Fields that failed their own checks were reported already; the range is judged on sound ones only.
  const sound = (text: string | undefined, pattern: (t: string) => boolean) => text === undefined || pattern(text);
  if (
    !sound(value.startdatetime, (t) => isRealDateTime(t) && isSupportedYear(t)) ||
    !sound(value.enddatetime, (t) => isRealDateTime(t) && isSupportedYear(t)) ||
    !sound(value.startTime, (t) => TIME_OF_DAY.test(t)) ||
    !sound(value.endTime, (t) => TIME_OF_DAY.test(t))
  )
    return;
  const { from, to } = paymentLogRange(value);
  if (from && to) {
    if (to.getTime() < from.getTime()) ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: 'must not be before startdatetime' });
    else if (to.getTime() - from.getTime() > PAYMENT_LOG_MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: `must be at most ${PAYMENT_LOG_MAX_RANGE_DAYS} days after startdatetime` });
  }
}

/** One payment in full: the row, the band's rule in words, its cumulation and group, the ledger's settlement. */
export const paymentLogDetail = z.object({
  payment: paymentLog,
  chargeRule: z.string(),
  businessAddress: z.string(),
  cumulation: z
    .object({
      id: z.number().int(),
      status: z.enum(CUMULATION_STATUSES),
      settlementDate: z.string(),
      aggregator: z.boolean(),
      settledAt: timestamp.nullable(),
      settledReference: z.string().nullable(),
      ledgerReference: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentLogDetail = z.infer<typeof paymentLogDetail>;

/** A POS slip's facts, as the terminal printed it for the customer. */
export const posReceipt = z.object({
  paymentId: z.number().int(),
  merchantName: z.string(),
  merchantAddress: z.string(),
  terminalId: z.string(),
  createdAt: timestamp,
  channel: paymentChannelField,
  cardScheme: cardSchemeField.nullable(),
  maskedPan: z.string().nullable(),
  amount: koboAmount,
  responseCode: z.string(),
  responseMessage: z.string(),
  approved: z.boolean(),
  status: paymentStatusField,
  rrn: z.string(),
  stan: z.string(),
  reference: z.string(),
  routeName: z.string(),
});
export type PosReceipt = z.infer<typeof posReceipt>;
