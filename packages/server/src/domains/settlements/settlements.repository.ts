import { type CumulationStatus, koboFromDatabase, type SettlementCumulation, type SettlementGroup, type SettlementGroupStatus } from '@traction/core';
import { type RawBuilder, sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { CsvColumns } from '../../handling/csv-sql';
import { isoTimestamp } from '../../db/timestamps';

/**
 * Reads and writes of settlement groups and cumulations (0024). A cumulation's stored status is
 * read through `effectiveStatus`: an OPEN one whose day has closed is ready (PENDING), and one
 * AWAITING_APPROVAL whose request was declined or expired is ready again — so neither the end of a
 * day nor an expiry needs a job to take effect.
 */
export function effectiveStatus(now: Date): RawBuilder<CumulationStatus> {
  return sql<CumulationStatus>`case
    when c.status = 'OPEN' and g.closes_at <= ${now} then 'PENDING'
    when c.status = 'AWAITING_APPROVAL' and (ar.status = 'DECLINED' or (ar.status = 'PENDING' and ar.expires_at <= ${now})) then 'PENDING'
    else c.status end`;
}

/** A group's state from its counts: open until its day closes, then ready, partly or wholly settled. */
const groupStatus = (now: Date) => sql<SettlementGroupStatus>`case
  when g.closes_at > ${now} then 'OPEN'
  when coalesce(s.settled, 0) + coalesce(s.settled_manually, 0) = 0 then 'PENDING'
  when coalesce(s.settled, 0) + coalesce(s.settled_manually, 0) < coalesce(s.merchants, 0) then 'PARTLY_SETTLED'
  else 'SETTLED' end`;

export function groupQuery(db: Db, now: Date) {
  return db
    .selectFrom('settlement_groups as g')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('settlement_cumulations as c')
          .leftJoin('approval_requests as ar', 'ar.id', 'c.approval_request_id')
          .whereRef('c.group_id', '=', 'g.id')
          .select([
            sql<string>`count(*)::int`.as('merchants'),
            sql<string>`coalesce(sum(c.payment_count), 0)::int`.as('payments'),
            sql<string>`coalesce(sum(c.amount), 0)::text`.as('amount'),
            sql<string>`coalesce(sum(c.charges), 0)::text`.as('charges'),
            sql<number>`count(*) filter (where ${effectiveStatus(now)} = 'PENDING')::int`.as('pending'),
            sql<number>`count(*) filter (where ${effectiveStatus(now)} = 'AWAITING_APPROVAL')::int`.as('awaiting'),
            sql<number>`count(*) filter (where c.status = 'SETTLED')::int`.as('settled'),
            sql<number>`count(*) filter (where c.status = 'SETTLED_MANUALLY')::int`.as('settled_manually'),
          ])
          .as('s'),
      (join) => join.onTrue(),
    )
    .select([
      'g.id',
      'g.settlement_date',
      'g.aggregator',
      'g.closes_at',
      's.merchants',
      's.payments',
      's.amount',
      's.charges',
      's.pending',
      's.awaiting',
      's.settled',
      's.settled_manually',
      groupStatus(now).as('status'),
    ]);
}

export type GroupQuery = ReturnType<typeof groupQuery>;

export interface GroupFilters {
  group_id?: number | undefined;
  fromDay?: string | undefined;
  toDay?: string | undefined;
  status?: SettlementGroupStatus | undefined;
  aggregator?: boolean | undefined;
}

export function filterGroups(query: GroupQuery, filters: GroupFilters, now: Date): GroupQuery {
  let out = query;
  if (filters.group_id !== undefined) out = out.where('g.id', '=', BigInt(filters.group_id) as never);
  if (filters.fromDay) out = out.where(sql<boolean>`g.settlement_date >= ${filters.fromDay}::date`);
  if (filters.toDay) out = out.where(sql<boolean>`g.settlement_date <= ${filters.toDay}::date`);
  if (filters.aggregator !== undefined) out = out.where('g.aggregator', '=', filters.aggregator);
  if (filters.status) out = out.where(sql<boolean>`${groupStatus(now)} = ${filters.status}`);
  return out;
}

export const groupKind = (aggregator: boolean) => (aggregator ? 'Transfer & USSD' : 'Card');

export function toSettlementGroup(row: RowOf<typeof groupQuery>): SettlementGroup {
  const amount = BigInt(row.amount ?? '0');
  const charges = BigInt(row.charges ?? '0');
  return {
    id: Number(row.id),
    settlementDate: row.settlement_date,
    aggregator: row.aggregator,
    kind: groupKind(row.aggregator),
    closesAt: isoTimestamp(row.closes_at),
    status: row.status,
    merchants: Number(row.merchants ?? 0),
    payments: Number(row.payments ?? 0),
    amount: koboFromDatabase(amount),
    charges: koboFromDatabase(charges),
    net: koboFromDatabase(amount - charges),
    pending: Number(row.pending ?? 0),
    awaitingApproval: Number(row.awaiting ?? 0),
    settled: Number(row.settled ?? 0),
    settledManually: Number(row.settled_manually ?? 0),
  };
}

export function cumulationQuery(db: Db, now: Date) {
  return db
    .selectFrom('settlement_cumulations as c')
    .innerJoin('settlement_groups as g', 'g.id', 'c.group_id')
    .leftJoin('businesses as b', 'b.id', 'c.business_id')
    .leftJoin('approval_requests as ar', 'ar.id', 'c.approval_request_id')
    .leftJoin('ledger_transfers as lt', 'lt.id', 'c.ledger_transfer_id')
    .leftJoin('admins as a', 'a.id', 'c.settled_by')
    .select([
      'c.id',
      'c.group_id',
      'c.business_id',
      'b.name as business_name',
      'c.payment_count',
      'c.amount',
      'c.charges',
      effectiveStatus(now).as('status'),
      'c.settled_action',
      'c.settled_reference',
      'c.settled_note',
      'c.settled_at',
      'c.approval_request_id',
      'lt.reference as ledger_reference',
      adminNameSql('a').as('settled_by_name'),
    ]);
}

export type CumulationQuery = ReturnType<typeof cumulationQuery>;

export function filterCumulations(
  query: CumulationQuery,
  filters: { cumulation_id?: number | undefined; status?: CumulationStatus | undefined; merchant?: string | undefined },
  now: Date,
) {
  let out = query;
  if (filters.cumulation_id !== undefined) out = out.where('c.id', '=', BigInt(filters.cumulation_id) as never);
  if (filters.status) out = out.where(sql<boolean>`${effectiveStatus(now)} = ${filters.status}`);
  if (filters.merchant) {
    const merchant = filters.merchant;
    out = /^\d{1,9}$/.test(merchant)
      ? out.where('c.business_id', '=', Number(merchant))
      : out.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(merchant)}`);
  }
  return out;
}

export function toSettlementCumulation(row: RowOf<typeof cumulationQuery>): SettlementCumulation {
  return {
    id: Number(row.id),
    groupId: Number(row.group_id),
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    paymentCount: row.payment_count,
    amount: koboFromDatabase(row.amount),
    charges: koboFromDatabase(row.charges),
    net: koboFromDatabase(row.amount - row.charges),
    status: row.status,
    settledAction: row.settled_action,
    settledReference: row.settled_reference,
    ledgerReference: row.ledger_reference ?? null,
    settledNote: row.settled_note,
    settledBy: row.settled_by_name,
    settledAt: row.settled_at ? isoTimestamp(row.settled_at) : null,
    approvalRequestId: row.approval_request_id,
  };
}

/** `toSettlementCumulation` as SQL over `cumulationQuery`'s tables (its status as of `now`), for exports PostgreSQL writes itself. */
export function settlementCumulationCsv(now: Date): CsvColumns<SettlementCumulation> {
  return {
    id: 'c.id',
    groupId: 'c.group_id',
    businessId: 'c.business_id',
    businessName: 'b.name',
    paymentCount: 'c.payment_count',
    amount: 'c.amount',
    charges: 'c.charges',
    net: sql`c.amount - c.charges`,
    status: effectiveStatus(now),
    settledAction: 'c.settled_action',
    settledReference: 'c.settled_reference',
    ledgerReference: 'lt.reference',
    settledNote: 'c.settled_note',
    settledBy: adminNameSql('a'),
    settledAt: 'c.settled_at',
    approvalRequestId: 'c.approval_request_id',
  };
}

/** The group, locked: settlements of one group take turns. */
export function lockGroup(db: Db, id: number) {
  return db
    .selectFrom('settlement_groups')
    .select(['id', 'settlement_date', 'aggregator', 'closes_at'])
    .where('id', '=', BigInt(id) as never)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The cumulations asked for (or every one of the group), locked in id order, with what settling
 * needs: the merchant's name and wallet, the stored and effective status, and who settled it before.
 */
export function lockCumulations(db: Db, groupId: number, ids: readonly number[] | 'all', now: Date) {
  let query = cumulationQuery(db, now)
    .leftJoin('wallets as w', 'w.business_id', 'c.business_id')
    .select(['c.status as stored_status', 'w.uid as wallet_uid', 'ar.id as request_id'])
    .where('c.group_id', '=', BigInt(groupId) as never);
  if (ids !== 'all') query = query.where('c.id', 'in', ids.map((id) => BigInt(id)) as never);
  return query.orderBy('c.id').forUpdate('c').execute();
}

export type LockedCumulation = Awaited<ReturnType<typeof lockCumulations>>[number];

export function updateCumulations(
  db: Db,
  ids: readonly number[],
  values: {
    status: CumulationStatus;
    settled_action?: 'manual-settle' | 'actual-settle' | null;
    settled_reference?: string | null;
    settled_note?: string | null;
    settled_by?: number | null;
    settled_at?: Date | null;
    approval_request_id?: number | null;
    ledger_transfer_id?: bigint | null;
    updated_at: Date;
  },
) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('settlement_cumulations')
    .set(values)
    .where('id', 'in', ids.map((id) => BigInt(id)) as never)
    .execute();
}
