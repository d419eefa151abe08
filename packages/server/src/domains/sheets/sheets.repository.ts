import { rangeBoundToDate, SHEET_COLUMNS, SHEET_KEY_COLUMNS, type SheetRowOut, type SheetSource, type SheetVersionRow } from '@traction/core';
import { sql } from 'kysely';
import { adminNameSql } from '../../db/admin-name';
import type { Db } from '../../db/connect';
import { containsPattern, lowerPrefixPattern, prefixPattern } from '../../db/like';
import type { RowOf } from '../../db/row-of';
import { isoTimestamp } from '../../db/timestamps';
import type { KnownRecords, LinkedSheetRow } from './sheet-checks';

/** Rows written per statement. */
const CHUNK = 1_000;

export function sheetVersionQuery(db: Db) {
  return db
    .selectFrom('sheet_versions as v')
    .leftJoin('admins as a', 'a.id', 'v.uploaded_by')
    .select([
      'v.id',
      'v.source',
      'v.version',
      'v.tag',
      'v.file_name',
      'v.row_count',
      'v.linked_count',
      'v.flagged_count',
      'v.uploaded_at',
      adminNameSql('a').as('uploaded_by_name'),
    ]);
}
type SheetVersionQuery = ReturnType<typeof sheetVersionQuery>;

export function toSheetVersionRow(row: RowOf<typeof sheetVersionQuery>): SheetVersionRow {
  return {
    id: row.id,
    source: row.source,
    version: row.version,
    tag: row.tag,
    fileName: row.file_name,
    rowCount: row.row_count,
    flaggedCount: row.flagged_count,
    linkedCount: row.linked_count,
    uploadedBy: row.uploaded_by_name,
    uploadedAt: isoTimestamp(row.uploaded_at),
  };
}

export function filterSheetVersions(
  query: SheetVersionQuery,
  filters: { source: SheetSource; search?: string | undefined; startdatetime?: string | undefined; enddatetime?: string | undefined },
): SheetVersionQuery {
  let out = query.where('v.source', '=', filters.source);
  const search = filters.search?.trim();
  if (search) out = out.where(sql<boolean>`lower(v.tag) like ${containsPattern(search.toLowerCase())}`);
  if (filters.startdatetime) out = out.where('v.uploaded_at', '>=', rangeBoundToDate(filters.startdatetime, 'start'));
  if (filters.enddatetime) out = out.where('v.uploaded_at', '<=', rangeBoundToDate(filters.enddatetime, 'end'));
  return out;
}

/** A version of a source by number, or the latest when no number is given. */
export function findSheetVersion(db: Db, source: SheetSource, version?: number) {
  let query = sheetVersionQuery(db).where('v.source', '=', source);
  query = version === undefined ? query.orderBy('v.version', 'desc').limit(1) : query.where('v.version', '=', version);
  return query.executeTakeFirst();
}

/** The highest version number of a source; 0 when none is uploaded. */
export async function latestVersionNumber(db: Db, source: SheetSource): Promise<number> {
  const row = await db
    .selectFrom('sheet_versions')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('source', '=', source)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

export async function insertSheetVersion(
  db: Db,
  values: {
    source: SheetSource;
    version: number;
    tag: string;
    fileName: string;
    format: 'csv' | 'xlsx';
    sha256: string;
    rows: readonly LinkedSheetRow[];
    adminId: number | null;
    at: Date;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('sheet_versions')
    .values({
      source: values.source,
      version: values.version,
      tag: values.tag,
      file_name: values.fileName,
      format: values.format,
      sha256: values.sha256,
      row_count: values.rows.length,
      linked_count: values.rows.filter((row) => row.terminalId !== null).length,
      flagged_count: values.rows.filter((row) => row.flag !== null).length,
      uploaded_by: values.adminId,
      uploaded_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let at = 0; at < values.rows.length; at += CHUNK) {
    await db
      .insertInto('sheet_rows')
      .values(
        values.rows.slice(at, at + CHUNK).map((row) => ({
          version_id: id,
          row_number: row.rowNumber,
          key: row.key,
          tid: row.tid,
          serial_no: row.serialNo,
          merchant_name: row.merchantName,
          cells: JSON.stringify(row.cells),
          terminal_id: row.terminalId,
          business_id: row.businessId,
          flag: row.flag,
        })),
      )
      .execute();
  }
  return id;
}

/** The terminals (by TID and serial number) and merchants (by id) a file names, in two reads. */
export async function knownRecords(db: Db, tids: readonly string[], serials: readonly string[], businessIds: readonly number[]): Promise<KnownRecords> {
  const { rows: terminals } = await sql<{ id: number; terminal_id: string; serial_no: string; business_id: number | null; business_name: string | null }>`
    select t.id, t.terminal_id, t.serial_no, t.business_id, b.name as business_name
    from terminals t left join businesses b on b.id = t.business_id
    where t.terminal_id = any(${[...tids]}::text[]) or t.serial_no = any(${[...serials]}::text[])`.execute(db);
  const businesses =
    businessIds.length === 0
      ? []
      : await db
          .selectFrom('businesses')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(businessIds)])
          .execute();
  const known = terminals.map((row) => ({
    id: row.id,
    tid: row.terminal_id,
    serialNo: row.serial_no,
    businessId: row.business_id,
    businessName: row.business_name,
  }));
  return {
    terminalsByTid: new Map(known.map((terminal) => [terminal.tid, terminal])),
    terminalsBySerial: new Map(known.map((terminal) => [terminal.serialNo, terminal])),
    businesses: new Map(businesses.map((business) => [business.id, business])),
  };
}

export function sheetRowQuery(db: Db) {
  return db
    .selectFrom('sheet_rows as r')
    .innerJoin('sheet_versions as v', 'v.id', 'r.version_id')
    .leftJoin('businesses as b', 'b.id', 'r.business_id')
    .select([
      'r.id',
      'r.row_number',
      'r.key',
      'r.tid',
      'r.merchant_name',
      'r.cells',
      'r.terminal_id',
      'r.business_id',
      'r.flag',
      'v.version',
      'v.source',
      'v.tag',
      'v.uploaded_at',
      'b.name as business_name',
    ]);
}
type SheetRowQuery = ReturnType<typeof sheetRowQuery>;
export type SheetRowRecord = RowOf<typeof sheetRowQuery>;

/** The other cells in words, for one column of a list: the key's columns and the merchant name have their own. */
export function sheetDetails(source: SheetSource, cells: Readonly<Record<string, string>>): string {
  const own = new Set([...SHEET_KEY_COLUMNS[source], 'merchant_name']);
  return SHEET_COLUMNS[source]
    .filter((column) => !own.has(column.key) && (cells[column.key] ?? '') !== '')
    .map((column) => `${column.label}: ${cells[column.key]}`)
    .join(' · ');
}

export function toSheetRow(row: SheetRowRecord): SheetRowOut {
  return {
    id: row.id,
    version: row.version,
    rowNumber: row.row_number,
    key: row.key,
    tid: row.tid,
    merchantName: row.merchant_name,
    cells: row.cells,
    details: sheetDetails(row.source, row.cells),
    terminalId: row.terminal_id,
    businessId: row.business_id,
    businessName: row.business_name,
    flag: row.flag,
  };
}

/**
 * One version's rows (the latest when no number is given), optionally only the flagged ones.
 * Search: a TID or key exactly or by its start, a serial number exactly, or the start of the
 * merchant name as the sheet writes it.
 */
export function filterSheetRows(
  query: SheetRowQuery,
  filters: { source: SheetSource; version?: number | undefined; search?: string | undefined; flagged?: boolean | undefined },
): SheetRowQuery {
  let out = query.where('v.source', '=', filters.source);
  out =
    filters.version === undefined
      ? out.where(sql<boolean>`v.version = (select max(version) from sheet_versions where source = ${filters.source})`)
      : out.where('v.version', '=', filters.version);
  if (filters.flagged === true) out = out.where('r.flag', 'is not', null);
  if (filters.flagged === false) out = out.where('r.flag', 'is', null);
  const search = filters.search?.trim();
  if (search) {
    const upper = search.toUpperCase();
    out = out.where(
      sql<boolean>`(r.key = ${upper} or r.tid like ${prefixPattern(upper)} or r.serial_no = ${upper} or lower(r.merchant_name) like ${lowerPrefixPattern(search)})`,
    );
  }
  return out;
}

/** Every row of a version, in the file's order (for comparing two). */
export function rowsOfVersion(db: Db, versionId: number) {
  return sheetRowQuery(db).where('r.version_id', '=', versionId).orderBy('r.id').execute();
}
