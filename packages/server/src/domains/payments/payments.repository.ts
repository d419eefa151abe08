import {
  bankByCbnCode,
  type CumulationStatus,
  PROCESSOR_ROUTES,
  RESPONSE_CODES,
  koboFromDatabase,
  type PaymentLog,
  type PaymentLogRange,
  type PaymentSettlementState,
  paymentLogRange,
  responseMessage,
  routeName,
} from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import { bankNameSql } from '../../handling/csv-lookups';
import { checkedText, type CsvColumns, lookupSql } from '../../handling/csv-sql';

/**
 * Reads of the payment logs (0024). Payments are never written here: they arrive from the
 * processors (today: the demo seed). Every join is LEFT on a unique key, so a list's count(*)
 * is the payments' alone and PostgreSQL drops the joins no filter names.
 */
export function paymentLogQuery(db: Db, now: Date) {
  return db
    .selectFrom('payment_logs as p')
    .leftJoin('businesses as b', 'b.id', 'p.business_id')
    .leftJoin('pricing_bands as pb', 'pb.id', 'p.pricing_band_id')
    .leftJoin('settlement_cumulations as c', 'c.id', 'p.cumulation_id')
    .leftJoin('approval_requests as ar', 'ar.id', 'c.approval_request_id')
    .select(cumulationStatus(now).as('cumulation_status'))
    .select([
      'p.id',
      'p.reference',
      'p.created_at',
      // The time exactly as PostgreSQL compares it (a Date drops the microseconds): CSV chunks resume after it.
      sql<string>`p.created_at::text`.as('created_order'),
      'p.business_id',
      'b.name as business_name',
      'p.terminal_id',
      'p.channel',
      'p.card_scheme',
      'p.masked_pan',
      'p.payer_name',
      'p.amount',
      'p.charge',
      'p.pricing_band_id',
      'pb.name as band_name',
      'p.route',
      'p.bank_code',
      'p.response_code',
      'p.rrn',
      'p.stan',
      'p.status',
      'p.cumulation_id',
      'c.group_id',
    ]);
}

export type PaymentLogQuery = ReturnType<typeof paymentLogQuery>;

/**
 * The payment's cumulation's status as of `now`: one awaiting an approval that was declined or
 * has expired is ready to settle again (the settlements domain's `effectiveStatus`, whose other
 * rule — an open day that has closed — reads the same on a payment: unsettled).
 */
function cumulationStatus(now: Date) {
  return sql<CumulationStatus | null>`case when c.status = 'AWAITING_APPROVAL' and (ar.status = 'DECLINED' or (ar.status = 'PENDING' and ar.expires_at <= ${now})) then 'PENDING' else c.status end`;
}

export interface PaymentLogFilters extends PaymentLogRange {
  /** When the list is read: a settlement awaiting an expired approval is unsettled again. */
  now: Date;
  merchant?: string | undefined;
  businessId?: number | undefined;
  status?: PaymentLog['status'] | undefined;
  channel?: PaymentLog['channel'] | undefined;
  route?: string | undefined;
  bank?: string | undefined;
  scheme?: string | undefined;
  terminal?: string | undefined;
  rrn?: string | undefined;
  responseCode?: string | undefined;
  settlement?: PaymentSettlementState | undefined;
  cumulation?: number | undefined;
  search?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

/** How a cumulation's status reads on its payments. */
const SETTLEMENT_OF_CUMULATION: Record<string, PaymentSettlementState> = {
  OPEN: 'UNSETTLED',
  PENDING: 'UNSETTLED',
  AWAITING_APPROVAL: 'AWAITING_APPROVAL',
  SETTLED: 'SETTLED',
  SETTLED_MANUALLY: 'SETTLED_MANUALLY',
};
const CUMULATION_STATUSES_OF: Record<Exclude<PaymentSettlementState, 'NOT_SETTLEABLE'>, string[]> = {
  UNSETTLED: ['OPEN', 'PENDING'],
  AWAITING_APPROVAL: ['AWAITING_APPROVAL'],
  SETTLED: ['SETTLED'],
  SETTLED_MANUALLY: ['SETTLED_MANUALLY'],
};

/** Applies the filters that are set. Every one is an equality or a range the indexes of 0024 serve. */
export function filterPaymentLogs(query: PaymentLogQuery, filters: PaymentLogFilters): PaymentLogQuery {
  let out = query;
  const { from, to } = paymentLogRange(filters);
  if (from) out = out.where('p.created_at', '>=', from);
  if (to) out = out.where('p.created_at', '<=', to);
  if (filters.businessId !== undefined) out = out.where('p.business_id', '=', filters.businessId);
  if (filters.merchant) {
    const merchant = filters.merchant;
    // A number is the merchant's id; words are the start of its name (businesses_name_prefix).
    out = /^\d{1,9}$/.test(merchant)
      ? out.where('p.business_id', '=', Number(merchant))
      : out.where(sql<boolean>`p.business_id in (select m.id from businesses m where lower(m.name) like ${lowerPrefixPattern(merchant)})`);
  }
  if (filters.status) out = out.where('p.status', '=', filters.status);
  if (filters.channel) out = out.where('p.channel', '=', filters.channel);
  if (filters.route) out = out.where('p.route', '=', filters.route);
  if (filters.bank) out = out.where('p.bank_code', '=', filters.bank);
  if (filters.scheme) out = out.where('p.card_scheme', '=', filters.scheme);
  if (filters.terminal) out = out.where('p.terminal_id', '=', filters.terminal);
  if (filters.rrn) out = out.where('p.rrn', '=', filters.rrn);
  if (filters.responseCode) out = out.where('p.response_code', '=', filters.responseCode);
  if (filters.cumulation !== undefined) out = out.where('p.cumulation_id', '=', filters.cumulation);
  if (filters.minAmount !== undefined) out = out.where('p.amount', '>=', BigInt(filters.minAmount) as never);
  if (filters.maxAmount !== undefined) out = out.where('p.amount', '<=', BigInt(filters.maxAmount) as never);
  if (filters.settlement === 'NOT_SETTLEABLE') out = out.where('p.status', '<>', 'SUCCESSFUL');
  else if (filters.settlement) out = out.where(sql<boolean>`${cumulationStatus(filters.now)} in (${sql.join(CUMULATION_STATUSES_OF[filters.settlement])})`);
  if (filters.search) {
    const text = filters.search.trim();
    // What a slip or a complaint carries: an RRN (12 digits), a terminal ID (8 characters), or our reference.
    if (/^\d{12}$/.test(text)) out = out.where('p.rrn', '=', text);
    else if (/^[0-9A-Za-z]{8}$/.test(text)) out = out.where('p.terminal_id', '=', text.toUpperCase());
    else out = out.where('p.reference', '=', text.toUpperCase());
  }
  return out;
}

export function toPaymentLog(row: RowOf<typeof paymentLogQuery>): PaymentLog {
  const successful = row.status === 'SUCCESSFUL';
  return {
    id: Number(row.id),
    reference: row.reference,
    createdAt: isoTimestamp(row.created_at),
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    terminalId: row.terminal_id,
    channel: row.channel,
    cardScheme: (row.card_scheme as PaymentLog['cardScheme']) ?? null,
    maskedPan: row.masked_pan,
    payerName: row.payer_name,
    amount: koboFromDatabase(row.amount),
    charge: koboFromDatabase(row.charge),
    net: koboFromDatabase(successful ? row.amount - row.charge : 0n),
    pricingBandId: row.pricing_band_id,
    pricingBand: row.band_name ?? '',
    route: row.route as PaymentLog['route'],
    routeName: routeName(row.route),
    bankCode: row.bank_code,
    bankName: bankByCbnCode(row.bank_code)?.name ?? row.bank_code,
    responseCode: row.response_code,
    responseMessage: responseMessage(row.response_code),
    rrn: row.rrn,
    stan: row.stan,
    status: row.status,
    settlementState: successful && row.cumulation_status ? (SETTLEMENT_OF_CUMULATION[row.cumulation_status] ?? 'UNSETTLED') : 'NOT_SETTLEABLE',
    cumulationId: row.cumulation_id === null ? null : Number(row.cumulation_id),
    settlementGroupId: row.group_id === null || row.group_id === undefined ? null : Number(row.group_id),
  };
}

const ROUTE_NAMES = Object.fromEntries(PROCESSOR_ROUTES.map((route) => [route.id, route.name]));

/**
 * The exported columns as SQL: what `toPaymentLog` gives them, for exports PostgreSQL writes itself.
 * Terminal, card, response code, RRN and STAN are checked by 0024 to be digits and capitals.
 */
export const paymentLogCsv = (now: Date): CsvColumns<PaymentLog> => ({
  createdAt: 'p.created_at',
  reference: 'p.reference',
  businessName: 'b.name',
  terminalId: checkedText('p.terminal_id'),
  channel: 'p.channel',
  cardScheme: 'p.card_scheme',
  maskedPan: checkedText('p.masked_pan'),
  payerName: 'p.payer_name',
  amount: 'p.amount',
  charge: 'p.charge',
  net: sql`case when p.status = 'SUCCESSFUL' then p.amount - p.charge else 0 end`,
  pricingBand: 'pb.name',
  routeName: lookupSql('p.route', ROUTE_NAMES, 'p.route'),
  bankName: bankNameSql('p.bank_code'),
  responseCode: checkedText('p.response_code'),
  responseMessage: lookupSql('p.response_code', RESPONSE_CODES, sql`'Unknown response'`),
  rrn: checkedText('p.rrn'),
  stan: checkedText('p.stan'),
  status: 'p.status',
  settlementState: sql`case when p.status <> 'SUCCESSFUL' or c.status is null then 'NOT_SETTLEABLE' else ${lookupSql(cumulationStatus(now), SETTLEMENT_OF_CUMULATION, sql`'UNSETTLED'`).formulaFree} end`,
});

/** One payment with what its detail shows beside the row: the merchant's address, the band's charge on its channel, its cumulation. */
export function findPaymentDetail(db: Db, id: number, now: Date) {
  return paymentLogQuery(db, now)
    .leftJoin('pricing_band_charges as pc', (join) => join.onRef('pc.band_id', '=', 'p.pricing_band_id').onRef('pc.channel', '=', 'p.channel'))
    .leftJoin('settlement_groups as g', 'g.id', 'c.group_id')
    .leftJoin('ledger_transfers as lt', 'lt.id', 'c.ledger_transfer_id')
    .select([
      'b.address as business_address',
      'pc.percent_bps',
      'pc.flat_kobo',
      'pc.cap_kobo',
      'g.settlement_date',
      'g.aggregator',
      'c.settled_at',
      'c.settled_reference',
      'lt.reference as ledger_reference',
    ])
    .where('p.id', '=', BigInt(id) as never)
    .executeTakeFirst();
}

/** A terminal's payments by RRN or on a Lagos day, newest first, one more than asked (to say the answer was cut). */
export function findReceipts(
  db: Db,
  terminalId: string,
  options: { rrn?: string | undefined; day?: { from: Date; to: Date } | undefined; limit: number; now: Date },
) {
  let query = paymentLogQuery(db, options.now).select('b.address as business_address').where('p.terminal_id', '=', terminalId);
  if (options.rrn) query = query.where('p.rrn', '=', options.rrn);
  if (options.day) query = query.where('p.created_at', '>=', options.day.from).where('p.created_at', '<=', options.day.to);
  return query
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(options.limit + 1)
    .execute();
}
