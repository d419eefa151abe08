import {
  koboFromDatabase,
  moneyMovementPolicy,
  notFound,
  type Sweep,
  type SweepDetail,
  type SweepHistoryRow,
  type SweepProgress,
  type SweepRow,
  type SweepRowStatus,
  type SweepSource,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { type SweepRowRecord, type SweepSourceRecord, type SweepViewRecord, sweepQuery, sweepRowsOf } from './sweeps.repository';

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export function toSweepSource(row: SweepSourceRecord): SweepSource {
  const policy = moneyMovementPolicy({ isFraud: row.is_fraud, walletStatus: row.wallet_status, fixedAccount: null });
  return {
    businessId: row.business_id,
    businessName: row.business_name,
    businessEmail: row.business_email,
    walletUid: row.wallet_uid,
    walletStatus: row.wallet_status,
    balance: koboFromDatabase(row.balance),
    fixedAccountBank: row.fixed_bank ?? null,
    fixedAccountNumber: row.fixed_number ?? null,
    fixedAccountName: row.fixed_name ?? null,
    refusal: policy.debit.allowed ? null : policy.debit.reason,
  };
}

export function toSweepRow(row: SweepRowRecord): SweepRow {
  const status: SweepRowStatus = row.state === 'STARTED' ? (row.transfer_status ?? 'QUEUED') : row.state;
  const swept = row.swept === null ? null : koboFromDatabase(row.swept);
  return {
    row: row.row_number,
    status,
    businessId: row.business_id,
    businessName: row.business_name,
    walletUid: row.wallet_uid,
    fixedAccountBank: row.fixed_account_bank,
    fixedAccountNumber: row.fixed_account_number,
    fixedAccountName: row.fixed_account_name,
    balance: koboFromDatabase(row.balance),
    amount: koboFromDatabase(row.amount),
    skipReason: row.skip_reason,
    balanceAtRun: row.balance_at_run === null ? null : koboFromDatabase(row.balance_at_run),
    swept,
    shortfall: swept === null ? null : koboFromDatabase(row.amount) - swept,
    refusal: row.refusal,
    transferId: row.transfer_id === null ? null : Number(row.transfer_id),
    reference: row.reference ?? null,
    responseCode: row.response_code ?? null,
    responseMessage: row.response_message ?? null,
    updatedAt: isoTimestampOrNull(row.transfer_updated_at ?? row.updated_at),
  };
}

/** A sweep's progress, counted from its sources: what its page, the CLI and the job's progress show. */
export function sweepProgressOf(rows: readonly Pick<SweepRow, 'status' | 'amount' | 'swept'>[], moved: number): SweepProgress {
  const byStatus: Record<string, number> = {};
  let shortfall = 0;
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    if (row.swept !== null) shortfall += row.amount - row.swept;
  }
  const count = (...statuses: SweepRowStatus[]) => statuses.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  const skipped = count('SKIPPED');
  const succeeded = count('SUCCESSFUL');
  const failed = count('FAILED', 'BLOCKED', 'REFUSED');
  return {
    rows: rows.length - skipped,
    done: succeeded + failed,
    succeeded,
    failed,
    pending: count('WAITING', 'QUEUED', 'SENDING', 'PENDING', 'HELD'),
    held: count('HELD'),
    refused: count('REFUSED'),
    skipped,
    byStatus,
    amountMoved: moved,
    shortfall,
  };
}

/** What the history's row and a sweep's page have in common, from the sweep's record. */
function sweepOf(record: SweepViewRecord, progress: SweepProgress): Sweep {
  let status = record.shown_status;
  // The record's counts and the rows were read apart: the rows read last say whether it is done.
  if (status === 'RUNNING' || status === 'DONE') status = progress.pending === 0 ? 'DONE' : 'RUNNING';
  return {
    id: Number(record.id),
    status,
    bankCode: record.bank_code,
    bankName: record.bank_name,
    accountNumber: record.account_number,
    accountName: record.account_name,
    narration: record.narration,
    leaveBehind: koboFromDatabase(record.leave_behind),
    fee: koboFromDatabase(record.fee),
    selection: record.selection_text,
    sources: record.source_count,
    ignored: record.ignored_count,
    total: koboFromDatabase(record.total),
    fees: koboFromDatabase(record.fees),
    progress,
    approvalRequestId: record.approval_request_id,
    jobId: record.job_id === null ? null : Number(record.job_id),
    reason: record.reason,
    createdAt: isoTimestamp(record.created_at),
    createdById: record.created_by,
    createdByName: fullName(record.c_first_name, record.c_last_name),
    submittedAt: isoTimestampOrNull(record.submitted_at),
    approvedAt: isoTimestampOrNull(record.approved_at),
    approvedByName: record.ap_first_name === null ? null : fullName(record.ap_first_name, record.ap_last_name),
    finishedAt: status === 'CANCELLED' ? isoTimestampOrNull(record.cancelled_at) : status === 'DONE' ? isoTimestampOrNull(record.last_change) : null,
    updatedAt: isoTimestamp(record.updated_at),
  };
}

export function toSweepHistoryRow(record: SweepViewRecord): SweepHistoryRow {
  return {
    id: Number(record.id),
    createdAt: isoTimestamp(record.created_at),
    status: record.shown_status,
    bankCode: record.bank_code,
    bankName: record.bank_name,
    accountNumber: record.account_number,
    accountName: record.account_name,
    sources: record.source_count,
    skipped: record.skipped_count,
    total: koboFromDatabase(record.total),
    succeeded: Number(record.succeeded ?? 0),
    failed: Number(record.failed ?? 0),
    pending: Number(record.pending ?? 0),
    amountMoved: koboFromDatabase(BigInt(record.moved ?? 0)),
    createdByName: fullName(record.c_first_name, record.c_last_name),
  };
}

/** One sweep with every source, as of `now`; 404 when there is none. */
export async function sweepDetailOf(db: Db, id: number, now: Date): Promise<SweepDetail> {
  const record = await sweepQuery(db, now)
    .where('s.id', '=', BigInt(id) as never)
    .executeTakeFirst();
  if (!record) throw notFound(`Sweep ${id} does not exist`);
  const records = await sweepRowsOf(db, id);
  // Moved is summed from the rows read last, as the status is: the record's sum may predate a transfer that has since succeeded.
  const moved = records.reduce(
    (sum, row) => (row.transfer_status === 'SUCCESSFUL' && row.transfer_amount !== null ? sum + BigInt(row.transfer_amount) : sum),
    0n,
  );
  const rows = records.map(toSweepRow);
  return { sweep: sweepOf(record, sweepProgressOf(rows, koboFromDatabase(moved))), rows };
}
