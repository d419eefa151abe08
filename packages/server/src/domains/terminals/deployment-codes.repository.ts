import type { DeploymentCodeRow, DeploymentCodeStatus, FieldOfficerRole } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { lowerPrefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

/** A code's status at `now` as SQL: revoked and used are stored, expired follows from the time (core's `deploymentCodeStatus`). */
const statusSql = (now: Date) =>
  sql<DeploymentCodeStatus>`case when dc.revoked_at is not null then 'REVOKED' when dc.used_at is not null then 'USED' when dc.expires_at <= ${now} then 'EXPIRED' else 'ACTIVE' end`;

/** Deployment codes (0034) with their terminal, merchant and issuer, and their status at `now`. */
export function deploymentCodeQuery(db: Db, now: Date) {
  return db
    .selectFrom('terminal_deployment_codes as dc')
    .innerJoin('terminals as t', 't.id', 'dc.terminal_id')
    .innerJoin('businesses as b', 'b.id', 'dc.business_id')
    .leftJoin('admins as c', 'c.id', 'dc.created_by')
    .select([
      'dc.id',
      'dc.terminal_id',
      't.terminal_id as tid',
      't.serial_no',
      'dc.business_id',
      'b.name as business_name',
      'dc.request_id',
      'dc.officer_name',
      'dc.officer_phone',
      'dc.officer_role',
      'dc.note',
      statusSql(now).as('status'),
      adminNameSql('c').as('created_by_name'),
      'dc.created_at',
      'dc.expires_at',
      'dc.used_at',
      'dc.revoked_at',
      'dc.revoke_reason',
    ]);
}

export type DeploymentCodeQuery = ReturnType<typeof deploymentCodeQuery>;

export interface DeploymentCodeFilters {
  search?: string | undefined;
  status?: DeploymentCodeStatus | undefined;
  officerRole?: FieldOfficerRole | undefined;
  /** Issued from and to. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Search: a terminal ID or serial number exactly (in capitals), or the start of the officer's name. */
export function filterDeploymentCodes(query: DeploymentCodeQuery, filters: DeploymentCodeFilters, now: Date): DeploymentCodeQuery {
  let out = query;
  if (filters.status) out = out.where(statusSql(now), '=', filters.status);
  if (filters.officerRole) out = out.where('dc.officer_role', '=', filters.officerRole);
  if (filters.from) out = out.where('dc.created_at', '>=', filters.from);
  if (filters.to) out = out.where('dc.created_at', '<=', filters.to);
  const search = filters.search?.trim();
  if (search) {
    const upper = search.toUpperCase();
    out = out.where((eb) =>
      eb.or([eb('t.terminal_id', '=', upper), eb('t.serial_no', '=', upper), eb(sql<string>`lower(dc.officer_name)`, 'like', lowerPrefixPattern(search))]),
    );
  }
  return out;
}

export function toDeploymentCodeRow(row: RowOf<typeof deploymentCodeQuery>): DeploymentCodeRow {
  return {
    id: row.id,
    terminal: row.terminal_id,
    terminalId: row.tid,
    serialNo: row.serial_no,
    terminalName: `${row.tid} (${row.serial_no})`,
    businessId: row.business_id,
    businessName: row.business_name,
    requestId: row.request_id,
    officerName: row.officer_name,
    officerPhone: row.officer_phone,
    officerRole: row.officer_role,
    note: row.note,
    status: row.status,
    createdBy: row.created_by_name,
    createdAt: isoTimestamp(row.created_at),
    expiresAt: isoTimestamp(row.expires_at),
    usedAt: isoTimestampOrNull(row.used_at),
    revokedAt: isoTimestampOrNull(row.revoked_at),
    revokeReason: row.revoke_reason,
  };
}

export async function findDeploymentCode(db: Db, id: number, now: Date): Promise<DeploymentCodeRow | undefined> {
  const row = await deploymentCodeQuery(db, now).where('dc.id', '=', id).executeTakeFirst();
  return row ? toDeploymentCodeRow(row) : undefined;
}

/** The request a terminal was last sent for, when it was for the terminal's merchant. */
export async function requestOfTerminal(db: Db, terminal: { id: number; business_id: number | null }): Promise<number | null> {
  if (terminal.business_id === null) return null;
  const row = await db
    .selectFrom('terminal_request_terminals as rt')
    .innerJoin('terminal_requests as r', 'r.id', 'rt.request_id')
    .select('r.id')
    .where('rt.terminal_id', '=', terminal.id)
    .where('r.business_id', '=', terminal.business_id)
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertDeploymentCode(
  db: Db,
  code: {
    terminalId: number;
    businessId: number;
    requestId: number | null;
    officerName: string;
    officerPhone: string;
    officerRole: FieldOfficerRole;
    note: string | null;
    codeHash: string;
    adminId: number;
    at: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('terminal_deployment_codes')
    .values({
      terminal_id: code.terminalId,
      business_id: code.businessId,
      request_id: code.requestId,
      officer_name: code.officerName,
      officer_phone: code.officerPhone,
      officer_role: code.officerRole,
      note: code.note,
      code_hash: code.codeHash,
      created_by: code.adminId,
      created_at: code.at,
      expires_at: code.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stops the terminal's other codes that still work (unused, unrevoked, unexpired): a new code replaces them. Answers how many. */
export async function replaceActiveDeploymentCodes(db: Db, terminalId: number, by: { codeId: number; at: Date }): Promise<number> {
  const result = await db
    .updateTable('terminal_deployment_codes')
    .set({ revoked_at: by.at, revoke_reason: `Replaced by code #${by.codeId}` })
    .where('terminal_id', '=', terminalId)
    .where('id', '<>', by.codeId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', by.at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A code by id, under a row lock to the end of the command's transaction. */
export function lockDeploymentCodeById(db: Db, id: number) {
  return db.selectFrom('terminal_deployment_codes').select(['id', 'expires_at', 'used_at', 'revoked_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Stops one working code, saying why (the lock above makes its state certain). */
export async function markDeploymentCodeRevoked(db: Db, id: number, by: { reason: string; at: Date }): Promise<void> {
  await db.updateTable('terminal_deployment_codes').set({ revoked_at: by.at, revoke_reason: by.reason }).where('id', '=', id).execute();
}

/**
 * The terminal's newest code with this hash, under a row lock to the end of the command's
 * transaction: of two reports with the same code at once, the second waits here and then sees
 * it used.
 */
export function lockDeploymentCode(db: Db, terminalId: number, codeHash: string) {
  return db
    .selectFrom('terminal_deployment_codes')
    .select(['id', 'business_id', 'officer_name', 'officer_phone', 'officer_role', 'expires_at', 'used_at', 'revoked_at'])
    .where('terminal_id', '=', terminalId)
    .where('code_hash', '=', codeHash)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Spends a code; only while it is neither used nor revoked (the lock above makes that certain; the condition says it again). */
export async function markDeploymentCodeUsed(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('terminal_deployment_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
