import {
  bankByCbnCode,
  getBankMonitoring,
  getFailedRouteMonitoring,
  getTransactionMonitoring,
  HOURLY_UP_TO_DAYS,
  koboFromDatabase,
  lagosDate,
  MIN_PAYMENTS_TO_JUDGE,
  type MonitoringSeries,
  type MonitoringStats,
  PROCESSOR_ROUTES,
  rangeBoundToDate,
  responseMessage,
  routeName,
} from '@traction/core';
import { isoTimestamp } from '../../db/timestamps';
import { implement } from '../../handling/implement';
import { type CodeCount, codeCounts, dailySeries, type Point, routeSeries, routeTotals, type Totals } from './monitoring.repository';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The range in whole hours (the rollup's grain): seven days to now by default. */
function rangeOf(input: { startDate?: string | undefined; endDate?: string | undefined }, now: Date) {
  const to = input.endDate ? rangeBoundToDate(input.endDate, 'end') : now;
  const from = input.startDate ? rangeBoundToDate(input.startDate, 'start') : new Date(to.getTime() - 7 * DAY);
  const start = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
  const end = new Date(Math.ceil((to.getTime() + 1) / HOUR) * HOUR);
  const bucket: 'hour' | 'day' = end.getTime() - start.getTime() <= HOURLY_UP_TO_DAYS * DAY ? 'hour' : 'day';
  return { from: start, to: end, bucket, fromDay: lagosDate(start), toDay: lagosDate(new Date(end.getTime() - 1)) };
}

const rate = (successful: number, payments: number) => (payments === 0 ? null : Math.round((successful / payments) * 1000) / 10);

/** The failures' codes, commonest first, at most five, each with its share of the failures. */
function topFailures(codes: readonly CodeCount[]) {
  const failures = codes.filter((code) => code.code !== '00');
  const total = failures.reduce((sum, code) => sum + code.payments, 0);
  return [...failures]
    .sort((a, b) => b.payments - a.payments || a.code.localeCompare(b.code))
    .slice(0, 5)
    .map((code) => ({
      code: code.code,
      message: responseMessage(code.code),
      payments: code.payments,
      share: total === 0 ? 0 : Math.round((code.payments / total) * 1000) / 10,
    }));
}

function stats(
  key: string,
  name: string,
  totals: Pick<Totals, 'payments' | 'successful' | 'system_failures' | 'amount' | 'successful_amount'>,
  codes: readonly CodeCount[],
  threshold: number,
): MonitoringStats {
  const successRate = rate(totals.successful, totals.payments);
  return {
    key,
    name,
    payments: totals.payments,
    successful: totals.successful,
    successRate,
    amount: koboFromDatabase(BigInt(totals.amount)),
    successfulAmount: koboFromDatabase(BigInt(totals.successful_amount)),
    systemFailures: totals.system_failures,
    belowThreshold: successRate !== null && totals.payments >= MIN_PAYMENTS_TO_JUDGE && successRate < threshold,
    topFailures: topFailures(codes),
  };
}

/** Totals of one key from its codes (the daily rollup has no separate success column). */
function totalsFromCodes(codes: readonly CodeCount[]) {
  const ok = codes.filter((code) => code.code === '00');
  return {
    payments: codes.reduce((sum, code) => sum + code.payments, 0),
    successful: ok.reduce((sum, code) => sum + code.payments, 0),
    system_failures: codes.filter((code) => ['06', '68', '91', '92', '96'].includes(code.code)).reduce((sum, code) => sum + code.payments, 0),
    amount: String(codes.reduce((sum, code) => sum + BigInt(code.amount), 0n)),
    successful_amount: String(ok.reduce((sum, code) => sum + BigInt(code.amount), 0n)),
  };
}

const byKey = <T extends { key: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.key, [...(map.get(row.key) ?? []), row]);
  return map;
};

function series(points: readonly Point[], name: (key: string) => string): MonitoringSeries[] {
  return [...byKey(points).entries()].map(([key, rows]) => ({
    key,
    name: name(key),
    points: rows.map((row) => ({
      at: isoTimestamp(row.at),
      payments: row.payments,
      successful: row.successful,
      successRate: rate(row.successful, row.payments),
      amount: koboFromDatabase(BigInt(row.amount)),
    })),
  }));
}

const bankName = (code: string) => bankByCbnCode(code)?.name ?? code;

export const transactionMonitoringHandler = implement(getTransactionMonitoring, async ({ input, ctx }) => {
  const range = rangeOf(input, ctx.now);
  const [totals, points, codes] = await Promise.all([
    routeTotals(ctx.db, range.from, range.to, input.id),
    routeSeries(ctx.db, range.from, range.to, range.bucket, input.id),
    codeCounts(ctx.db, range.fromDay, range.toDay, 'route', input.id ? { route: input.id } : {}),
  ]);
  const codesByRoute = byKey(codes);
  // Every route, those without payments too: a route that took nothing in the range is news.
  const routes = (input.id ? PROCESSOR_ROUTES.filter((route) => route.id === input.id) : PROCESSOR_ROUTES).map((route) => {
    const found = totals.find((row) => row.key === route.id) ?? { payments: 0, successful: 0, system_failures: 0, amount: '0', successful_amount: '0' };
    return stats(route.id, route.name, found, codesByRoute.get(route.id) ?? [], input.threshold);
  });
  const banks = input.id
    ? [...byKey(await codeCounts(ctx.db, range.fromDay, range.toDay, 'bank_code', { route: input.id })).entries()]
        .map(([bank, rows]) => stats(bank, bankName(bank), totalsFromCodes(rows), rows, input.threshold))
        .sort((a, b) => b.payments - a.payments)
    : [];
  return {
    from: isoTimestamp(range.from),
    to: isoTimestamp(range.to),
    bucket: range.bucket,
    threshold: input.threshold,
    // Routes fit on the first page; later pages (the spec's pageNumber) are empty.
    routes: input.pageNumber === 1 ? routes : [],
    series: series(points, routeName),
    banks,
  };
});

export const bankMonitoringHandler = implement(getBankMonitoring, async ({ input, ctx }) => {
  const range = rangeOf(input, ctx.now);
  const filter = input.id ? { bank: input.id } : {};
  const [codes, points] = await Promise.all([
    codeCounts(ctx.db, range.fromDay, range.toDay, 'bank_code', filter),
    dailySeries(ctx.db, range.fromDay, range.toDay, 'bank_code', filter),
  ]);
  const banks = [...byKey(codes).entries()]
    .map(([bank, rows]) => stats(bank, bankName(bank), totalsFromCodes(rows), rows, input.threshold))
    .sort((a, b) => b.payments - a.payments);
  const routes = input.id
    ? [...byKey(await codeCounts(ctx.db, range.fromDay, range.toDay, 'route', filter)).entries()]
        .map(([route, rows]) => stats(route, routeName(route), totalsFromCodes(rows), rows, input.threshold))
        .sort((a, b) => b.payments - a.payments)
    : [];
  return {
    from: isoTimestamp(range.from),
    to: isoTimestamp(range.to),
    bucket: 'day' as const,
    threshold: input.threshold,
    banks,
    // The busiest banks' series (all of them for one bank): a chart of 25 lines says nothing.
    series: series(points, bankName).filter((line) => input.id || banks.slice(0, 6).some((bank) => bank.key === line.key)),
    routes,
  };
});

export const failedRouteMonitoringHandler = implement(getFailedRouteMonitoring, async ({ input, ctx }) => {
  const range = rangeOf(input, ctx.now);
  const hours = await routeSeries(ctx.db, range.from, range.to, 'hour');
  const failing = hours.filter((hour) => hour.payments >= MIN_PAYMENTS_TO_JUDGE / 2 && (rate(hour.successful, hour.payments) ?? 100) < input.threshold);
  const routes = [];
  for (const [route, rows] of byKey(failing).entries()) {
    // Consecutive failing hours make one window.
    const windows: { from: Date; to: Date; payments: number; successful: number }[] = [];
    for (const row of rows) {
      const last = windows.at(-1);
      if (last && row.at.getTime() - last.to.getTime() <= 0) {
        last.to = new Date(row.at.getTime() + HOUR);
        last.payments += row.payments;
        last.successful += row.successful;
      } else windows.push({ from: row.at, to: new Date(row.at.getTime() + HOUR), payments: row.payments, successful: row.successful });
    }
    const judged = windows.filter((window) => window.payments >= MIN_PAYMENTS_TO_JUDGE);
    if (judged.length === 0) continue;
    const described = [];
    for (const window of judged) {
      const codes = await codeCounts(ctx.db, lagosDate(window.from), lagosDate(new Date(window.to.getTime() - 1)), 'route', { route });
      described.push({
        from: isoTimestamp(window.from),
        to: isoTimestamp(window.to),
        payments: window.payments,
        successRate: rate(window.successful, window.payments) ?? 0,
        topFailures: topFailures(codes),
      });
    }
    routes.push({
      key: route,
      name: routeName(route),
      windows: described.sort((a, b) => a.successRate - b.successRate),
      worstRate: Math.min(...described.map((w) => w.successRate)),
    });
  }
  return {
    from: isoTimestamp(range.from),
    to: isoTimestamp(range.to),
    bucket: 'hour' as const,
    threshold: input.threshold,
    routes: routes.sort((a, b) => a.worstRate - b.worstRate),
  };
});
