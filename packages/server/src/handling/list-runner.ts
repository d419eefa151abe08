import { tagText, type ListColumn, type ListPage } from '@traction/core';
import { stringify } from 'csv-stringify/sync';
import { type AliasedRawBuilder, sql } from 'kysely';
import type { CsvCopier } from '../db/csv-copy';
import { inlineParameters } from '../db/inline-parameters';
import { type CsvValue, csvCellSql } from './csv-sql';
import type { ListSource } from './implement';

/** The query of one page of a list, ordered by its cursor column. */
export function pageQuery<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, page: number, pageSize: number) {
  return ordered(source, source.query)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** A list's query in its order: the sort-first column, if any, then the cursor. */
export function ordered<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, query: ListSource<DB, TB, Row, Out>['query']) {
  const { cursor, sortFirst } = source;
  return (sortFirst ? query.orderBy(sql.ref(sortFirst.column), cursor.direction) : query).orderBy(sql.ref(cursor.column), cursor.direction);
}

/** The query counting every row of a list. */
export function countQuery<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>) {
  // Typed once here: Kysely cannot resolve a selection over tables only the list knows.
  return source.query.clearSelect().select(sql<bigint>`count(*)`.as('total')).$castTo<{ total: bigint }>();
}

/**
 * One page of a list, with the count of every matching row: the `page`-th, or with `after` (the
 * `next` of the page before) the rows that follow that row, however many rows were added or
 * removed meanwhile.
 */
export async function readListPage<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  page: number,
  pageSize: number,
  after?: number,
): Promise<ListPage<Out>> {
  // After a row, one more than a page is read to know whether another page follows.
  const rowsQuery =
    after === undefined
      ? pageQuery(source, page, pageSize)
      : ordered(source, source.query)
          .where(pastRow(source, after))
          .limit(pageSize + 1);
  const [read, counted] = await Promise.all([rowsQuery.execute(), countQuery(source).executeTakeFirst()]);
  const total = Number(counted?.total ?? 0);
  const rows = read.slice(0, pageSize);
  const hasMore = after === undefined ? page * pageSize < total : read.length > pageSize;
  const last = rows.at(-1) as Record<string, unknown> | undefined;
  return {
    items: rows.map((row) => source.map(row)),
    page: after === undefined ? page : 1,
    pageSize,
    total,
    hasMore,
    next: hasMore && last ? Number(last[source.cursor.key]) : null,
  };
}

/** Rows that come after the row whose cursor is `after`, in the list's order. */
function pastRow<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, after: number) {
  const { cursor, sortFirst } = source;
  const past = sql.raw(cursor.direction === 'desc' ? '<' : '>');
  if (!sortFirst) return sql<boolean>`${sql.ref(cursor.column)} ${past} ${after}`;
  // The row's place in the order is read without the filters: it may have left the list since
  // (a record decided while its queue is being read), and the rows after it still follow it.
  const place = source.query.clearWhere().clearSelect().select(sql.ref(sortFirst.column).as('place')).where(sql.ref(cursor.column), '=', after).limit(1);
  return sql<boolean>`(${sql.ref(sortFirst.column)}, ${sql.ref(cursor.column)}) ${past} ((${place}), ${after})`;
}

/** Rows per keyset read of a CSV export: large enough that the round trips stop mattering, small enough that memory stays flat. */
const CHUNK = 5_000;

/** Who a CSV is written for. */
export interface CsvStyle {
  /**
   * A file for spreadsheets (the browser's download, the default): a byte-order mark so Excel
   * reads UTF-8, and text a spreadsheet would run as a formula neutralised. Otherwise bytes for
   * programs: no mark, every cell as stored (`+2348031234567` stays a phone number).
   */
  spreadsheet: boolean;
  /** Header cells: the columns' labels (`First name`), or the JSON field names (`firstName`). */
  header: 'labels' | 'keys';
}

export const SPREADSHEET_CSV: CsvStyle = { spreadsheet: true, header: 'labels' };

/**
 * Every matching row as CSV, a chunk at a time; returns how many data rows it wrote, for the
 * client to check that it received them all. A list that gives its columns as SQL (`csv`) is
 * written by PostgreSQL itself (COPY); any other is read by keyset and written here.
 */
export async function* streamListCsv<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  style: CsvStyle = SPREADSHEET_CSV,
  copier?: CsvCopier,
): AsyncGenerator<string | Uint8Array, number> {
  yield stringify([columns.map((c) => (style.header === 'keys' ? c.key : c.label))], { bom: style.spreadsheet });
  const cells = copier && csvCells(source, columns, style);
  if (cells) return yield* copyRows(source, cells, copier);
  return yield* mappedRows(source, columns, style);
}

/** The exported cells as SQL, when the list gives every column of the contract as SQL. */
export function csvCells<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, columns: readonly ListColumn[], style: CsvStyle) {
  return csvCellValues(source, columns, style)?.map((cell, i) => cell.as(`c${i}`));
}

/** The exported cells as SQL expressions, unnamed (see `csvCells`). */
export function csvCellValues<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, columns: readonly ListColumn[], style: CsvStyle) {
  const csv = source.csv as Readonly<Record<string, CsvValue | undefined>> | undefined;
  if (!csv || !columns.every((c) => csv[c.key] !== undefined)) return undefined;
  return columns.map((c) => csvCellSql(c, csv[c.key]!, style.spreadsheet));
}

/** The query PostgreSQL copies for a whole export, parameters written in (benchmarks run it through psql beside the server). */
export function csvCopyQuery<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  style: CsvStyle = SPREADSHEET_CSV,
) {
  const cells = csvCells(source, columns, style);
  if (!cells) return undefined;
  const compiled = ordered(
    source,
    source.query
      .clearSelect()
      .select(cells as never)
      .$castTo<Row>(),
  ).compile();
  return inlineParameters(compiled.sql, compiled.parameters);
}

/** Rows per window of an export from a database that copies into memory (PGlite): a few megabytes. */
const COPY_WINDOW = 20_000;

async function* copyRows<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  cells: AliasedRawBuilder<string | null, string>[],
  copier: CsvCopier,
): AsyncGenerator<Uint8Array, number> {
  // Kysely cannot type a selection over tables only the list knows; the SQL is all that is used.
  const cellsOf = (query: ListSource<DB, TB, Row, Out>['query']) =>
    query
      .clearSelect()
      .select(cells as never)
      .$castTo<Row>();
  const copyOf = (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
    const compiled = query.compile();
    return inlineParameters(compiled.sql, compiled.parameters);
  };
  if (!copier.windowed) return yield* copier.copy(copyOf(ordered(source, cellsOf(source.query))));
  const { cursor, sortFirst } = source;
  let written = 0;
  let after: { cursor: unknown; first: unknown } | undefined;
  for (;;) {
    const rest = after === undefined ? source.query : source.query.where(pastKeys(source, after.cursor, after.first));
    // The window's last row, where the next one resumes; none when fewer rows than a window remain.
    const boundary = (await ordered(source, rest)
      .clearSelect()
      .select([sql.ref(cursor.column).as('cursor'), ...(sortFirst ? [sql`${sql.ref(sortFirst.column)}::text`.as('first')] : [])])
      .offset(COPY_WINDOW - 1)
      .limit(1)
      .executeTakeFirst()) as { cursor: unknown; first?: unknown } | undefined;
    written += yield* copier.copy(copyOf(ordered(source, cellsOf(rest)).limit(COPY_WINDOW)));
    if (!boundary) return written;
    after = { cursor: boundary.cursor, first: boundary.first };
  }
}

/** Rows after the one whose cursor (and sort-first value, as PostgreSQL compares it) are given, in the list's order. */
function pastKeys<DB, TB, Row, Out extends object>(source: ListSource<DB, TB, Row, Out>, cursorValue: unknown, firstValue: unknown) {
  const { cursor, sortFirst } = source;
  const past = sql.raw(cursor.direction === 'desc' ? '<' : '>');
  return sortFirst
    ? sql<boolean>`(${sql.ref(sortFirst.column)}, ${sql.ref(cursor.column)}) ${past} (${firstValue}, ${cursorValue})`
    : sql<boolean>`${sql.ref(cursor.column)} ${past} ${cursorValue}`;
}

/** Rows read by keyset on the cursor column and written here: memory stays flat, late chunks cost no more than early ones. */
async function* mappedRows<DB, TB, Row, Out extends object>(
  source: ListSource<DB, TB, Row, Out>,
  columns: readonly ListColumn[],
  style: CsvStyle,
): AsyncGenerator<string, number> {
  const { key } = source.cursor;
  const { sortFirst } = source;
  let written = 0;
  let after: Record<string, unknown> | undefined;
  for (;;) {
    const query = ordered(
      source,
      after === undefined ? source.query : source.query.where(pastKeys(source, after[key], sortFirst ? after[sortFirst.key] : undefined)),
    ).limit(CHUNK);
    const rows = await query.execute();
    if (rows.length === 0) return written;
    const records = rows.map((raw) => {
      const row = source.map(raw) as Record<string, unknown>;
      return columns.map((c) => csvCell(c, Object.hasOwn(row, c.key) ? row[c.key] : undefined, style.spreadsheet));
    });
    yield stringify(records);
    written += rows.length;
    if (rows.length < CHUNK) return written;
    after = rows[rows.length - 1] as Record<string, unknown> | undefined;
  }
}

/** How a value is written to CSV: plain, machine-readable, no currency symbols; formulas neutralised for spreadsheets. */
export function csvCell(column: ListColumn, value: unknown, spreadsheet = true): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'tags' && Array.isArray(value)) {
    return value.map(tagText).join('; ');
  }
  if (column.kind === 'money' && (typeof value === 'bigint' || typeof value === 'number')) {
    const kobo = BigInt(value);
    const sign = kobo < 0n ? '-' : '';
    const abs = kobo < 0n ? -kobo : kobo;
    return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return spreadsheet ? neutralizeFormula(value) : value;
  return String(value);
}

/**
 * Text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+234…`, `-1+1`, `@SUM`) gets a
 * leading apostrophe: merchants write their own names and addresses, and these files are opened
 * in Excel. The apostrophe shows the text as typed. Tab and carriage return are included because
 * Excel skips them before a formula. Only for spreadsheets: programs get the cell as stored.
 */
function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
