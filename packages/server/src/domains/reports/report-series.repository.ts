import { IDENTITY_DOCUMENT_TYPES, lagosDate, NIGERIAN_STATES, type ReportGrouping } from '@traction/core';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect';

/** A report's range: its instants and their Lagos days. */
export interface ReportWindow {
  from: Date;
  to: Date;
}

/** A number a bucket carries: its name in the row (quoted, camelCase), how it is aggregated, and whether it is kobo. */
export interface Metric {
  name: string;
  aggregate: RawBuilder<unknown>;
  money?: boolean;
}

/** A Lagos day's date from a UTC instant (Lagos is UTC+1 all year). */
export const lagosDay = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '1 hour')::date`);

const STATE_CODES = NIGERIAN_STATES.map((state) => state.code);
const STATE_NAMES = JSON.stringify(Object.fromEntries(NIGERIAN_STATES.map((state) => [state.code, state.name])));

const metricValue = (metric: Metric, from: string) =>
  sql`coalesce(${sql.ref(`${from}.${metric.name}`)}, 0)::${sql.raw(metric.money ? 'bigint' : 'int')} as ${sql.ref(metric.name)}`;
const metricAggregates = (metrics: readonly Metric[]) => sql.join(metrics.map((metric) => sql`${metric.aggregate} as ${sql.ref(metric.name)}`));

/**
 * Events (`source`: a FROM clause naming the business `b`, the event time `at`) counted into
 * buckets over the window: every Lagos day of it (empty days as zeros, so a chart has no gaps),
 * or each state or business category that had any. Each bucket has a `key` that orders and pages
 * it: days since 1970-01-01, the state's place in the list of states, the category's in A–Z order.
 */
export function bucketedSql(args: {
  by: ReportGrouping;
  window: ReportWindow;
  source: RawBuilder<unknown>;
  at: string;
  metrics: readonly Metric[];
  /** Which of the source's rows count, besides the window. */
  only?: RawBuilder<unknown>;
}): RawBuilder<unknown> {
  const { by, window, source, at, metrics, only } = args;
  const inRange = sql`${sql.ref(at)} between ${window.from} and ${window.to}${only ? sql` and ${only}` : sql``}`;
  if (by === 'day') {
    return sql`
      select (s.day::date - date '1970-01-01')::int as key, to_char(s.day, 'YYYY-MM-DD') as bucket, ${sql.join(metrics.map((metric) => metricValue(metric, 'a')))}
      from generate_series(${lagosDate(window.from)}::date, ${lagosDate(window.to)}::date, interval '1 day') as s(day)
      left join (select ${lagosDay(at)} as day, ${metricAggregates(metrics)} from ${source} where ${inRange} group by 1) a on a.day = s.day::date`;
  }
  const [keyOf, bucketOf, groupBy] =
    by === 'state'
      ? [
          sql`coalesce(array_position(${STATE_CODES}::text[], b.state_code), 0)`,
          sql`coalesce(${STATE_NAMES}::jsonb ->> b.state_code, b.state_code)`,
          sql`b.state_code`,
        ]
      : [sql`row_number() over (order by b.category)`, sql`b.category`, sql`b.category`];
  return sql`select ${keyOf}::int as key, ${bucketOf} as bucket, ${metricAggregates(metrics)} from ${source} where ${inRange} group by ${groupBy}`;
}

/** A business's KYC tier now (core `kycTierOf`, in SQL): the override, then identity, then address or CAC. */
export const kycTierSql = sql<number>`case
  when b.kyc_exempt then 3
  when b.bvn_exempt or exists (select 1 from kyc_records k where k.business_id = b.id and k.verification_type = 'DOCUMENT' and k.status = 'APPROVED' and k.document_type = any(${[...IDENTITY_DOCUMENT_TYPES]}::text[]))
    then case when exists (select 1 from kyc_records k where k.business_id = b.id and k.verification_type in ('ADDRESS', 'CORPORATE') and k.status = 'APPROVED') then 3 else 2 end
  else 1 end`;

const count = (name: string, aggregate: RawBuilder<unknown> = sql`count(*)`): Metric => ({ name, aggregate });

/** The four series counted from events; wallet balances are read from the ledger (below). */
export const SERIES_SOURCES = {
  signups: { source: sql`businesses b`, at: 'b.created_at', metrics: [count('signUps')] },
  'active-merchants': {
    source: sql`payment_logs p join businesses b on b.id = p.business_id`,
    only: sql`p.status = 'SUCCESSFUL'`,
    at: 'p.created_at',
    metrics: [count('activeMerchants', sql`count(distinct p.business_id)`), count('successfulPayments')],
  },
  kyc: {
    source: sql`(select b.*, ${kycTierSql} as tier from businesses b) b`,
    at: 'b.created_at',
    metrics: [count('signUps'), count('kycComplete', sql`count(*) filter (where b.tier = 3)`), count('identityOnly', sql`count(*) filter (where b.tier = 2)`)],
  },
  payments: {
    source: sql`payment_logs p join businesses b on b.id = p.business_id`,
    at: 'p.created_at',
    metrics: [
      count('payments'),
      count('successfulPayments', sql`count(*) filter (where p.status = 'SUCCESSFUL')`),
      { name: 'successfulValue', aggregate: sql`sum(p.amount) filter (where p.status = 'SUCCESSFUL')`, money: true },
    ],
  },
} as const satisfies Record<string, { source: RawBuilder<unknown>; at: string; metrics: readonly Metric[]; only?: RawBuilder<unknown> }>;

/**
 * Merchant wallet balances from the ledger. By day: what wallets held at the end of each Lagos
 * day — the balances at the window's start (today's balances less every change since) plus each
 * day's changes, summed in order — and the wallets open by then. By state or category: each
 * wallet's balance at the window's end, summed.
 */
export function walletBalancesSql(by: ReportGrouping, window: ReportWindow): RawBuilder<unknown> {
  const change = sql`e.balance_after - e.balance_before`;
  if (by === 'day') {
    return sql`
      with opening as (
        select
          (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'wallet')
            - (select coalesce(sum(${change}), 0) from ledger_wallet_entries e where e.created_at >= ${window.from}) as held,
          (select count(*) from ledger_accounts where kind = 'wallet' and created_at < ${window.from}) as wallets
      ),
      days as (select s.day::date as day from generate_series(${lagosDate(window.from)}::date, ${lagosDate(window.to)}::date, interval '1 day') as s(day)),
      changes as (select ${lagosDay('e.created_at')} as day, sum(${change}) as moved from ledger_wallet_entries e where e.created_at between ${window.from} and ${window.to} group by 1),
      opened as (select ${lagosDay('l.created_at')} as day, count(*) as n from ledger_accounts l where l.kind = 'wallet' and l.created_at between ${window.from} and ${window.to} group by 1)
      select (d.day - date '1970-01-01')::int as key, to_char(d.day, 'YYYY-MM-DD') as bucket,
        ((select wallets from opening) + sum(coalesce(o.n, 0)) over (order by d.day))::int as "wallets",
        ((select held from opening) + sum(coalesce(c.moved, 0)) over (order by d.day))::bigint as "balance"
      from days d left join changes c on c.day = d.day left join opened o on o.day = d.day`;
  }
  const source = sql`ledger_accounts l join businesses b on b.id = l.business_id
    left join (select e.account_id, sum(${change}) as moved from ledger_wallet_entries e where e.created_at > ${window.to} group by e.account_id) later on later.account_id = l.id`;
  // Every wallet, whenever opened: one opened after the window holds nothing at its end once its
  // later changes are taken off, and the count takes only those opened by then.
  return bucketedSql({
    by,
    window: { from: new Date('1900-01-01T00:00:00.000Z'), to: new Date('2999-12-31T23:59:59.999Z') },
    source,
    only: sql`l.kind = 'wallet'`,
    at: 'l.created_at',
    metrics: [
      count('wallets', sql`count(*) filter (where l.created_at <= ${window.to})`),
      { name: 'balance', aggregate: sql`sum(l.balance - coalesce(later.moved, 0))`, money: true },
    ],
  });
}

/** A series' buckets as a table `r` the list machinery pages, counts and exports by `r.key`. */
export function seriesQuery(db: Db, bucketed: RawBuilder<unknown>) {
  return db.selectFrom(sql<Record<string, unknown> & { key: number; bucket: string }>`(${bucketed})`.as('r')).selectAll();
}
