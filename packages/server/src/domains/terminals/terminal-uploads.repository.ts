import type { TerminalUploadKind, TerminalUploadProblem } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { StockRow, StoredTerminals, TidRow } from './terminal-upload-checks';

/** Rows written per statement: a 20,000-row upload is 20 inserts, not 20,000. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
}

/** The stored terminals a file names, by serial number and by terminal ID, in one read. */
export async function storedTerminals(db: Db, serials: readonly string[], tids: readonly string[]): Promise<StoredTerminals> {
  const { rows } = await sql<{ id: number; serial_no: string; terminal_id: string; state: string }>`
    select id, serial_no, terminal_id, state from terminals
    where serial_no = any(${[...serials]}::text[]) or terminal_id = any(${[...tids]}::text[])`.execute(db);
  return {
    bySerial: new Map(rows.map((row) => [row.serial_no, { id: row.id, terminalId: row.terminal_id, state: row.state }])),
    byTid: new Map(rows.map((row) => [row.terminal_id, { id: row.id, serialNo: row.serial_no }])),
  };
}

export async function insertUpload(
  db: Db,
  upload: {
    kind: TerminalUploadKind;
    fileName: string;
    format: 'csv' | 'xlsx' | 'xls';
    sha256: string;
    rows: number;
    saved: number;
    problems: TerminalUploadProblem[];
    adminId: number;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('terminal_uploads')
    .values({
      kind: upload.kind,
      file_name: upload.fileName,
      format: upload.format,
      sha256: upload.sha256,
      rows: upload.rows,
      saved: upload.saved,
      problems: JSON.stringify(upload.problems),
      admin_id: upload.adminId,
      created_at: upload.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** New terminals into stock, each with its first history event. */
export async function insertStock(db: Db, rows: readonly StockRow[], upload: { id: number; adminId: number; at: Date }) {
  for (const chunk of chunks(rows)) {
    const inserted = await db
      .insertInto('terminals')
      .values(
        chunk.map((row) => ({
          serial_no: row.serialNo,
          terminal_id: row.terminalId,
          provider: row.provider,
          model: row.model,
          bank_code: row.bankCode,
          created_at: upload.at,
          updated_at: upload.at,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('terminal_events')
      .values(
        inserted.map((terminal) => ({
          terminal_id: terminal.id,
          type: 'state' as const,
          summary: `Added to stock by upload #${upload.id}`,
          to_state: 'IN_STOCK' as const,
          admin_id: upload.adminId,
          at: upload.at,
        })),
      )
      .execute();
  }
}

/** New terminal IDs for stored terminals, each change in the terminal's history. */
export async function applyTerminalIds(db: Db, rows: readonly TidRow[], upload: { id: number; adminId: number; at: Date }) {
  for (const chunk of chunks(rows)) {
    const values = sql.join(chunk.map((row) => sql`(${row.id}::int, ${row.terminalId}::text)`));
    await sql`update terminals t set terminal_id = v.tid, updated_at = ${upload.at} from (values ${values}) v(id, tid) where t.id = v.id`.execute(db);
    await db
      .insertInto('terminal_events')
      .values(
        chunk.map((row) => ({
          terminal_id: row.id,
          type: 'details' as const,
          summary: `Terminal ID ${row.from} → ${row.terminalId} (upload #${upload.id})`,
          admin_id: upload.adminId,
          at: upload.at,
        })),
      )
      .execute();
  }
}

export function terminalUploadQuery(db: Db) {
  return db
    .selectFrom('terminal_uploads as u')
    .leftJoin('admins as a', 'a.id', 'u.admin_id')
    .select(['u.id', 'u.kind', 'u.file_name', 'u.format', 'u.rows', 'u.saved', 'u.created_at', adminNameSql('a').as('admin_name')]);
}

export function toTerminalUploadRow(row: RowOf<typeof terminalUploadQuery>) {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    format: row.format,
    rows: row.rows,
    saved: row.saved,
    skipped: row.rows - row.saved,
    adminName: row.admin_name,
    createdAt: isoTimestamp(row.created_at),
  };
}

export async function findTerminalUpload(db: Db, id: number) {
  const row = await terminalUploadQuery(db).select('u.problems').where('u.id', '=', id).executeTakeFirst();
  return row ? { ...toTerminalUploadRow(row), problems: row.problems } : undefined;
}
