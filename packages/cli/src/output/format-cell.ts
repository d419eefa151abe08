import { formatNaira, type ColumnKind, type ListColumn } from '@traction/core';
import { lagosDateTime, tagText } from '@traction/core/format';

/** A cell as a person reads it in a table: Naira with its sign, Lagos times, names of tags, an enum's words. */
export function formatCell(column: Pick<ListColumn, 'kind' | 'words'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind as ColumnKind) {
    case 'enum':
      return column.words?.[String(value)] ?? String(value);
    case 'money':
      return typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && /^-?\d+$/.test(value))
        ? formatNaira(BigInt(value))
        : String(value);
    case 'datetime':
      return typeof value === 'string' ? lagosDateTime(value) : String(value);
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : String(value);
    case 'boolean':
      return value ? 'yes' : 'no';
    case 'tags':
      return Array.isArray(value) ? value.map(tagText).join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Columns for rows that come without a list spec (`{ items: [...] }` answers): one per key of the first row. */
export function guessColumns(rows: readonly Record<string, unknown>[]): ListColumn[] {
  const first = rows[0] ?? {};
  return Object.entries(first).map(([key, value]) => ({
    key,
    label: key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .replace(/^./, (c) => c.toUpperCase()),
    kind: Array.isArray(value) ? 'tags' : typeof value === 'boolean' ? 'boolean' : /At$/.test(key) ? 'datetime' : 'text',
  }));
}

/** Rows as cells of text, in column order. */
export function tableCells(columns: readonly ListColumn[], rows: readonly Record<string, unknown>[]): string[][] {
  return rows.map((row) => columns.map((column) => formatCell(column, row[column.key])));
}
