import {
  activeMerchantsReport,
  getBusinessSummaryReport,
  kycReport,
  koboFromDatabase,
  lagosDate,
  listBusinessReport,
  paymentsReport,
  rangeBoundToDate,
  reportRange,
  signupsReport,
  walletBalancesReport,
} from '@traction/core';
import type { RawBuilder } from 'kysely';
import type { CsvColumns } from '../../handling/csv-sql';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { businessReportCsv, businessReportQuery, businessSummaryNumbers, toBusinessReportRow } from './business-report.repository';
import { bucketedSql, type Metric, SERIES_SOURCES, seriesQuery, walletBalancesSql } from './report-series.repository';

const DAY_MS = 86_400_000;

/** The window a report reads, with "today" from the server's clock (tests move it). */
const windowOf = (input: { startdatetime?: string | undefined; enddatetime?: string | undefined }, ctx: HandlerContext) => reportRange(input, ctx.now);

/** A series' buckets as list rows: counts as numbers, kobo made exact. */
function seriesSource<Out extends { key: number; bucket: string }>(
  ctx: HandlerContext,
  bucketed: RawBuilder<unknown>,
  metrics: readonly Pick<Metric, 'name' | 'money'>[],
) {
  const csv: Record<string, string> = { key: 'r.key', bucket: 'r.bucket' };
  for (const metric of metrics) csv[metric.name] = `r.${metric.name}`;
  return {
    query: seriesQuery(ctx.db, bucketed),
    cursor: { column: 'r.key', key: 'key' as const, direction: 'asc' as const },
    map: (row: Record<string, unknown>) => {
      const out: Record<string, unknown> = { key: Number(row.key), bucket: String(row.bucket) };
      for (const metric of metrics) out[metric.name] = metric.money ? koboFromDatabase(BigInt(row[metric.name] as bigint | string)) : Number(row[metric.name]);
      return out as Out;
    },
    csv: csv as CsvColumns<Out>,
  };
}

const countedSeries = <C extends typeof signupsReport | typeof activeMerchantsReport | typeof kycReport | typeof paymentsReport>(
  command: C,
  report: keyof typeof SERIES_SOURCES,
) =>
  implementList(command, ({ input, ctx }) => {
    const spec = SERIES_SOURCES[report];
    return seriesSource(ctx, bucketedSql({ by: input.by, window: windowOf(input, ctx), ...spec }), spec.metrics);
  });

export const signupsReportHandler = countedSeries(signupsReport, 'signups');
export const activeMerchantsReportHandler = countedSeries(activeMerchantsReport, 'active-merchants');
export const kycReportHandler = countedSeries(kycReport, 'kyc');
export const paymentsReportHandler = countedSeries(paymentsReport, 'payments');
export const walletBalancesReportHandler = implementList(walletBalancesReport, ({ input, ctx }) =>
  seriesSource(ctx, walletBalancesSql(input.by, windowOf(input, ctx)), [{ name: 'wallets' }, { name: 'balance', money: true }]),
);

export const listBusinessReportHandler = implementList(listBusinessReport, ({ input, ctx }) => {
  const window = windowOf(input, ctx);
  return {
    query: businessReportQuery(ctx.db, window),
    cursor: { column: 'b.id', key: 'id' as const, direction: 'desc' as const },
    map: toBusinessReportRow,
    csv: businessReportCsv(window),
  };
});

export const businessSummaryReportHandler = implement(getBusinessSummaryReport, async ({ input, ctx }) => {
  const now = ctx.now;
  const window = {
    from: rangeBoundToDate(lagosDate(new Date(now.getTime() - (input.days - 1) * DAY_MS)), 'start'),
    to: rangeBoundToDate(lagosDate(now), 'end'),
  };
  const numbers = await businessSummaryNumbers(ctx.db, window);
  return {
    days: input.days,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    signUps: numbers.sign_ups,
    activeMerchants: numbers.active_merchants,
    kycComplete: numbers.kyc_complete,
    payments: numbers.payments,
    successfulPayments: numbers.successful_payments,
    successfulValue: koboFromDatabase(BigInt(numbers.successful_value)),
    totalBusinesses: numbers.total_businesses,
    walletBalance: koboFromDatabase(BigInt(numbers.wallet_balance)),
  };
});
