import { type BusinessReportRow, koboFromDatabase, stateName } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';
import { stateNameSql } from '../merchants/index';
import { kycTierSql, type ReportWindow } from './report-series.repository';

/**
 * A business's payments in the window, as a scalar subquery over `b` (by the payment_logs_business
 * index): selected per row, it drops out of the list's count, where a join would run it for every
 * business to count them.
 */
function paymentsOf(window: ReportWindow, what: 'count' | 'successful' | 'value') {
  const aggregate = {
    count: sql`count(*)::int`,
    successful: sql`(count(*) filter (where p.status = 'SUCCESSFUL'))::int`,
    value: sql`coalesce(sum(p.amount) filter (where p.status = 'SUCCESSFUL'), 0)::bigint`,
  }[what];
  return sql<number>`(select ${aggregate} from payment_logs p where p.business_id = b.id and p.created_at between ${window.from} and ${window.to})`;
}

/** Businesses signed up by the window's end (`b`), with their KYC tier now, their payments in the window and their wallet's balance (`l`). */
export function businessReportQuery(db: Db, window: ReportWindow) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('ledger_accounts as l', (join) => join.onRef('l.business_id', '=', 'b.id').on('l.kind', '=', 'wallet'))
    .select([
      'b.id',
      'b.name',
      'b.email',
      'b.phone',
      'b.category',
      'b.state_code',
      'b.created_at',
      kycTierSql.as('kyc_tier'),
      paymentsOf(window, 'count').as('payments'),
      paymentsOf(window, 'successful').as('successful_payments'),
      paymentsOf(window, 'value').as('successful_value'),
      sql<bigint>`coalesce(l.balance, 0)`.as('wallet_balance'),
    ])
    .where('b.created_at', '<=', window.to);
}

export function toBusinessReportRow(row: RowOf<typeof businessReportQuery>): BusinessReportRow {
  const tier = Number(row.kyc_tier) as BusinessReportRow['kycTier'];
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    category: row.category,
    stateCode: row.state_code,
    state: stateName(row.state_code),
    createdAt: isoTimestamp(row.created_at),
    kycTier: tier,
    kycComplete: tier === 3,
    payments: Number(row.payments ?? 0),
    successfulPayments: Number(row.successful_payments ?? 0),
    successfulValue: koboFromDatabase(BigInt(row.successful_value ?? 0)),
    walletBalance: koboFromDatabase(BigInt(row.wallet_balance)),
  };
}

/** The list's columns as SQL over `businessReportQuery`'s tables. */
export function businessReportCsv(window: ReportWindow): CsvColumns<BusinessReportRow> {
  return {
    id: 'b.id',
    name: 'b.name',
    email: 'b.email',
    phone: 'b.phone',
    category: 'b.category',
    stateCode: 'b.state_code',
    state: stateNameSql,
    createdAt: 'b.created_at',
    kycTier: kycTierSql,
    kycComplete: sql`(${kycTierSql}) = 3`,
    payments: paymentsOf(window, 'count'),
    successfulPayments: paymentsOf(window, 'successful'),
    successfulValue: paymentsOf(window, 'value'),
    walletBalance: sql`coalesce(l.balance, 0)`,
  };
}

/** The numbers of `reports business`: the window's sign-ups, activity and KYC, and what wallets hold now. */
export async function businessSummaryNumbers(db: Db, window: ReportWindow) {
  const { rows } = await sql<{
    sign_ups: number;
    kyc_complete: number;
    active_merchants: number;
    payments: number;
    successful_payments: number;
    successful_value: string;
    total_businesses: number;
    wallet_balance: string;
  }>`
    select
      (select count(*) from businesses b where b.created_at between ${window.from} and ${window.to})::int as sign_ups,
      (select count(*) from businesses b where b.created_at between ${window.from} and ${window.to} and (${kycTierSql}) = 3)::int as kyc_complete,
      (select count(distinct p.business_id) from payment_logs p where p.status = 'SUCCESSFUL' and p.created_at between ${window.from} and ${window.to})::int as active_merchants,
      (select count(*) from payment_logs p where p.created_at between ${window.from} and ${window.to})::int as payments,
      (select count(*) from payment_logs p where p.status = 'SUCCESSFUL' and p.created_at between ${window.from} and ${window.to})::int as successful_payments,
      (select coalesce(sum(p.amount), 0) from payment_logs p where p.status = 'SUCCESSFUL' and p.created_at between ${window.from} and ${window.to})::text as successful_value,
      (select count(*) from businesses)::int as total_businesses,
      (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'wallet')::text as wallet_balance`.execute(db);
  return rows[0]!;
}
