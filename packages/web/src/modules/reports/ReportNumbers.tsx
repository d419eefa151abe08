import { type ListColumn, REPORT_FACTS, type ReportKind } from '@traction/core';
import { formatCell } from '../ui/formatCell';
import type { ReportRow } from './useReportSeries';

/** The numbers behind a report's chart: a row per bucket, a column per number. */
export function ReportNumbers({ report, rows, bucketLabel }: { report: ReportKind; rows: readonly ReportRow[]; bucketLabel: string }) {
  const columns: readonly ListColumn[] = REPORT_FACTS[report].columns;
  return (
    <table className="w-full text-sm" data-report-numbers={report}>
      <thead>
        <tr className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <th scope="col" className="px-2 py-1 font-medium">
            {bucketLabel}
          </th>
          {columns.map((column) => (
            <th key={column.key} scope="col" className="px-2 py-1 text-right font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-zinc-100 dark:border-zinc-800">
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {row.bucket}
            </th>
            {columns.map((column) => (
              <td key={column.key} className="px-2 py-1 text-right tabular-nums">
                {formatCell(column, row[column.key])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
