import type { ReactNode } from 'react';

export interface DetailColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/** A small read-only table for a part of a detail page, with a sentence when it has no rows. */
export function DetailTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  empty,
}: {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly DetailColumn<Row>[];
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <p role="status" data-empty className="px-3 py-4 text-zinc-500 dark:text-zinc-400">
        {empty}
      </p>
    );
  }
  return (
    <table aria-label={label} className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500 dark:text-zinc-400">
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className="px-3 py-1.5 font-medium whitespace-nowrap">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-row-key={rowKey(row)} className="border-t border-zinc-100 dark:border-zinc-800">
            {columns.map((column) => (
              <td key={column.label} className="px-3 py-1.5 align-top">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
