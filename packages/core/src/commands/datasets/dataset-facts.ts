import { z } from 'zod';
import { rangeSpanMs } from '../../format/date-range';

/** Where an online store stands in the merchant app. */
export const ONLINE_STORE_STATUSES = ['ACTIVE', 'PAUSED', 'CLOSED'] as const;
export type OnlineStoreStatus = (typeof ONLINE_STORE_STATUSES)[number];
export const ONLINE_STORE_STATUS_WORDS: Record<OnlineStoreStatus, string> = { ACTIVE: 'Active', PAUSED: 'Paused', CLOSED: 'Closed' };

/** Where an online-store order stands. */
export const ONLINE_ORDER_STATUSES = ['PENDING', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];
export const ONLINE_ORDER_STATUS_WORDS: Record<OnlineOrderStatus, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

/** Where the customer placed an online-store order. */
export const ONLINE_ORDER_CHANNELS = ['WEB', 'WHATSAPP', 'INSTAGRAM', 'FACEBOOK'] as const;
export type OnlineOrderChannel = (typeof ONLINE_ORDER_CHANNELS)[number];
export const ONLINE_ORDER_CHANNEL_WORDS: Record<OnlineOrderChannel, string> = {
  WEB: 'Web store',
  WHATSAPP: 'WhatsApp',
  INSTAGRAM: 'Instagram',
  FACEBOOK: 'Facebook',
};

/** An invoice is paid, unpaid, or unpaid past its due date (the app marks it overdue). */
export const INVOICE_STATUSES = ['PAID', 'UNPAID', 'OVERDUE'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_WORDS: Record<InvoiceStatus, string> = { PAID: 'Paid', UNPAID: 'Unpaid', OVERDUE: 'Overdue' };

/** How a merchant's customer paid for a sale. */
export const SALE_PAYMENT_METHODS = ['CASH', 'CARD', 'TRANSFER'] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];
export const SALE_PAYMENT_METHOD_WORDS: Record<SalePaymentMethod, string> = { CASH: 'Cash', CARD: 'Card', TRANSFER: 'Transfer' };

/**
 * The longest date range of the growing datasets (sales, orders, invoices): a year and a day, so
 * any calendar year (a leap year too) fits, while one request never asks for the whole history
 * of a table that grows by millions of rows; longer periods are read a year at a time or through
 * an export job.
 */
export const DATASET_MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** The end not before the start, and (with `maxDays`) not further from it: each a 400 naming `enddatetime`. */
export const checkDatasetRange =
  (maxDays?: number) =>
  (value: { startdatetime?: string | undefined; enddatetime?: string | undefined }, ctx: z.RefinementCtx): void => {
    // One bound alone is an open range.
    const span = rangeSpanMs(value.startdatetime, value.enddatetime);
    if (span === undefined) return;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: 'must not be before startdatetime' });
    else if (maxDays !== undefined && span > maxDays * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['enddatetime'], message: `must be at most ${maxDays} days after startdatetime` });
  };

export const onlineStoreStatusField = z.enum(ONLINE_STORE_STATUSES).meta({ label: 'Status', words: ONLINE_STORE_STATUS_WORDS });
export const onlineOrderStatusField = z.enum(ONLINE_ORDER_STATUSES).meta({ label: 'Status', words: ONLINE_ORDER_STATUS_WORDS });
export const onlineOrderChannelField = z.enum(ONLINE_ORDER_CHANNELS).meta({ label: 'Channel', words: ONLINE_ORDER_CHANNEL_WORDS });
export const invoiceStatusField = z.enum(INVOICE_STATUSES).meta({ label: 'Status', words: INVOICE_STATUS_WORDS });
export const salePaymentMethodField = z.enum(SALE_PAYMENT_METHODS).meta({ label: 'Payment method', words: SALE_PAYMENT_METHOD_WORDS });
