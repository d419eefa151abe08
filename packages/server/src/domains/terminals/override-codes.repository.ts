import type { OverrideCodePurpose, OverrideCodeRow, OverrideCodeStatus } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

/** A code's status at `now` as SQL: revoked and used are stored, expired follows from the time (core's `overrideCodeStatus`). */
const statusSql = (now: Date) =>
  sql<OverrideCodeStatus>`case when oc.revoked_at is not null then 'REVOKED' when oc.used_at is not null then 'USED' when oc.expires_at <= ${now} then 'EXPIRED' else 'ACTIVE' end`;

/**
 * Override codes (0030) with their terminal and the admins who issued, used and revoked them, and
 * their status at `now`. Joins are LEFT on unique keys, so a list's count(*) is the codes' alone.
 */
export function overrideCodeQuery(db: Db, now: Date) {
  return db
    .selectFrom('terminal_override_codes as oc')
    .leftJoin('terminals as t', 't.id', 'oc.terminal_id')
    .leftJoin('terminals as ut', 'ut.id', 'oc.used_on_terminal_id')
    .leftJoin('admins as c', 'c.id', 'oc.created_by')
    .leftJoin('admins as u', 'u.id', 'oc.used_by')
    .leftJoin('admins as r', 'r.id', 'oc.revoked_by')
    .select([
      'oc.id',
      'oc.terminal_id',
      't.terminal_id as tid',
      't.serial_no',
      'oc.purpose',
      'oc.note',
      statusSql(now).as('status'),
      adminNameSql('c').as('created_by_name'),
      'oc.created_at',
      'oc.expires_at',
      'oc.used_at',
      adminNameSql('u').as('used_by_name'),
      'ut.terminal_id as used_on_tid',
      'oc.revoked_at',
      adminNameSql('r').as('revoked_by_name'),
      'oc.revoke_reason',
    ]);
}

export type OverrideCodeQuery = ReturnType<typeof overrideCodeQuery>;

export interface OverrideCodeFilters {
  search?: string | undefined;
  status?: OverrideCodeStatus | undefined;
  purpose?: OverrideCodePurpose | undefined;
}

/** Search: the terminal ID or serial number of the terminal a code names or was used on, exactly (in capitals). */
export function filterOverrideCodes(query: OverrideCodeQuery, filters: OverrideCodeFilters, now: Date): OverrideCodeQuery {
  let out = query;
  if (filters.status) out = out.where(statusSql(now), '=', filters.status);
  if (filters.purpose) out = out.where('oc.purpose', '=', filters.purpose);
  const search = filters.search?.trim().toUpperCase();
  if (search) {
    out = out.where((eb) =>
      eb.or([eb('t.terminal_id', '=', search), eb('t.serial_no', '=', search), eb('ut.terminal_id', '=', search), eb('ut.serial_no', '=', search)]),
    );
  }
  return out;
}

export function toOverrideCodeRow(row: RowOf<typeof overrideCodeQuery>): OverrideCodeRow {
  const tid = row.tid ?? null;
  return {
    id: row.id,
    terminal: row.terminal_id,
    terminalId: tid,
    serialNo: row.serial_no ?? null,
    terminalName: tid ? `${tid} (${row.serial_no})` : 'Any terminal',
    purpose: row.purpose,
    note: row.note,
    status: row.status,
    createdBy: row.created_by_name,
    createdAt: isoTimestamp(row.created_at),
    expiresAt: isoTimestamp(row.expires_at),
    usedAt: isoTimestampOrNull(row.used_at),
    usedBy: row.used_by_name,
    usedOnTerminalId: row.used_on_tid ?? null,
    revokedAt: isoTimestampOrNull(row.revoked_at),
    revokedBy: row.revoked_by_name,
    revokeReason: row.revoke_reason,
  };
}

export async function findOverrideCode(db: Db, id: number, now: Date): Promise<OverrideCodeRow | undefined> {
  const row = await overrideCodeQuery(db, now).where('oc.id', '=', id).executeTakeFirst();
  return row ? toOverrideCodeRow(row) : undefined;
}

/** The terminal a TID names, for issuing and using codes. */
export function terminalByTid(db: Db, terminalId: string) {
  return db.selectFrom('terminals').select(['id', 'terminal_id', 'serial_no', 'state']).where('terminal_id', '=', terminalId).executeTakeFirst();
}

/** Whether a code with this hash was ever issued (a new code must not share one). */
export async function overrideCodeHashTaken(db: Db, codeHash: string): Promise<boolean> {
  return Boolean(await db.selectFrom('terminal_override_codes').select('id').where('code_hash', '=', codeHash).executeTakeFirst());
}

export async function insertOverrideCode(
  db: Db,
  code: { terminalId: number | null; purpose: OverrideCodePurpose; note: string | null; codeHash: string; adminId: number; at: Date; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('terminal_override_codes')
    .values({
      terminal_id: code.terminalId,
      purpose: code.purpose,
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

const LOCKED_COLUMNS = ['id', 'terminal_id', 'expires_at', 'used_at', 'used_by', 'used_on_terminal_id', 'revoked_at'] as const;

/**
 * A code under a row lock to the end of the command's transaction, found by its hash: of two
 * requests using the same code at once, the second waits here and then sees it used.
 */
export function lockOverrideCodeByHash(db: Db, codeHash: string) {
  return db.selectFrom('terminal_override_codes').select(LOCKED_COLUMNS).where('code_hash', '=', codeHash).forUpdate().executeTakeFirst();
}

/** The same, by its id. */
export function lockOverrideCode(db: Db, id: number) {
  return db.selectFrom('terminal_override_codes').select(LOCKED_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Spends a code; only while it is neither used nor revoked (the lock above makes that certain; the condition says it again). */
export async function markOverrideCodeUsed(db: Db, id: number, use: { adminId: number; terminalId: number; at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('terminal_override_codes')
    .set({ used_at: use.at, used_by: use.adminId, used_on_terminal_id: use.terminalId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markOverrideCodeRevoked(db: Db, id: number, revoke: { adminId: number; reason: string; at: Date }): Promise<void> {
  await db
    .updateTable('terminal_override_codes')
    .set({ revoked_at: revoke.at, revoked_by: revoke.adminId, revoke_reason: revoke.reason })
    .where('id', '=', id)
    .execute();
}

/** Who used a code, for the message that refuses it a second time. */
export async function overrideCodeUse(db: Db, id: number) {
  return db
    .selectFrom('terminal_override_codes as oc')
    .leftJoin('admins as u', 'u.id', 'oc.used_by')
    .leftJoin('terminals as ut', 'ut.id', 'oc.used_on_terminal_id')
    .select([adminNameSql('u').as('used_by_name'), 'ut.terminal_id as used_on_tid'])
    .where('oc.id', '=', id)
    .executeTakeFirst();
}
