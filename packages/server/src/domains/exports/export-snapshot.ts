import type { ListColumn } from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connect';
import { inlineParameters } from '../../db/inline-parameters';
import { csvCell, csvCellValues, SPREADSHEET_CSV } from '../../handling/list-runner';
import type { ListSource } from '../../handling/implement';

/**
 * The frozen rows of an export: one table per export, written by a single statement so the file
 * holds exactly the rows its filters selected at that moment, however long the writing takes and
 * whatever restarts meanwhile. Unlogged: nothing else reads it, and a database crash (which
 * empties it) restarts the export from a new snapshot rather than writing half of an old one.
 */
export const snapshotTable = (exportId: number) => `export_rows_${exportId}`;

/**
 * How the frozen rows become CSV. `lines`: the list gives every column as SQL, so the snapshot
 * holds each row's finished CSV line and parts are assembled inside the database, the bytes never
 * passing through the server. `rows`: the list's own rows are frozen and mapped here.
 */
export type SnapshotMode = 'lines' | 'rows';

const ROW_NUMBER = 'export_n';

/** `order by` of the list's own order, for numbering the frozen rows. */
function orderOf<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>) {
  const direction = sql.raw(source.cursor.direction);
  const cursor = sql`${sql.ref(source.cursor.column)} ${direction}`;
  return source.sortFirst ? sql`${sql.ref(source.sortFirst.column)} ${direction}, ${cursor}` : cursor;
}

/**
 * A cell as PostgreSQL's COPY … (FORMAT csv) writes it, so a file assembled in SQL is byte for
 * byte the one COPY (the browser's download) gives: nothing for NULL, quoted (quotes doubled) when
 * it holds a comma, a quote or a line break, or is empty.
 */
const csvQuoted = (cell: RawBuilder<unknown>) =>
  sql<string>`case when ${cell} is null then '' when ${cell} = '' or ${cell} ~ '[",\\r\\n]' then '"' || replace(${cell}, '"', '""') || '"' else ${cell} end`;

/**
 * Kinds whose cells may hold a comma, a quote or a line break: people's text. Numbers, amounts,
 * dates, booleans and enum values (identifiers of ours) never do, and skip the test (a million rows
 * of six columns spend seconds on it).
 */
const MAY_NEED_QUOTES: ReadonlySet<ListColumn['kind']> = new Set(['text', 'sentence', 'email', 'tags', 'id']);

/** How a list's snapshot is written: as lines when the list gives every column as SQL. */
export function snapshotMode<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, columns: readonly ListColumn[]): SnapshotMode {
  return csvCellValues(source, columns, SPREADSHEET_CSV) ? 'lines' : 'rows';
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
  const numbered = sql`row_number() over (order by ${orderOf(source)})`.as(ROW_NUMBER);
  const cells = mode === 'lines' ? csvCellValues(source, columns, SPREADSHEET_CSV) : undefined;
  const inner = cells
    ? source.query.clearSelect().select([...cells.map((cell, i) => cell.as(`c${i}`)), numbered] as never)
    : source.query.select(numbered as never);
  const compiled = inner.compile();
  const selected = inlineParameters(compiled.sql, compiled.parameters);
  // Cells are computed once in the inner query; the outer one only quotes and joins them.
  const line = cells
    ? sql.join(
        cells.map((_, i) => (MAY_NEED_QUOTES.has(columns[i]!.kind) ? csvQuoted(sql.ref(`c${i}`)) : sql`coalesce(${sql.ref(`c${i}`)}, '')`)),
        sql`|| ',' ||`,
      )
    : undefined;
  const table = snapshotTable(exportId);
  await sql.raw(`drop table if exists ${table}`).execute(db);
  // Parameters written in: CREATE TABLE AS takes none.
  if (line) {
    const outer = sql`select ${sql.ref(ROW_NUMBER)}, ${line} as line from (${sql.raw(selected)}) as cells`.compile(db);
    await sql.raw(`create unlogged table ${table} as ${inlineParameters(outer.sql, outer.parameters)}`).execute(db);
  } else await sql.raw(`create unlogged table ${table} as ${selected}`).execute(db);
  // The rows are stored in the order they were numbered, so a block range index finds a window cheaply.
  await sql.raw(`create index on ${table} using brin (${ROW_NUMBER})`).execute(db);
  // Without statistics the planner takes the new table for a small one and scans all of it for every part.
  await sql.raw(`analyze ${table}`).execute(db);
  const counted = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

/** The header line of the file, as the browser's CSV download writes it (with a byte-order mark for spreadsheets). */
export function headerLine(columns: readonly ListColumn[]): string {
  return stringify([columns.map((column) => column.label)], { bom: true });
}

/**
 * Writes the frozen rows numbered `from + 1` … `to` as part `seq` of the file and answers how many
 * rows it holds. Lines are joined inside the database; rows are read, mapped and written here.
 */
export async function writePart<DB, TB, Row, Out extends object>(
  db: Db,
  args: { exportId: number; seq: number; mode: SnapshotMode; source: ListSource<DB, TB, Row, Out>; columns: readonly ListColumn[]; from: number; to: number },
): Promise<{ rows: number; bytes: number }> {
  const table = sql.table(snapshotTable(args.exportId));
  const n = sql.ref(ROW_NUMBER);
  if (args.mode === 'lines') {
    const written = await sql<{ rows: number; bytes: number }>`
      insert into export_file_parts (export_id, seq, rows, data)
      select ${args.exportId}, ${args.seq}, count(*), convert_to(coalesce(string_agg(line || E'\\n', '' order by ${n}), ''), 'UTF8')
      from ${table} where ${n} > ${args.from} and ${n} <= ${args.to}
      returning rows, length(data) as bytes`.execute(db);
    const row = written.rows[0]!;
    return { rows: Number(row.rows), bytes: Number(row.bytes) };
  }
  const read = await sql<Record<string, unknown>>`select * from ${table} where ${n} > ${args.from} and ${n} <= ${args.to} order by ${n}`.execute(db);
  const records = read.rows.map((raw) => {
    const row = args.source.map(raw as Row) as Record<string, unknown>;
    return args.columns.map((column) => csvCell(column, Object.hasOwn(row, column.key) ? row[column.key] : undefined, true));
  });
  const data = Buffer.from(stringify(records));
  await db.insertInto('export_file_parts').values({ export_id: args.exportId, seq: args.seq, rows: records.length, data }).execute();
  return { rows: records.length, bytes: data.length };
}

/** Drops an export's snapshot table, if it is still there. */
export async function dropSnapshot(db: Db, exportId: number): Promise<void> {
  await sql.raw(`drop table if exists ${snapshotTable(exportId)}`).execute(db);
}
