import { type CsrAccountRow, type CsrCountRow, type CsrPeriod, rangeBoundToDate } from '@traction/core';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';

const nameStarts = (column: string, search: string) =>
  sql<boolean>`(lower(${sql.ref(column)}) like ${lowerPrefixPattern(search)} or lower(${sql.ref(column)}) like ${`% ${lowerPrefixPattern(search)}`})`;

/** The merchants each CSR manages, with how many each manages in all. */
export function csrAccountQuery(db: Db) {
  return db
    .selectFrom('merchant_csr as m')
    .innerJoin('field_agents as a', 'a.id', 'm.csr_agent_id')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .select((eb) => [
      'b.id',
      'b.name as business_name',
      'b.email as business_email',
      'b.phone as business_phone',
      'b.state_code',
      'a.id as csr_id',
      'a.name as csr_name',
      'a.email as csr_email',
      'm.since',
      'm.onboarded',
      eb
        .selectFrom('merchant_csr as mine')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('mine.csr_agent_id', '=', 'a.id')
        .as('csr_merchants'),
    ]);
}
type CsrAccountQuery = ReturnType<typeof csrAccountQuery>;

export function filterCsrAccounts(
  query: CsrAccountQuery,
  filters: { search?: string | undefined; csrId?: number | undefined; stateCode?: string | undefined },
) {
  let out = query;
  if (filters.csrId !== undefined) out = out.where('a.id', '=', filters.csrId);
  if (filters.stateCode) out = out.where('b.state_code', '=', filters.stateCode);
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`(${nameStarts('b.name', search)} or ${nameStarts('a.name', search)})`);
  return out;
}

export function toCsrAccountRow(row: RowOf<typeof csrAccountQuery>): CsrAccountRow {
  return {
    id: row.id,
    businessName: row.business_name,
    businessEmail: row.business_email,
    businessPhone: row.business_phone,
    stateCode: row.state_code,
    csrId: row.csr_id,
    csrName: row.csr_name,
    csrEmail: row.csr_email,
    since: isoTimestamp(row.since),
    onboarded: row.onboarded,
    csrMerchants: Number(row.csr_merchants ?? 0),
  };
}

/** The first Lagos day of the period an instant falls in (weeks from Monday); null for the whole range. */
function periodStart(period: CsrPeriod, column: string): RawBuilder<string | null> {
  const lagos = `((${column} at time zone 'UTC') + interval '1 hour')`;
  switch (period) {
    case 'DAY':
      return sql.raw<string>(`(${lagos})::date`);
    case 'WEEK':
      return sql.raw<string>(`date_trunc('week', ${lagos})::date`);
    case 'MONTH':
      return sql.raw<string>(`date_trunc('month', ${lagos})::date`);
    default:
      return sql.raw<null>('null::date');
  }
}

export interface CsrCountFilters {
  period: CsrPeriod;
  csrId?: number | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
}

/**
 * Counts per CSR and period as rows numbered in the list's order (CSR name, then period), with
 * each CSR's total over the range: `what` chooses merchants they onboarded (by the merchant's
 * creation) or terminals deployed to the merchants they manage (by deployment).
 */
export function csrCountQuery(db: Db, what: 'onboarded' | 'deployments', filters: CsrCountFilters) {
  const at = what === 'onboarded' ? 'b.created_at' : 'd.deployed_at';
  const bucket = periodStart(filters.period, at);
  let base = db
    .selectFrom('merchant_csr as m')
    .innerJoin('field_agents as a', 'a.id', 'm.csr_agent_id')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .leftJoin('terminal_deployments as d', (join) =>
      what === 'deployments' ? join.onRef('d.business_id', '=', 'm.business_id') : join.on(sql<boolean>`false`),
    );
  base = what === 'onboarded' ? base.where('m.onboarded', '=', true) : base.where('d.id', 'is not', null);
  if (filters.csrId !== undefined) base = base.where('a.id', '=', filters.csrId);
  if (filters.startdatetime) base = base.where(sql.ref(at), '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) base = base.where(sql.ref(at), '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  let grouped = base
    .select([
      sql<number>`(row_number() over (order by a.name, a.id, ${bucket}))::int`.as('id'),
      'a.id as csr_id',
      'a.name as csr_name',
      'a.email as csr_email',
      sql<string | null>`(${bucket})::text`.as('period'),
      sql<string>`count(*)`.as('count'),
      sql<string>`count(distinct b.id)`.as('merchants'),
      sql<string>`sum(count(*)) over (partition by a.id)`.as('csr_total'),
    ])
    .groupBy(['a.id', 'a.name', 'a.email']);
  if (filters.period !== 'ALL') grouped = grouped.groupBy(bucket);
  return db.selectFrom(grouped.as('t')).selectAll('t');
}

export function toCsrCountRow(row: RowOf<typeof csrCountQuery>): CsrCountRow {
  return {
    id: row.id,
    csrId: row.csr_id,
    csrName: row.csr_name,
    csrEmail: row.csr_email,
    period: row.period,
    count: Number(row.count),
    merchants: Number(row.merchants),
    csrTotal: Number(row.csr_total),
  };
}
