import type { AnyCommand } from '@traction/core';

/**
 * What a list shows a row as, for sentences about it ("0123456789: is already blacklisted"):
 * the column the list names rows by (`rowName`), else its first text column (the business's
 * name, the account number), never its internal id; undefined when the row has none.
 */
export function rowDisplayName(list: AnyCommand, row: Readonly<Record<string, unknown>>): string | undefined {
  const named = list.list?.rowName;
  const columns = named ? [{ key: named, kind: 'text' }] : (list.list?.columns ?? []);
  for (const column of columns) {
    if (column.kind !== 'text' && column.kind !== 'email') continue;
    const value = row[column.key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}
