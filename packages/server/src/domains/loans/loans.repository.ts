import {
  COLLECTING_LOAN_STATUSES,
  koboFromDatabase,
  type LoanFrequency,
  type LoanPurpose,
  type LoanRow,
  type LoanStatus,
  loanReference,
  rangeBoundToDate,
  type ScheduledInstalment,
} from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';

/**
 * Reads and writes of loans, their instalments, repayments and events (0035). Ledger tables are
 * only read here (references of transfers): the ledger domain writes them.
 */

const collecting = sql.join(COLLECTING_LOAN_STATUSES.map((status) => sql.lit(status)));

/**
 * Loans with their merchant, admins and what their schedule says as of `day` (YYYY-MM-DD, Lagos):
 * arrears, days past due, the next instalment due, and for the tracker what was expected by then.
 * The schedule's sums come from one lateral aggregate per loan over its own instalments (the
 * primary key), so a page of 100 reads 100 short schedules and count(*) stays one row per loan.
 * Only a loan still being collected has arrears: a closed one's unpaid instalments are history.
 */
export function loanQuery(db: Db, day: string) {
  return db
    .selectFrom('loans as l')
    .innerJoin('businesses as b', 'b.id', 'l.business_id')
    .leftJoin('admins as rq', 'rq.id', 'l.requested_by')
    .leftJoin('admins as ap', 'ap.id', 'l.approved_by')
    .leftJoin('admins as da', 'da.id', 'l.disbursed_by')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('loan_instalments as i')
          .whereRef('i.loan_id', '=', 'l.id')
          .select([
            sql<bigint>`case when l.status in (${collecting})
              then coalesce(sum(i.amount - i.paid) filter (where i.due_date <= ${day}::date), 0)::bigint else 0::bigint end`.as('arrears'),
            sql<number>`case when l.status in (${collecting})
              then coalesce(${day}::date - min(i.due_date) filter (where i.paid < i.amount and i.due_date <= ${day}::date), 0) else 0 end`.as('days_past_due'),
            sql<string | null>`case when l.status in (${collecting}) then min(i.due_date) filter (where i.paid < i.amount) end`.as('next_due_date'),
            sql<bigint>`coalesce(sum(i.amount) filter (where i.due_date <= ${day}::date), 0)::bigint`.as('expected'),
            sql<number>`(count(*) filter (where i.due_date <= ${day}::date))::int`.as('instalments_due'),
            sql<number>`(count(*) filter (where i.due_date <= ${day}::date and i.paid = i.amount))::int`.as('instalments_paid'),
          ])
          .as('s'),
      (join) => join.onTrue(),
    )
    .select([
      'l.id',
      'l.business_id',
      'b.name as business_name',
      'l.purpose',
      'l.principal',
      'l.interest_bps',
      'l.interest',
      'l.fee',
      'l.total_repayable',
      'l.frequency',
      'l.instalments',
      'l.status',
      'l.repaid',
      'l.reason',
      'l.approval_request_id',
      'l.terminal_request_id',
      'l.created_at',
      'l.disbursed_at',
      'l.closed_at',
      's.arrears',
      's.days_past_due',
      's.next_due_date',
      's.expected',
      's.instalments_due',
      's.instalments_paid',
      outstandingSql.as('outstanding'),
      instalmentAmountSql.as('instalment_amount'),
      adminNameSql('rq').as('requested_by_name'),
      adminNameSql('ap').as('approved_by_name'),
      adminNameSql('da').as('disbursed_by_name'),
    ]);
}
type LoanQuery = ReturnType<typeof loanQuery>;

/** What is still owed: nothing before the money left, nor once the loan is closed. */
const outstandingSql = sql<bigint>`case when l.status in (${collecting}) then l.total_repayable - l.repaid - l.written_off else 0::bigint end`;
/** Each instalment but perhaps the last, as `loanSchedule` cuts them. */
const instalmentAmountSql = sql<bigint>`(l.total_repayable / l.instalments)::bigint`;
/** `loanReference` in SQL: LN- and the id, at least six digits. */
const referenceSql = sql<string>`'LN-' || lpad(l.id::text, greatest(6, length(l.id::text)), '0')`;

export interface LoanFilters {
  search?: string | undefined;
  status?: LoanStatus | undefined;
  purpose?: LoanPurpose | undefined;
  frequency?: LoanFrequency | undefined;
  businessId?: number | undefined;
  overdue?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A loan's reference however typed (LN-000042, ln42, 42), or null when the text is none. */
function searchedId(search: string): number | null {
  const match = /^(?:ln-?)?(\d{1,9})$/i.exec(search);
  return match ? Number(match[1]) : null;
}

/** Search: a loan's reference (or id) exactly, otherwise the start of the merchant's name. */
export function filterLoans(query: LoanQuery, filters: LoanFilters): LoanQuery {
  let out = query;
  const search = filters.search?.trim();
  if (search) {
    const id = searchedId(search);
    out = id !== null ? out.where('l.id', '=', id) : out.where(sql<boolean>`lower(b.name) like ${lowerPrefixPattern(search)}`);
  }
  if (filters.status) out = out.where('l.status', '=', filters.status);
  if (filters.purpose) out = out.where('l.purpose', '=', filters.purpose);
  if (filters.frequency) out = out.where('l.frequency', '=', filters.frequency);
  if (filters.businessId !== undefined) out = out.where('l.business_id', '=', filters.businessId);
  if (filters.overdue !== undefined) out = out.where(filters.overdue ? sql<boolean>`s.arrears > 0` : sql<boolean>`s.arrears = 0`);
  if (filters.from) out = out.where('l.created_at', '>=', rangeBoundToDate(filters.from, 'start'));
  if (filters.to) out = out.where('l.created_at', '<=', rangeBoundToDate(filters.to, 'end'));
  return out;
}

export interface TrackerFilters {
  search?: string | undefined;
  status?: LoanStatus | undefined;
  minDaysPastDue?: number | undefined;
}

/** The tracker: loans being collected (disbursed, repaying, defaulted), as of its day. */
export function trackerQuery(db: Db, asOf: string, filters: TrackerFilters): LoanQuery {
  let out = filterLoans(loanQuery(db, asOf), { search: filters.search, status: filters.status }).where('l.status', 'in', [...COLLECTING_LOAN_STATUSES]);
  if (filters.minDaysPastDue !== undefined) out = out.where('s.days_past_due', '>=', filters.minDaysPastDue);
  return out;
}

export function toLoanRow(row: RowOf<typeof loanQuery>): LoanRow {
  return {
    id: row.id,
    reference: loanReference(row.id),
    businessId: row.business_id,
    businessName: row.business_name,
    purpose: row.purpose,
    principal: koboFromDatabase(row.principal),
    interestBps: row.interest_bps,
    interest: koboFromDatabase(row.interest),
    fee: koboFromDatabase(row.fee),
    totalRepayable: koboFromDatabase(row.total_repayable),
    frequency: row.frequency,
    instalments: row.instalments,
    instalmentAmount: koboFromDatabase(row.instalment_amount),
    status: row.status,
    repaid: koboFromDatabase(row.repaid),
    outstanding: koboFromDatabase(row.outstanding),
    arrears: koboFromDatabase(row.arrears),
    daysPastDue: row.days_past_due,
    nextDueDate: row.next_due_date,
    reason: row.reason,
    requestedBy: row.requested_by_name,
    approvedBy: row.approved_by_name,
    disbursedBy: row.disbursed_by_name,
    approvalRequestId: row.approval_request_id,
    terminalRequestId: row.terminal_request_id,
    createdAt: isoTimestamp(row.created_at),
    disbursedAt: isoTimestampOrNull(row.disbursed_at),
    closedAt: isoTimestampOrNull(row.closed_at),
  };
}

export function toTrackerRow(row: RowOf<typeof loanQuery>) {
  const loan = toLoanRow(row);
  return {
    id: loan.id,
    reference: loan.reference,
    businessId: loan.businessId,
    businessName: loan.businessName,
    status: loan.status,
    frequency: loan.frequency,
    totalRepayable: loan.totalRepayable,
    repaid: loan.repaid,
    outstanding: loan.outstanding,
    arrears: loan.arrears,
    daysPastDue: loan.daysPastDue,
    nextDueDate: loan.nextDueDate,
    expected: koboFromDatabase(row.expected),
    instalmentsDue: row.instalments_due,
    instalmentsPaid: row.instalments_paid,
  };
}

/** `toLoanRow` as SQL, for exports PostgreSQL writes itself. */
export const loanCsv: CsvColumns<LoanRow> = {
  reference: referenceSql,
  createdAt: 'l.created_at',
  businessName: 'b.name',
  purpose: 'l.purpose',
  status: 'l.status',
  principal: 'l.principal',
  totalRepayable: 'l.total_repayable',
  frequency: 'l.frequency',
  repaid: 'l.repaid',
  outstanding: outstandingSql,
  arrears: 's.arrears',
  daysPastDue: 's.days_past_due',
  nextDueDate: 's.next_due_date',
};

/** `toTrackerRow` as SQL. */
export const trackerCsv: CsvColumns<ReturnType<typeof toTrackerRow>> = {
  reference: referenceSql,
  businessName: 'b.name',
  status: 'l.status',
  expected: 's.expected',
  repaid: 'l.repaid',
  arrears: 's.arrears',
  daysPastDue: 's.days_past_due',
  instalmentsDue: 's.instalments_due',
  instalmentsPaid: 's.instalments_paid',
  outstanding: outstandingSql,
  nextDueDate: 's.next_due_date',
};

/** One loan as lists show it, its schedule read as of `day`. */
export async function findLoan(db: Db, id: number, day: string): Promise<LoanRow | undefined> {
  const row = await loanQuery(db, day).where('l.id', '=', id).executeTakeFirst();
  return row ? toLoanRow(row) : undefined;
}

/**
 * The loan as stored, locked to the end of the transaction: every change of a loan (a move, a
 * repayment) takes this lock first, so two never interleave.
 */
export function lockLoan(db: Db, id: number) {
  return db.selectFrom('loans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
export type LockedLoan = NonNullable<Awaited<ReturnType<typeof lockLoan>>>;

/** The merchant a loan is for: its fraud mark and its wallet (none: null). */
export function merchantForLoan(db: Db, businessId: number) {
  return db
    .selectFrom('businesses as b')
    .leftJoin('wallets as w', 'w.business_id', 'b.id')
    .select(['b.id', 'b.name', 'b.is_fraud', 'w.uid as wallet_uid', 'w.status as wallet_status'])
    .where('b.id', '=', businessId)
    .executeTakeFirst();
}

/** The merchant a terminal request was raised for. */
export function terminalRequestBusiness(db: Db, id: number) {
  return db.selectFrom('terminal_requests').select(['id', 'business_id']).where('id', '=', id).executeTakeFirst();
}

export async function insertLoan(
  db: Db,
  loan: {
    businessId: number;
    purpose: LoanPurpose;
    principal: number;
    interestBps: number;
    interest: number;
    fee: number;
    totalRepayable: number;
    frequency: LoanFrequency;
    instalments: number;
    reason: string;
    terminalRequestId: number | null;
    requestedBy: number;
    at: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('loans')
    .values({
      business_id: loan.businessId,
      purpose: loan.purpose,
      principal: loan.principal,
      interest_bps: loan.interestBps,
      interest: loan.interest,
      fee: loan.fee,
      total_repayable: loan.totalRepayable,
      frequency: loan.frequency,
      instalments: loan.instalments,
      status: 'REQUESTED',
      reason: loan.reason,
      terminal_request_id: loan.terminalRequestId,
      requested_by: loan.requestedBy,
      created_at: loan.at,
      updated_at: loan.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** New terms of a requested loan, or the approval request that now decides it. */
export async function updateLoanRow(
  db: Db,
  id: number,
  change: {
    principal?: number;
    interestBps?: number;
    interest?: number;
    fee?: number;
    totalRepayable?: number;
    frequency?: LoanFrequency;
    instalments?: number;
    approvalRequestId?: number;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('loans')
    .set({
      ...(change.principal !== undefined ? { principal: change.principal } : {}),
      ...(change.interestBps !== undefined ? { interest_bps: change.interestBps } : {}),
      ...(change.interest !== undefined ? { interest: change.interest } : {}),
      ...(change.fee !== undefined ? { fee: change.fee } : {}),
      ...(change.totalRepayable !== undefined ? { total_repayable: change.totalRepayable } : {}),
      ...(change.frequency !== undefined ? { frequency: change.frequency } : {}),
      ...(change.instalments !== undefined ? { instalments: change.instalments } : {}),
      ...(change.approvalRequestId !== undefined ? { approval_request_id: change.approvalRequestId } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

/** A line of the loan's log that is not a move (it was requested; its terms changed). */
export async function recordLoanEvent(
  db: Db,
  event: { loanId: number; from: LoanStatus | null; to: LoanStatus; note: string | null; adminId: number | null; at: Date },
): Promise<void> {
  await db
    .insertInto('loan_events')
    .values({ loan_id: event.loanId, from_status: event.from, to_status: event.to, note: event.note, admin_id: event.adminId, at: event.at })
    .execute();
}

export async function insertInstalments(db: Db, loanId: number, schedule: readonly ScheduledInstalment[]): Promise<void> {
  await db
    .insertInto('loan_instalments')
    .values(schedule.map((instalment) => ({ loan_id: loanId, number: instalment.number, due_date: instalment.dueDate, amount: instalment.amount })))
    .execute();
}

/** A loan's instalments in order, with what was paid towards each. */
export function loanInstalments(db: Db, loanId: number) {
  return db
    .selectFrom('loan_instalments')
    .select(['loan_id', 'number', 'due_date', 'amount', 'paid', 'paid_at'])
    .where('loan_id', '=', loanId)
    .orderBy('number')
    .execute();
}

/**
 * The instalments of a loan due by `asOf` (YYYY-MM-DD) and not fully paid, oldest first, locked
 * to the end of the transaction: what a repayment may be taken towards.
 */
export function lockDueInstalments(db: Db, loanId: number, asOf: string) {
  return db
    .selectFrom('loan_instalments')
    .select(['loan_id', 'number', 'due_date', 'amount', 'paid', 'paid_at'])
    .where('loan_id', '=', loanId)
    .where('due_date', '<=', asOf)
    .where(sql<boolean>`paid < amount`)
    .orderBy('number')
    .forUpdate()
    .execute();
}

/** A loan's repayments, oldest first, each with its ledger transfer's reference. */
export function loanRepayments(db: Db, loanId: number) {
  return db
    .selectFrom('loan_repayments as r')
    .innerJoin('ledger_transfers as t', 't.id', 'r.transfer_id')
    .select(['r.id', 'r.created_at', 'r.instalment', 'r.amount', 't.reference', 'r.run_id'])
    .where('r.loan_id', '=', loanId)
    .orderBy('r.id')
    .execute();
}

/** A loan's log, newest first, with who did each. */
export function loanEvents(db: Db, loanId: number) {
  return db
    .selectFrom('loan_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select(['e.id', 'e.at', 'e.from_status', 'e.to_status', 'e.note', adminNameSql('a').as('admin_name')])
    .where('e.loan_id', '=', loanId)
    .orderBy('e.id', 'desc')
    .execute();
}

/** The ledger references of a loan's disbursement and write-off (null when not posted). */
export async function loanTransferReferences(db: Db, loanId: number): Promise<{ disbursement: string | null; writeOff: string | null }> {
  const row = await db
    .selectFrom('loans as l')
    .leftJoin('ledger_transfers as d', 'd.id', 'l.disbursement_transfer_id')
    .leftJoin('ledger_transfers as w', 'w.id', 'l.write_off_transfer_id')
    .select(['d.reference as disbursement', 'w.reference as write_off'])
    .where('l.id', '=', loanId)
    .executeTakeFirst();
  return { disbursement: row?.disbursement ?? null, writeOff: row?.write_off ?? null };
}

/**
 * Puts a disbursed loan under automatic deduction: every instalment due, partial takes allowed.
 * A setting already there (from a deduction file) is switched on rather than doubled.
 */
export async function startDeductions(db: Db, loanId: number, adminId: number | null, at: Date): Promise<void> {
  await db
    .insertInto('deduction_settings')
    .values({ loan_id: loanId, status: 'ACTIVE', allow_partial: true, source: 'DISBURSEMENT', created_by: adminId, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('loan_id').doUpdateSet({ status: 'ACTIVE', updated_at: at }))
    .execute();
}

/** Stops deductions for a loan nothing more is collected on. */
export async function pauseDeductions(db: Db, loanId: number, at: Date): Promise<void> {
  await db.updateTable('deduction_settings').set({ status: 'PAUSED', updated_at: at }).where('loan_id', '=', loanId).where('status', '<>', 'PAUSED').execute();
}
