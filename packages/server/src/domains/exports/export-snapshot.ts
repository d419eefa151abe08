import type { ListColumn } from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { CsvCopier } from '../../db/csv-copy';
import type { Db } from '../../db/connect';
import { inlineParameters } from '../../db/inline-parameters';
import { csvCell, csvCells, SPREADSHEET_CSV } from '../../handling/list-runner';
import type { ListSource } from '../../handling/implement';

/**
 * The frozen rows of an export: one table per export, written by a single statement so the file
 * holds exactly the rows its filters selected at that moment, however long the writing takes and
 * whatever restarts meanwhile. Unlogged: nothing else reads it, and a database crash (which
 * empties it) restarts the export from a new snapshot rather than writing half of an old one.
 */
export const snapshotTable = (exportId: number) => `export_rows_${exportId}`;

/** Which way the frozen rows are written: as CSV cells PostgreSQL formats (COPY), or as the list's rows mapped here. */
export type SnapshotMode = 'cells' | 'rows';

const ROW_NUMBER = 'export_n';

/** `order by` of the list's own order, for numbering the frozen rows. */
function orderOf<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>) {
  const direction = sql.raw(source.cursor.direction);
  const cursor = sql`${sql.ref(source.cursor.column)} ${direction}`;
  return source.sortFirst ? sql`${sql.ref(source.sortFirst.column)} ${direction}, ${cursor}` : cursor;
}

/**
 * Creates the snapshot table of the list's matching rows, numbered 1… in the list's order, and
 * returns how many rows it holds. Run inside the transaction that records the freeze.
 */
export async function freezeRows<DB, TB, Row, Out extends object>(
  db: Db,
  exportId: number,
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  mode: SnapshotMode,
): Promise<number> {
  const cells = mode === 'cells' ? csvCells(source, columns, SPREADSHEET_CSV) : undefined;
  const numbered = sql`row_number() over (order by ${orderOf(source)})`.as(ROW_NUMBER);
  const query = cells ? source.query.clearSelect().select([...cells, numbered] as never) : source.query.select(numbered as never);
  const compiled = query.compile();
  const table = snapshotTable(exportId);
  await sql.raw(`drop table if exists ${table}`).execute(db);
  // Parameters written in: CREATE TABLE AS takes none.
  await sql.raw(`create unlogged table ${table} as ${inlineParameters(compiled.sql, compiled.parameters)}`).execute(db);
  // The rows are stored in the order they were numbered, so a block range index finds a window cheaply.
  await sql.raw(`create index on ${table} using brin (${ROW_NUMBER})`).execute(db);
  const counted = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

/** How a list's snapshot is written: as cells when the list gives every column as SQL and the database can COPY. */
export function snapshotMode<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  copier: CsvCopier | undefined,
): SnapshotMode {
  return copier && csvCells(source, columns, SPREADSHEET_CSV) ? 'cells' : 'rows';
}

/** The header line of the file, as the browser's CSV download writes it (with a byte-order mark for spreadsheets). */
export function headerLine(columns: readonly ListColumn[]): string {
  return stringify([columns.map((column) => column.label)], { bom: true });
}

/** The CSV of the frozen rows numbered `from + 1` … `to`. */
export async function windowCsv<DB, TB, Row, Out extends object>(
  db: Db,
  copier: CsvCopier | undefined,
  exportId: number,
  mode: SnapshotMode,
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  from: number,
  to: number,
): Promise<{ bytes: Uint8Array; rows: number }> {
  const table = snapshotTable(exportId);
  if (mode === 'cells' && copier) {
    const names = columns.map((_, i) => `c${i}`).join(', ');
    const chunks: Uint8Array[] = [];
    const copy = copier.copy(`select ${names} from ${table} where ${ROW_NUMBER} > ${from} and ${ROW_NUMBER} <= ${to} order by ${ROW_NUMBER}`);
    for (;;) {
      const next = await copy.next();
      if (next.done) return { bytes: Buffer.concat(chunks), rows: next.value };
      chunks.push(next.value);
    }
  }
  const rows = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where ${sql.ref(ROW_NUMBER)} > ${from} and ${sql.ref(ROW_NUMBER)} <= ${to} order by ${sql.ref(ROW_NUMBER)}`.execute(db);
  const records = rows.rows.map((raw) => {
    const row = source.map(raw as Row) as Record<string, unknown>;
    return columns.map((column) => csvCell(column, Object.hasOwn(row, column.key) ? row[column.key] : undefined, true));
  });
  return { bytes: Buffer.from(stringify(records)), rows: records.length };
}

/** Drops an export's snapshot table, if it is still there. */
export async function dropSnapshot(db: Db, exportId: number): Promise<void> {
  await sql.raw(`drop table if exists ${snapshotTable(exportId)}`).execute(db);
}
