import { koboFromDatabase, rangeBoundToDate, type WalletTransaction, type WalletTransactionKind, type WalletTransactionStatus } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { CsvColumns } from '../../handling/csv-sql';

/**
 * Reads of the wallet transaction log: `ledger_wallet_entries` (0013), one row per wallet a
 * transfer moved, written by the transfers trigger. Nothing here writes.
 */

/**
 * The log's rows. `e` is the entry; every join is LEFT on a unique key (the transfer, its
 * business, its account, the one transfer that may reverse it, the principal of a leg), so a
 * list's count(*) drops the joins no filter names and counts the entries alone.
 */
export function walletEntryQuery(db: Db) {
  return db
    .selectFrom('ledger_wallet_entries as e')
    .leftJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .leftJoin('businesses as b', 'b.id', 'e.business_id')
    .leftJoin('ledger_accounts as la', 'la.id', 'e.account_id')
    .leftJoin('ledger_transfers as r', 'r.reverses_transfer_id', 'e.transfer_id')
    .leftJoin('ledger_transfers as p', 'p.id', 't.parent_transfer_id')
    .select([
      'e.id',
      'e.transfer_id',
      'e.reference',
      'e.kind',
      'e.direction',
      'e.amount',
      'e.balance_before',
      'e.balance_after',
      'e.business_id',
      'e.created_at',
      // The time exactly as PostgreSQL compares it (a Date drops the microseconds): CSV chunks resume after it.
      sql<string>`e.created_at::text`.as('created_order'),
      'b.name as business_name',
      'la.wallet_uid',
      't.narration',
      't.counterparty',
      'r.reference as reversed_by',
      'p.reference as part_of',
      // The fee legs of this entry's transfer that touch this wallet (ledger_transfers_parent).
      sql<string>`(select coalesce(sum(f.amount), 0)::text from ledger_transfers f
        where f.parent_transfer_id = e.transfer_id and f.kind = 'fee'
          and (f.debit_account_id = e.account_id or f.credit_account_id = e.account_id))`.as('fee'),
    ]);
}

export type WalletEntryQuery = ReturnType<typeof walletEntryQuery>;

/** The filters every wallet transaction list takes, as the core schema parsed them. */
export interface WalletEntryFilters {
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
  reference?: string | undefined;
  kind?: WalletTransactionKind | undefined;
  status?: WalletTransactionStatus | undefined;
  direction?: 'credit' | 'debit' | undefined;
  businessId?: number | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

/** Applies the filters that are set: range bounds inclusive (a bare end date is its last millisecond), amounts in kobo. */
export function filterWalletEntries(query: WalletEntryQuery, filters: WalletEntryFilters): WalletEntryQuery {
  let out = query;
  if (filters.startdatetime) out = out.where('e.created_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) out = out.where('e.created_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  if (filters.reference) out = out.where('e.reference', '=', filters.reference);
  if (filters.kind) out = out.where('e.kind', '=', filters.kind);
  if (filters.direction) out = out.where('e.direction', '=', filters.direction);
  if (filters.businessId !== undefined) out = out.where('e.business_id', '=', filters.businessId);
  if (filters.minAmount !== undefined) out = out.where('e.amount', '>=', BigInt(filters.minAmount) as never);
  if (filters.maxAmount !== undefined) out = out.where('e.amount', '<=', BigInt(filters.maxAmount) as never);
  // Reversed: the few transfers some reversal points at, found through the unique index on
  // reverses_transfer_id (a join filter on r would read every transfer).
  if (filters.status === 'REVERSED')
    out = out.where(sql<boolean>`e.transfer_id in (select rv.reverses_transfer_id from ledger_transfers rv where rv.reverses_transfer_id is not null)`);
  if (filters.status === 'SUCCESSFUL') out = out.where('r.id', 'is', null);
  return out;
}

export function toWalletTransaction(row: RowOf<typeof walletEntryQuery>): WalletTransaction {
  return {
    id: Number(row.id),
    transferId: Number(row.transfer_id),
    reference: row.reference,
    kind: row.kind,
    direction: row.direction,
    amount: koboFromDatabase(row.amount),
    fee: koboFromDatabase(BigInt(row.fee)),
    balanceBefore: koboFromDatabase(row.balance_before),
    balanceAfter: koboFromDatabase(row.balance_after),
    status: row.reversed_by ? 'REVERSED' : 'SUCCESSFUL',
    reversedBy: row.reversed_by ?? null,
    partOf: row.part_of ?? null,
    narration: row.narration ?? null,
    counterparty: row.counterparty ?? null,
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    walletUid: row.wallet_uid ?? '',
    createdAt: isoTimestamp(row.created_at),
  };
}

/** `toWalletTransaction` as SQL over `walletEntryQuery`'s tables, for exports PostgreSQL writes itself. */
export const walletTransactionCsv: CsvColumns<WalletTransaction> = {
  id: 'e.id',
  transferId: 'e.transfer_id',
  reference: 'e.reference',
  kind: 'e.kind',
  direction: 'e.direction',
  amount: 'e.amount',
  fee: sql`(select coalesce(sum(f.amount), 0) from ledger_transfers f
    where f.parent_transfer_id = e.transfer_id and f.kind = 'fee'
      and (f.debit_account_id = e.account_id or f.credit_account_id = e.account_id))`,
  balanceBefore: 'e.balance_before',
  balanceAfter: 'e.balance_after',
  status: sql`case when r.reference is not null then 'REVERSED' else 'SUCCESSFUL' end`,
  reversedBy: 'r.reference',
  partOf: 'p.reference',
  narration: 't.narration',
  counterparty: 't.counterparty',
  businessId: 'e.business_id',
  businessName: 'b.name',
  walletUid: 'la.wallet_uid',
  createdAt: 'e.created_at',
};

// ---- one transaction by reference

/** A transfer with the admin who caused it, by reference. */
export function transferWithCause(db: Db) {
  return db
    .selectFrom('ledger_transfers as t')
    .leftJoin('admins as a', 'a.id', 't.admin_id')
    .select([
      't.id',
      't.reference',
      't.kind',
      't.amount',
      't.debit_account_id',
      't.credit_account_id',
      't.parent_transfer_id',
      't.reverses_transfer_id',
      't.narration',
      't.counterparty',
      't.command_id',
      't.admin_id',
      't.request_id',
      't.created_at',
      'a.first_name as admin_first_name',
      'a.last_name as admin_last_name',
      'a.email as admin_email',
    ]);
}

export type TransferWithCause = RowOf<typeof transferWithCause>;

export function findTransferWithCause(db: Db, reference: string) {
  return transferWithCause(db).where('t.reference', '=', reference).executeTakeFirst();
}

export function findTransferWithCauseById(db: Db, id: bigint) {
  return transferWithCause(db)
    .where('t.id', '=', id as never)
    .executeTakeFirst();
}

/** The transfer that reverses `id`, if any. */
export function findReversalWithCause(db: Db, id: bigint) {
  return transferWithCause(db)
    .where('t.reverses_transfer_id', '=', id as never)
    .executeTakeFirst();
}

/** A principal and its legs (fee, cashback; a reversal's legs), in posting order. */
export function transferAndLegs(db: Db, principalId: bigint) {
  return transferWithCause(db)
    .where((eb) => eb.or([eb('t.id', '=', principalId as never), eb('t.parent_transfer_id', '=', principalId as never)]))
    .orderBy('t.id')
    .execute();
}

/** The log entries of these transfers, with each wallet's business, in the order they were written. */
export function entriesOfTransfers(db: Db, transferIds: readonly bigint[]) {
  return db
    .selectFrom('ledger_wallet_entries as e')
    .leftJoin('businesses as b', 'b.id', 'e.business_id')
    .leftJoin('ledger_accounts as la', 'la.id', 'e.account_id')
    .select(['e.id', 'e.account_id', 'e.business_id', 'b.name as business_name', 'la.wallet_uid', 'e.balance_before', 'e.balance_after'])
    .where('e.transfer_id', 'in', transferIds as never[])
    .orderBy('e.id')
    .execute();
}

export const adminName = (row: { admin_first_name: string | null; admin_last_name: string | null }): string | null =>
  row.admin_first_name === null ? null : `${row.admin_first_name} ${row.admin_last_name ?? ''}`.trim();
