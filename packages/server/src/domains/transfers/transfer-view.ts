import { bankByCbnCode, koboFromDatabase, type TransferDetail, type TransferRow } from '@traction/core';
import { notFound } from '@traction/core';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { bankNameSql } from '../../handling/csv-lookups';
import { type CsvColumns, lookupSql } from '../../handling/csv-sql';
import { accountNames } from '../ledger/index';
import { adminNameById, retryOfTransfer, transferEvents, transferListQuery, type TransferListRow, transferPostings } from './transfers.repository';

const COMPANY_SOURCE_NAMES: Record<string, string> = { 'company:fee-income': 'Fee income', 'company:adjustments': 'Manual adjustments' };

/** A list row as the contract shows it. */
export function toTransferRow(row: TransferListRow): TransferRow {
  return {
    id: Number(row.id),
    reference: row.reference,
    status: row.status,
    origin: row.origin,
    businessId: row.business_id,
    source: row.business_name ?? COMPANY_SOURCE_NAMES[row.source_account_code] ?? row.source_account_code,
    bankCode: row.bank_code,
    bankName: bankByCbnCode(row.bank_code)?.name ?? row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    amount: koboFromDatabase(row.amount),
    fee: koboFromDatabase(row.fee),
    provider: row.provider,
    sessionId: row.session_id,
    responseCode: row.response_code,
    responseMessage: row.response_message,
    batchId: row.batch_id === null ? null : Number(row.batch_id),
    needsAttention: row.needs_attention,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** `toTransferRow` as SQL over `transferListQuery`'s tables, for exports PostgreSQL writes itself. */
export const transferRowCsv: CsvColumns<TransferRow> = {
  id: 't.id',
  reference: 't.reference',
  status: 't.status',
  origin: 't.origin',
  businessId: 't.business_id',
  source: sql`coalesce(b.name, ${lookupSql('t.source_account_code', COMPANY_SOURCE_NAMES, 't.source_account_code').formulaFree})`,
  bankCode: 't.bank_code',
  bankName: bankNameSql('t.bank_code'),
  accountNumber: 't.account_number',
  accountName: 't.account_name',
  amount: 't.amount',
  fee: 't.fee',
  provider: 't.provider',
  sessionId: 't.session_id',
  responseCode: 't.response_code',
  responseMessage: 't.response_message',
  batchId: 't.batch_id',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
};

const fullName = (row: { first_name: string | null; last_name: string | null } | undefined) =>
  row?.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null;

/** Everything about one transfer. */
export async function transferDetailOf(db: Db, id: number | bigint): Promise<TransferDetail> {
  const row = await transferListQuery(db, {})
    .where('t.id', '=', BigInt(id))
    .select([
      't.narration',
      't.wallet_uid',
      't.failed_over_from',
      't.requery_count',
      't.next_requery_at',
      't.retry_of',
      't.created_by',
      't.ledger_transfer_id',
      't.reversal_transfer_id',
      't.rule_evaluations',
    ])
    .executeTakeFirst();
  if (!row) throw notFound(`There is no funds transfer with the id ${id}`);
  const [events, postings, retriedBy, creator] = await Promise.all([
    transferEvents(db, BigInt(row.id)),
    row.ledger_transfer_id === null ? Promise.resolve([]) : transferPostings(db, row.ledger_transfer_id),
    retryOfTransfer(db, BigInt(row.id)),
    row.created_by === null ? Promise.resolve(undefined) : adminNameById(db, row.created_by),
  ]);
  const names = await accountNames(db, [...new Set(postings.flatMap((posting) => [posting.debit_id, posting.credit_id]))]);
  const reversal = row.reversal_transfer_id === null ? null : postings.find((posting) => posting.id === row.reversal_transfer_id);
  return {
    ...toTransferRow(row),
    narration: row.narration,
    walletUid: row.wallet_uid,
    failedOverFrom: row.failed_over_from,
    requeryCount: row.requery_count,
    nextRequeryAt: row.next_requery_at?.toISOString() ?? null,
    retryOf: row.retry_of === null ? null : Number(row.retry_of),
    retriedBy: retriedBy ? Number(retriedBy.id) : null,
    reversalWaiting: row.reversal_waiting,
    createdBy: fullName(creator),
    events: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      note: event.note,
      responseCode: event.response_code,
      adminName: fullName(event),
    })),
    evaluations: row.rule_evaluations,
    postings: postings.map((posting) => ({
      id: Number(posting.id),
      reference: posting.reference,
      kind: posting.kind,
      amount: koboFromDatabase(posting.amount),
      debitAccount: names.get(posting.debit_id)?.name ?? String(posting.debit_id),
      creditAccount: names.get(posting.credit_id)?.name ?? String(posting.credit_id),
      createdAt: posting.created_at.toISOString(),
    })),
    reversal: reversal ? { reference: reversal.reference, at: reversal.created_at.toISOString() } : null,
  };
}
