import type { ListColumn } from '@traction/core';
import { type RawBuilder, sql } from 'kysely';

/**
 * A CSV column's value as SQL over the list query's tables: a column (`p.amount`), an expression,
 * or text from our own tables (`lookupSql`) that never starts like a formula and is written as is.
 */
export type CsvValue = string | RawBuilder<unknown> | FormulaFree;

/** Text the export need not neutralise: a name from a fixed table of ours. */
export interface FormulaFree {
  formulaFree: RawBuilder<string>;
}

/**
 * A list's columns as SQL, for exports PostgreSQL writes itself (COPY): for each column the
 * contract exports, the value `map` gives it, before formatting. A list that gives every column
 * exports through COPY; the test in csv-copy.test.ts holds each to the JavaScript path's bytes.
 */
export type CsvColumns<Out> = { readonly [K in keyof Out & string]?: CsvValue };

const sqlOf = (value: CsvValue) => (typeof value === 'string' ? sql.ref(value) : 'formulaFree' in value ? value.formulaFree : value);

/**
 * A column's cell text in SQL, byte for byte what `csvCell` writes in JavaScript: kobo as
 * `-123.45`, instants as ISO 8601 UTC with milliseconds, booleans as `true`/`false`, tags joined by
 * `; `, text neutralised against formulas for spreadsheets. Empty text becomes NULL, because COPY
 * writes an empty string as `""` and NULL as nothing, and the JavaScript path writes nothing.
 */
export function csvCellSql(column: ListColumn, value: CsvValue, spreadsheet: boolean): RawBuilder<string | null> {
  const v = sqlOf(value);
  switch (column.kind) {
    case 'money':
      return sql<string>`(case when ${v} < 0 then '-' else '' end) || (abs(${v}::bigint) / 100)::text || '.' || lpad((abs(${v}::bigint) % 100)::text, 2, '0')`;
    case 'datetime':
      return sql<string>`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'boolean':
      return sql<string>`case when ${v} then 'true' when not ${v} then 'false' end`;
    case 'tags':
      return sql<string>`nullif(array_to_string(${v}, '; '), '')`;
    case 'number':
    case 'date':
      return sql<string>`${v}::text`;
    default:
      // Enum values are identifiers of ours; other text is neutralised for spreadsheets.
      return spreadsheet && column.kind !== 'enum' && !(typeof value === 'object' && 'formulaFree' in value)
        ? sql<string>`nullif(${neutralised(sql`${v}::text`)}, '')`
        : sql<string>`nullif(${v}::text, '')`;
  }
}

/**
 * Text a spreadsheet would run as a formula gets a leading apostrophe, as `neutralizeFormula`
 * does: `=`, `+`, `-`, `@`, tab and carriage return first (read by `ascii`, the first
 * character's code point: cheaper than cutting it out).
 */
function neutralised(text: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end`;
}

/**
 * A text column whose check constraint admits no formula's first character (`rrn ~ '^[0-9]{12}$'`):
 * written as stored, without the per-row test.
 */
export const checkedText = (column: string): FormulaFree => ({ formulaFree: sql<string>`${sql.ref(column)}` });

/**
 * A value looked up in a fixed table of ours (a route's name by its id), `otherwise` (a code
 * from a checked column, or a word of ours) when it is not there. The table travels as one JSON
 * constant: a keyed read per row, where a CASE would compare every entry in turn.
 */
export function lookupSql(value: CsvValue, table: Readonly<Record<string, string>>, otherwise: CsvValue): FormulaFree {
  return { formulaFree: sql<string>`coalesce(${sql.lit(JSON.stringify(table))}::jsonb ->> (${sqlOf(value)})::text, ${sqlOf(otherwise)})` };
}
