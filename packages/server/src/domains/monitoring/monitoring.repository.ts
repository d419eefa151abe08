import { SYSTEM_FAILURE_CODES } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/**
 * Reads of the rollups (0026), each with the payments after the watermark added from the log
 * itself, so a figure is never older than the last payment. Times are whole hours (the hourly
 * rollup) and Lagos days (the daily one).
 */

export interface Totals {
  key: string;
  payments: number;
  successful: number;
  system_failures: number;
  amount: string;
  successful_amount: string;
}

const SYSTEM = SYSTEM_FAILURE_CODES as string[];
/** A Lagos day's date from a UTC instant (Lagos is UTC+1 all year). */
const lagosDay = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '1 hour')::date`);
/**
 * The payments not yet folded into the rollups. The watermark is read first and passed as a
 * value: as a subquery the planner cannot know it is near the top of the ids and may scan the
 * whole log (seconds at a million payments) where the id index finds the few rows after it.
 */
async function tail(db: Db) {
  const { rows } = await sql<{ last: string }>`select last_payment_id::text last from payment_stats_watermark`.execute(db);
  return sql`p.id > ${BigInt(rows[0]?.last ?? '0')}`;
}

/** Totals per route over whole hours [from, to). */
export async function routeTotals(db: Db, from: Date, to: Date, route?: string): Promise<Totals[]> {
  const only = route ? sql`and route = ${route}` : sql``;
  const onlyTail = route ? sql`and p.route = ${route}` : sql``;
  const { rows } = await sql<Totals>`
    select route key, sum(payments)::int payments, sum(successful)::int successful, sum(system_failures)::int system_failures,
      sum(amount)::text amount, sum(successful_amount)::text successful_amount
    from (
      select route, payments, successful, system_failures, amount, successful_amount from payment_stats_route_hourly
      where hour >= ${from} and hour < ${to} ${only}
      union all
      select p.route, 1, (p.status = 'SUCCESSFUL')::int, (p.response_code = any (${SYSTEM}::text[]))::int, p.amount, case when p.status = 'SUCCESSFUL' then p.amount else 0 end
      from payment_logs p where ${await tail(db)} and p.created_at >= ${from} and p.created_at < ${to} ${onlyTail}
    ) x group by route order by route`.execute(db);
  return rows;
}

export interface Point {
  key: string;
  at: Date;
  payments: number;
  successful: number;
  amount: string;
}

/** Per route, per hour or Lagos day, over [from, to). */
export async function routeSeries(db: Db, from: Date, to: Date, bucket: 'hour' | 'day', route?: string): Promise<Point[]> {
  const at = bucket === 'hour' ? sql.raw('h') : sql.raw(`to_timestamp(floor((extract(epoch from h) + 3600) / 86400) * 86400 - 3600)`);
  const only = route ? sql`and route = ${route}` : sql``;
  const onlyTail = route ? sql`and p.route = ${route}` : sql``;
  const { rows } = await sql<Point>`
    select route key, ${at} at, sum(payments)::int payments, sum(successful)::int successful, sum(amount)::text amount
    from (
      select hour h, route, payments, successful, amount from payment_stats_route_hourly where hour >= ${from} and hour < ${to} ${only}
      union all
      select date_trunc('hour', p.created_at), p.route, 1, (p.status = 'SUCCESSFUL')::int, p.amount
      from payment_logs p where ${await tail(db)} and p.created_at >= ${from} and p.created_at < ${to} ${onlyTail}
    ) x group by 1, 2 order by 2, 1`.execute(db);
  return rows;
}

/** The grouping key and the route or bank narrowing, for the daily rollup and for the log's tail. */
function dailyFilters(by: 'route' | 'bank_code', filter: { route?: string; bank?: string }) {
  return {
    key: sql.raw(by),
    pkey: sql.raw(`p.${by}`),
    route: filter.route ? sql`and route = ${filter.route}` : sql``,
    bank: filter.bank ? sql`and bank_code = ${filter.bank}` : sql``,
    proute: filter.route ? sql`and p.route = ${filter.route}` : sql``,
    pbank: filter.bank ? sql`and p.bank_code = ${filter.bank}` : sql``,
  };
}

export interface CodeCount {
  key: string;
  code: string;
  payments: number;
  amount: string;
}

/**
 * Payments per (route or bank) and response code over Lagos days [fromDay, toDay], from the daily
 * rollup. `by` names what `key` is; the filters narrow to one route or one bank.
 */
export async function codeCounts(
  db: Db,
  fromDay: string,
  toDay: string,
  by: 'route' | 'bank_code',
  filter: { route?: string; bank?: string } = {},
): Promise<CodeCount[]> {
  const { key, pkey, route, bank, proute, pbank } = dailyFilters(by, filter);
  const { rows } = await sql<CodeCount>`
    select key, code, sum(payments)::int payments, sum(amount)::text amount from (
      select ${key} key, response_code code, payments, amount from payment_stats_daily
      where day between ${fromDay}::date and ${toDay}::date ${route} ${bank}
      union all
      select ${pkey}, p.response_code, 1, p.amount from payment_logs p
      where ${await tail(db)} and ${lagosDay('p.created_at')} between ${fromDay}::date and ${toDay}::date ${proute} ${pbank}
    ) x group by 1, 2`.execute(db);
  return rows;
}

/** Per bank (or per route for one bank), per Lagos day: payments and successes. */
export async function dailySeries(
  db: Db,
  fromDay: string,
  toDay: string,
  by: 'route' | 'bank_code',
  filter: { route?: string; bank?: string } = {},
): Promise<Point[]> {
  const { key, pkey, route, bank, proute, pbank } = dailyFilters(by, filter);
  const { rows } = await sql<Point & { day: string }>`
    select key, day::text as day, sum(payments)::int payments, sum(successful)::int successful, sum(amount)::text amount from (
      select ${key} key, day, payments, case when response_code = '00' then payments else 0 end successful, amount from payment_stats_daily
      where day between ${fromDay}::date and ${toDay}::date ${route} ${bank}
      union all
      select ${pkey}, ${lagosDay('p.created_at')}, 1, (p.status = 'SUCCESSFUL')::int, p.amount from payment_logs p
      where ${await tail(db)} and ${lagosDay('p.created_at')} between ${fromDay}::date and ${toDay}::date ${proute} ${pbank}
    ) x group by 1, 2 order by 2, 1`.execute(db);
  return rows.map((row) => ({ ...row, at: new Date(`${row.day}T00:00:00+01:00`) }));
}
