import {
  type BulkProgress,
  type BulkRow,
  type BulkRowStatus,
  type BulkUpload,
  type BulkUploadRow,
  type BulkUploadStatus,
  bankByCbnCode,
  koboFromDatabase,
  rangeBoundToDate,
  type TransferStatus,
} from '@traction/core';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { containsPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import type { BulkRowState, BulkTransferRowsTable, BulkTransferUploadsTable, StoredBulkUploadStatus } from '../../db/tables/bulk-transfers.tables';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

const CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** Which of these references a transfer or a ledger transfer already carries. */
export async function referencesTaken(db: Db, references: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(references)], 5_000)) {
    const rows = await db
      .selectFrom('bank_transfers')
      .select('reference')
      .where('reference', 'in', part)
      .unionAll(db.selectFrom('ledger_transfers').select('reference').where('reference', 'in', part))
      .execute();
    for (const row of rows) taken.add(row.reference);
  }
  return taken;
}

// ---- uploads

export async function insertUpload(db: Db, upload: Insertable<BulkTransferUploadsTable>): Promise<void> {
  await db.insertInto('bulk_transfer_uploads').values(upload).execute();
}

export async function insertRows(db: Db, rows: readonly Insertable<BulkTransferRowsTable>[]): Promise<void> {
  for (const part of chunks(rows, CHUNK)) await db.insertInto('bulk_transfer_rows').values(part).execute();
}

/** The status an upload shows as of `now`: a pending approval that was declined or ran out of time reads DECLINED or EXPIRED. */
function shownStatus(now: Date) {
  return sql<BulkUploadStatus>`case
    when u.status = 'AWAITING_APPROVAL' and r.status = 'DECLINED' then 'DECLINED'
    when u.status = 'AWAITING_APPROVAL' and (r.status = 'EXPIRED' or (r.status = 'PENDING' and r.expires_at <= ${now})) then 'EXPIRED'
    else u.status end`;
}

export function uploadQuery(db: Db, now: Date) {
  return db
    .selectFrom('bulk_transfer_uploads as u')
    .innerJoin('admins as c', 'c.id', 'u.created_by')
    .leftJoin('approval_requests as r', 'r.id', 'u.approval_request_id')
    .leftJoin('admins as a', (join) => join.onRef('a.id', '=', 'r.decided_by').on('r.status', '=', 'APPROVED'))
    .selectAll('u')
    .select(['c.first_name as c_first', 'c.last_name as c_last', 'a.first_name as a_first', 'a.last_name as a_last', 'a.id as approved_by'])
    .select(sql<Date | null>`case when r.status = 'APPROVED' then r.decided_at end`.as('approved_at'))
    .select(shownStatus(now).as('shown_status'));
}

export type UploadRecord = RowOf<typeof uploadQuery>;

export function findUpload(db: Db, id: bigint | number, now: Date): Promise<UploadRecord | undefined> {
  return uploadQuery(db, now).where('u.id', '=', BigInt(id)).executeTakeFirst();
}

/** The upload, locked until the caller's transaction ends: submitting, approving, cancelling and each chunk of the run take turns. */
export function lockUpload(db: Db, id: bigint | number) {
  return db.selectFrom('bulk_transfer_uploads').selectAll().where('id', '=', BigInt(id)).forUpdate().executeTakeFirst();
}

export type LockedUpload = NonNullable<Awaited<ReturnType<typeof lockUpload>>>;

export async function updateUpload(db: Db, id: bigint, changes: Updateable<BulkTransferUploadsTable>): Promise<void> {
  await db.updateTable('bulk_transfer_uploads').set(changes).where('id', '=', id).execute();
}

/**
 * The newest upload of the same file from the same source that still stands (not cancelled,
 * declined or expired): what `reuse` answers instead of storing the file again.
 */
export async function findStandingUpload(db: Db, match: { sha256: string; businessId: number | null; companyAccount: string | null }, now: Date) {
  let query = uploadQuery(db, now).where('u.sha256', '=', match.sha256);
  query =
    match.businessId === null
      ? query.where('u.company_account', '=', match.companyAccount as 'fee-income')
      : query.where('u.business_id', '=', match.businessId);
  const rows = await query.orderBy('u.id', 'desc').limit(20).execute();
  return rows.find((row) => !['CANCELLED', 'DECLINED', 'EXPIRED'].includes(row.shown_status));
}

/** Rows of each state, and the total of those that will be sent. */
export async function rowStates(db: Db, uploadId: bigint): Promise<{ counts: Record<BulkRowState, number>; includedTotal: bigint }> {
  const rows = await db
    .selectFrom('bulk_transfer_rows')
    .select(['state', sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount), 0)`.as('amount')])
    .where('upload_id', '=', uploadId)
    .groupBy('state')
    .execute();
  const counts: Record<BulkRowState, number> = { INVALID: 0, EXCLUDED: 0, WAITING: 0, REFUSED: 0, STARTED: 0 };
  let includedTotal = 0n;
  for (const row of rows) {
    counts[row.state] = Number(row.count);
    if (row.state !== 'INVALID' && row.state !== 'EXCLUDED') includedTotal += BigInt(row.amount);
  }
  return { counts, includedTotal };
}

export async function excludeInvalidRows(db: Db, uploadId: bigint, at: Date): Promise<number> {
  const result = await db
    .updateTable('bulk_transfer_rows')
    .set({ state: 'EXCLUDED', updated_at: at })
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'INVALID')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Withdraws an approval request nobody decided (its upload was cancelled): stored as EXPIRED, so it can no longer be approved. */
export async function withdrawApprovalRequest(db: Db, requestId: number): Promise<void> {
  await db.updateTable('approval_requests').set({ status: 'EXPIRED' }).where('id', '=', requestId).where('status', '=', 'PENDING').execute();
}

// ---- the run

/** The next rows to send, in file order. */
export function waitingRows(db: Db, uploadId: bigint, limit: number) {
  return db
    .selectFrom('bulk_transfer_rows')
    .select(['row_number', 'bank_code', 'account_number', 'account_name', 'amount', 'narration', 'reference'])
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'WAITING')
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** The row's transfer, if a run already started it. */
export async function transferOfRow(db: Db, uploadId: bigint, rowNumber: number): Promise<bigint | undefined> {
  const row = await db.selectFrom('bank_transfers').select('id').where('batch_id', '=', uploadId).where('batch_row', '=', rowNumber).executeTakeFirst();
  return row?.id;
}

export async function setRowState(
  db: Db,
  uploadId: bigint,
  rowNumber: number,
  change: { state: BulkRowState; refusal: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('bulk_transfer_rows')
    .set({ state: change.state, refusal: change.refusal, updated_at: change.at })
    .where('upload_id', '=', uploadId)
    .where('row_number', '=', rowNumber)
    .execute();
}

export async function requeueRefusedRows(db: Db, uploadId: bigint, at: Date): Promise<number> {
  const result = await db
    .updateTable('bulk_transfer_rows')
    .set({ state: 'WAITING', refusal: null, updated_at: at })
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'REFUSED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Each started row's transfer as it stands: the newest of its retries when a failed row was sent
 * again (`retry_of` links a retry to the transfer it retries), with the first transfer's id.
 */
function latestTransfers(db: Db, uploadId: bigint) {
  return db
    .withRecursive('chain(batch_row, id, first_id, depth)', (qb) =>
      qb
        .selectFrom('bank_transfers as t')
        .select(['t.batch_row', 't.id', 't.id as first_id', sql<number>`0`.as('depth')])
        .where('t.batch_id', '=', uploadId)
        .unionAll(
          qb
            .selectFrom('chain as c')
            .innerJoin('bank_transfers as n', 'n.retry_of', 'c.id')
            .select(['c.batch_row', 'n.id', 'c.first_id', sql<number>`c.depth + 1`.as('depth')]),
        ),
    )
    .with('latest', (qb) =>
      qb
        .selectFrom('chain as c')
        .innerJoin('bank_transfers as t', 't.id', 'c.id')
        .distinctOn('c.batch_row')
        .select(['c.batch_row', 'c.first_id', 't.id', 't.status', 't.amount', 't.response_code', 't.response_message', 't.updated_at'])
        .orderBy('c.batch_row')
        .orderBy('c.depth', 'desc'),
    );
}

/** How far an upload has got, counted from its rows and their transfers in one statement. */
export async function progressOf(db: Db, uploadId: bigint): Promise<BulkProgress> {
  const row = await latestTransfers(db, uploadId)
    .selectFrom('bulk_transfer_rows as r')
    .leftJoin('latest as e', 'e.batch_row', 'r.row_number')
    .select([
      sql<string>`count(*) filter (where r.state in ('WAITING', 'REFUSED', 'STARTED'))`.as('rows'),
      sql<string>`count(*) filter (where r.state = 'REFUSED')`.as('refused'),
      sql<string>`count(*) filter (where r.state = 'WAITING')`.as('waiting'),
      sql<string>`count(*) filter (where e.status = 'SUCCESSFUL')`.as('succeeded'),
      sql<string>`count(*) filter (where e.status in ('FAILED', 'BLOCKED'))`.as('failed'),
      sql<string>`count(*) filter (where e.status = 'HELD')`.as('held'),
      sql<string>`count(*) filter (where e.status in ('HELD', 'QUEUED', 'SENDING', 'PENDING'))`.as('in_flight'),
      sql<string>`coalesce(sum(e.amount) filter (where e.status = 'SUCCESSFUL'), 0)`.as('moved'),
    ])
    .where('r.upload_id', '=', uploadId)
    .executeTakeFirstOrThrow();
  const refused = Number(row.refused);
  const failed = Number(row.failed) + refused;
  const succeeded = Number(row.succeeded);
  return {
    rows: Number(row.rows),
    done: succeeded + failed,
    succeeded,
    failed,
    pending: Number(row.waiting) + Number(row.in_flight),
    held: Number(row.held),
    refused,
    amountMoved: koboFromDatabase(BigInt(row.moved)),
  };
}

/** Keeps the counts the list of uploads shows, and the upload's status once every row is final. */
export async function storeProgress(db: Db, uploadId: bigint, progress: BulkProgress, change: { finishedAt: Date | null; at: Date }): Promise<void> {
  await db
    .updateTable('bulk_transfer_uploads')
    .set({
      succeeded: progress.succeeded,
      failed: progress.failed,
      pending: progress.pending,
      amount_moved: BigInt(progress.amountMoved),
      updated_at: change.at,
      ...(change.finishedAt ? { status: 'DONE' as StoredBulkUploadStatus, finished_at: change.finishedAt } : {}),
    })
    .where('id', '=', uploadId)
    .execute();
}

// ---- answers

const problemsText = (problems: readonly { field: string; message: string }[]) => problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ');

/**
 * One upload as it stands: DONE as soon as every row it sends is final, counted from its
 * transfers (the job that records it may look only a few seconds later).
 */
export function toBulkUpload(record: UploadRecord, progress: BulkProgress): BulkUpload {
  const settled = record.shown_status === 'RUNNING' && progress.rows > 0 && progress.pending === 0;
  return {
    id: Number(record.id),
    fileName: record.file_name,
    sha256: record.sha256,
    format: record.format,
    status: settled ? 'DONE' : record.shown_status,
    businessId: record.business_id,
    companyAccount: record.company_account,
    source: record.source_name,
    rowCount: record.row_count,
    validRows: record.valid_rows,
    badRows: record.bad_rows,
    excludedRows: record.excluded_rows,
    total: koboFromDatabase(record.total),
    fees: koboFromDatabase(record.fees),
    progress,
    approvalRequestId: record.approval_request_id,
    jobId: record.job_id === null ? null : Number(record.job_id),
    reason: record.reason,
    createdAt: isoTimestamp(record.created_at),
    createdById: record.created_by,
    createdByName: fullName(record.c_first, record.c_last),
    submittedAt: isoTimestampOrNull(record.submitted_at),
    approvedAt: isoTimestampOrNull(record.approved_at),
    approvedByName: record.approved_by === null ? null : fullName(record.a_first, record.a_last),
    finishedAt: isoTimestampOrNull(record.finished_at),
    updatedAt: isoTimestamp(record.updated_at),
  };
}

export function toBulkUploadRow(record: UploadRecord): BulkUploadRow {
  return {
    id: Number(record.id),
    createdAt: isoTimestamp(record.created_at),
    source: record.source_name,
    businessId: record.business_id,
    fileName: record.file_name,
    sha256: record.sha256,
    rowCount: record.row_count,
    badRows: record.bad_rows,
    total: koboFromDatabase(record.total),
    status: record.shown_status,
    succeeded: record.succeeded,
    failed: record.failed,
    pending: record.pending,
    amountMoved: koboFromDatabase(record.amount_moved),
    createdByName: fullName(record.c_first, record.c_last),
  };
}

export interface UploadListFilters {
  status?: BulkUploadStatus | undefined;
  businessId?: number | undefined;
  companyAccount?: string | undefined;
  sha256?: string | undefined;
  search?: string | undefined;
  startdatetime?: string | undefined;
  enddatetime?: string | undefined;
}

export function uploadListQuery(db: Db, now: Date, filters: UploadListFilters) {
  let query = uploadQuery(db, now);
  if (filters.status) query = query.where(shownStatus(now), '=', filters.status);
  if (filters.businessId !== undefined) query = query.where('u.business_id', '=', filters.businessId);
  if (filters.companyAccount) query = query.where('u.company_account', '=', filters.companyAccount as 'fee-income');
  if (filters.sha256) query = query.where('u.sha256', '=', filters.sha256);
  if (filters.search) {
    const pattern = containsPattern(filters.search.toLowerCase());
    query = query.where((eb) => eb.or([eb(sql`lower(u.file_name)`, 'like', pattern), eb(sql`lower(u.source_name)`, 'like', pattern)]));
  }
  if (filters.startdatetime) query = query.where('u.created_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) query = query.where('u.created_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  return query;
}

// ---- rows

export interface RowListFilters {
  status?: BulkRowStatus | undefined;
  outcome?: 'bad' | 'failed' | 'pending' | 'succeeded' | undefined;
  search?: string | undefined;
}

/** A row's status as the contract tells it: its transfer's once started. */
const rowStatus = sql<BulkRowStatus>`case when r.state = 'STARTED' then e.status else r.state end`;

const OUTCOME: Record<NonNullable<RowListFilters['outcome']>, Expression<SqlBool>> = {
  bad: sql<SqlBool>`r.state in ('INVALID', 'EXCLUDED')`,
  failed: sql<SqlBool>`(r.state = 'REFUSED' or e.status in ('FAILED', 'BLOCKED'))`,
  pending: sql<SqlBool>`(r.state = 'WAITING' or e.status in ('HELD', 'QUEUED', 'SENDING', 'PENDING'))`,
  succeeded: sql<SqlBool>`e.status = 'SUCCESSFUL'`,
};

export function rowListQuery(db: Db, uploadId: bigint, filters: RowListFilters) {
  let query = latestTransfers(db, uploadId)
    .selectFrom('bulk_transfer_rows as r')
    .leftJoin('latest as e', 'e.batch_row', 'r.row_number')
    .select([
      'r.row_number',
      'r.state',
      'r.bank_input',
      'r.bank_code',
      'r.account_number',
      'r.account_name',
      'r.expected_name',
      'r.amount',
      'r.amount_input',
      'r.narration',
      'r.reference',
      'r.problems',
      'r.refusal',
      'r.updated_at',
      'e.id as transfer_id',
      'e.first_id',
      'e.status as transfer_status',
      'e.response_code',
      'e.response_message',
      'e.updated_at as transfer_updated_at',
    ])
    .select(rowStatus.as('row_status'))
    .where('r.upload_id', '=', uploadId);
  if (filters.status) query = query.where(rowStatus, '=', filters.status);
  if (filters.outcome) query = query.where(OUTCOME[filters.outcome]);
  if (filters.search) {
    const text = filters.search;
    const pattern = containsPattern(text.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb('r.account_number', '=', text),
        eb('r.reference', '=', text),
        eb(sql`lower(r.account_name)`, 'like', pattern),
        eb(sql`lower(r.expected_name)`, 'like', pattern),
        eb(sql`lower(r.narration)`, 'like', pattern),
      ]),
    );
  }
  return query;
}

export function toBulkRow(row: RowOf<typeof rowListQuery>): BulkRow {
  const transferId = row.transfer_id === null ? null : Number(row.transfer_id);
  const firstId = row.first_id === null ? null : Number(row.first_id);
  const updated = row.transfer_updated_at ?? row.updated_at;
  return {
    row: row.row_number,
    status: row.row_status ?? (row.transfer_status as TransferStatus),
    bankInput: row.bank_input,
    bankCode: row.bank_code,
    bankName: bankByCbnCode(row.bank_code)?.name ?? '',
    accountNumber: row.account_number,
    accountName: row.account_name,
    expectedName: row.expected_name,
    amount: koboFromDatabase(row.amount),
    amountInput: row.amount_input,
    narration: row.narration,
    reference: row.reference,
    problems: problemsText(row.problems),
    refusal: row.refusal,
    transferId,
    firstTransferId: firstId !== null && firstId !== transferId ? firstId : null,
    responseCode: row.response_code,
    responseMessage: row.response_message,
    updatedAt: isoTimestampOrNull(updated),
  };
}

/** Every problem of an upload's bad rows, in file order. */
export async function uploadProblems(db: Db, uploadId: bigint) {
  const rows = await db
    .selectFrom('bulk_transfer_rows')
    .select(['row_number', 'problems'])
    .where('upload_id', '=', uploadId)
    .where('state', 'in', ['INVALID', 'EXCLUDED'])
    .orderBy('row_number')
    .execute();
  return rows.flatMap((row) => row.problems.map((problem) => ({ row: row.row_number, field: problem.field, message: problem.message })));
}
