import {
  type ApprovalRequest,
  type ApprovalStatus,
  type ApprovalSubject,
  BULK_TRANSFER_ACTION,
  koboFromDatabase,
  LOAN_APPROVAL_ACTION,
  SETTLEMENT_APPROVAL_ACTION,
  SWEEP_APPROVAL_ACTION,
} from '@traction/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

// ---- requests

/**
 * Requests with their action's label, business and admins. `shown_status` is the status as of
 * `now`: a pending request past its expiry reads EXPIRED (nothing has to run for it to expire).
 */
export function requestQuery(db: Db, now: Date) {
  return db
    .selectFrom('approval_requests as r')
    .innerJoin('approval_policies as p', 'p.command_id', 'r.command_id')
    .leftJoin('businesses as b', 'b.id', 'r.business_id')
    .innerJoin('admins as rq', 'rq.id', 'r.requested_by')
    .leftJoin('admins as dc', 'dc.id', 'r.decided_by')
    .select([
      'r.id',
      'r.command_id',
      'p.label',
      'r.business_id',
      'b.name as business_name',
      'b.email as business_email',
      'r.amount',
      'r.reason',
      'r.evidence_upload_id',
      'r.requested_by',
      'rq.first_name as rq_first_name',
      'rq.last_name as rq_last_name',
      'r.requested_at',
      'r.expires_at',
      'r.decided_by',
      'dc.first_name as dc_first_name',
      'dc.last_name as dc_last_name',
      'r.decided_at',
      'r.decision_note',
      'r.transfer_reference',
      'r.input',
    ])
    .select(sql<ApprovalStatus>`case when r.status = 'PENDING' and r.expires_at <= ${now} then 'EXPIRED' else r.status end`.as('shown_status'))
    .select(sql<string>`r.requested_at::text`.as('requested_order'));
}

/** Where each action's request names its record: the key of its stored input. */
const SUBJECT_KEYS: Readonly<Record<string, { kind: ApprovalSubject['kind']; key: string }>> = {
  [LOAN_APPROVAL_ACTION]: { kind: 'loan', key: 'loanId' },
  [BULK_TRANSFER_ACTION]: { kind: 'bulk-upload', key: 'uploadId' },
  [SWEEP_APPROVAL_ACTION]: { kind: 'sweep', key: 'sweepId' },
  [SETTLEMENT_APPROVAL_ACTION]: { kind: 'settlement-group', key: 'groupId' },
};

function approvalSubjectOf(commandId: string, input: Record<string, unknown>): ApprovalSubject | null {
  const found = SUBJECT_KEYS[commandId];
  const id = found ? Number(input[found.key]) : Number.NaN;
  return found && Number.isSafeInteger(id) && id > 0 ? { kind: found.kind, id } : null;
}

/** Who a request without a business is for: the company's own accounts pay it. */
const COMPANY_NAME = 'Traction (company account)';

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export function toApprovalRequest(row: RowOf<typeof requestQuery>): ApprovalRequest {
  return {
    id: row.id,
    commandId: row.command_id,
    label: row.label,
    businessId: row.business_id,
    businessName: row.business_name ?? COMPANY_NAME,
    businessEmail: row.business_email ?? '',
    amount: koboFromDatabase(row.amount),
    reason: row.reason,
    evidenceUploadId: row.evidence_upload_id,
    requestedById: row.requested_by,
    requestedByName: fullName(row.rq_first_name, row.rq_last_name),
    requestedAt: isoTimestamp(row.requested_at),
    expiresAt: isoTimestamp(row.expires_at),
    status: row.shown_status,
    decidedById: row.decided_by,
    decidedByName: row.decided_by === null ? null : fullName(row.dc_first_name, row.dc_last_name),
    decidedAt: isoTimestampOrNull(row.decided_at),
    decisionNote: row.decision_note,
    transferReference: row.transfer_reference,
    subject: approvalSubjectOf(row.command_id, row.input),
  };
}

/** Requests standing in `status` as of `now` (EXPIRED and PENDING are told apart by the clock). */
export function statusIs(status: ApprovalStatus, now: Date): Expression<SqlBool> {
  if (status === 'PENDING') return sql<SqlBool>`(r.status = 'PENDING' and r.expires_at > ${now})`;
  if (status === 'EXPIRED') return sql<SqlBool>`(r.status = 'EXPIRED' or (r.status = 'PENDING' and r.expires_at <= ${now}))`;
  return sql<SqlBool>`r.status = ${status}`;
}

/** Business name or email starting with the text, or the request with that id. */
export function requestSearch(search: string): Expression<SqlBool> {
  const pattern = lowerPrefixPattern(search);
  const id = /^\d{1,9}$/.test(search) ? Number(search) : null;
  return sql<SqlBool>`(lower(b.name) like ${pattern} or lower(b.email) like ${pattern}${id === null ? sql`` : sql` or r.id = ${id}`})`;
}

export async function findRequest(db: Db, id: number, now: Date): Promise<ApprovalRequest | undefined> {
  const row = await requestQuery(db, now).where('r.id', '=', id).executeTakeFirst();
  return row ? toApprovalRequest(row) : undefined;
}

/** The request as stored, locked until the deciding transaction ends: two deciders take turns, the second sees the first's decision. */
export async function lockRequest(db: Db, id: number) {
  return db
    .selectFrom('approval_requests')
    .select([
      'id',
      'command_id',
      'business_id',
      'amount',
      'reason',
      'input',
      'evidence_upload_id',
      'requested_by',
      'expires_at',
      'status',
      'decided_by',
      'decided_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertRequest(
  db: Db,
  request: {
    commandId: string;
    businessId: number | null;
    amount: number;
    reason: string;
    input: Record<string, unknown>;
    evidenceUploadId: number | null;
    requestedBy: number;
    requestedAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('approval_requests')
    .values({
      command_id: request.commandId,
      business_id: request.businessId,
      amount: request.amount,
      reason: request.reason,
      input: JSON.stringify(request.input),
      evidence_upload_id: request.evidenceUploadId,
      requested_by: request.requestedBy,
      requested_at: request.requestedAt,
      expires_at: request.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function recordDecision(
  db: Db,
  id: number,
  decision: { status: 'APPROVED' | 'DECLINED'; adminId: number; at: Date; note: string | null; transferReference: string | null },
): Promise<void> {
  await db
    .updateTable('approval_requests')
    .set({
      status: decision.status,
      decided_by: decision.adminId,
      decided_at: decision.at,
      decision_note: decision.note,
      transfer_reference: decision.transferReference,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
}

/** The name of an admin, for sentences. */
export async function adminName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('admins').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
  return row ? fullName(row.first_name, row.last_name) : `admin #${id}`;
}

/** The departments an admin belongs to. */
export async function departmentsOf(db: Db, adminId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('admin_departments as ad')
    .innerJoin('departments as d', 'd.id', 'ad.department_id')
    .select(['d.id', 'd.name'])
    .where('ad.admin_id', '=', adminId)
    .execute();
}

// ---- policies

export interface StoredBand {
  upToKobo: bigint | null;
  permission: string;
  departmentId: number | null;
  department: string | null;
}

export interface StoredPolicy {
  commandId: string;
  label: string;
  expiryHours: number;
  /** At or below this many kobo the action runs without a request; null: every request waits. */
  approvalAboveKobo: bigint | null;
  updatedAt: Date;
  updatedByName: string | null;
  /** Ascending by upper bound; the last has none. */
  bands: StoredBand[];
}

function policyQuery(db: Db) {
  return db
    .selectFrom('approval_policies as p')
    .leftJoin('admins as u', 'u.id', 'p.updated_by')
    .select(['p.command_id', 'p.label', 'p.expiry_hours', 'p.approval_above_kobo', 'p.updated_at', 'p.updated_by', 'u.first_name', 'u.last_name']);
}

async function withBands(db: Db, rows: RowOf<typeof policyQuery>[]): Promise<StoredPolicy[]> {
  if (rows.length === 0) return [];
  const bands = await db
    .selectFrom('approval_policy_bands as pb')
    .leftJoin('departments as d', 'd.id', 'pb.department_id')
    .select(['pb.command_id', 'pb.position', 'pb.up_to_kobo', 'pb.permission', 'pb.department_id', 'd.name as department'])
    .where(
      'pb.command_id',
      'in',
      rows.map((row) => row.command_id),
    )
    .orderBy('pb.command_id')
    .orderBy('pb.position')
    .execute();
  return rows.map((row) => ({
    commandId: row.command_id,
    label: row.label,
    expiryHours: row.expiry_hours,
    approvalAboveKobo: row.approval_above_kobo === null ? null : BigInt(row.approval_above_kobo),
    updatedAt: row.updated_at,
    updatedByName: row.updated_by === null ? null : fullName(row.first_name, row.last_name),
    bands: bands
      .filter((band) => band.command_id === row.command_id)
      .map((band) => ({
        upToKobo: band.up_to_kobo === null ? null : BigInt(band.up_to_kobo),
        permission: band.permission,
        departmentId: band.department_id,
        department: band.department ?? null,
      })),
  }));
}

export async function listPolicies(db: Db): Promise<StoredPolicy[]> {
  return withBands(db, await policyQuery(db).orderBy('p.command_id').execute());
}

export async function findPolicy(db: Db, commandId: string): Promise<StoredPolicy | undefined> {
  const [policy] = await withBands(db, await policyQuery(db).where('p.command_id', '=', commandId).execute());
  return policy;
}

/** The policy row locked until the transaction ends (two updates take turns). */
export async function lockPolicy(db: Db, commandId: string) {
  return db.selectFrom('approval_policies').select(['command_id']).where('command_id', '=', commandId).forUpdate().executeTakeFirst();
}

export async function departmentsByName(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((name) => name.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

export async function savePolicy(
  db: Db,
  commandId: string,
  change: {
    expiryHours: number;
    bands: { upToKobo: number | null; permission: string; departmentId: number | null }[];
    adminId: number;
    at: Date;
  },
): Promise<void> {
  await db
    .updateTable('approval_policies')
    .set({ expiry_hours: change.expiryHours, updated_by: change.adminId, updated_at: change.at })
    .where('command_id', '=', commandId)
    .execute();
  await db.deleteFrom('approval_policy_bands').where('command_id', '=', commandId).execute();
  await db
    .insertInto('approval_policy_bands')
    .values(
      change.bands.map((band, position) => ({
        command_id: commandId,
        position,
        up_to_kobo: band.upToKobo,
        permission: band.permission,
        department_id: band.departmentId,
      })),
    )
    .execute();
}
