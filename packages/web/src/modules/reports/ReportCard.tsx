import { REPORT_COMMANDS, REPORT_FACTS, type ReportKind } from '@traction/core';
import { Link } from 'react-router';
import { formatCell } from '../ui/formatCell';
import { ReportBars } from './ReportBars';
import { reportHeadline } from './reportHeadline';
import { useReportSeries } from './useReportSeries';

/** One report on the index: its headline numbers over the range and a small day-by-day chart; the whole card opens it. */
export function ReportCard({ report, range, to }: { report: ReportKind; range: { startdatetime?: string; enddatetime?: string }; to: string }) {
  const facts = REPORT_FACTS[report];
  const series = useReportSeries(report, { by: 'day', ...range });
  const chartColumn = facts.columns.find((column) => column.key === facts.chart) ?? facts.columns[0]!;
  return (
    <li>
      <Link
        to={to}
        data-report-card={report}
        aria-describedby={`report-${report}-about`}
        className="block space-y-2 rounded-lg border border-zinc-200 bg-white p-3 outline-none hover:border-accent-400 focus-visible:ring-2 focus-visible:ring-accent-500 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 className="text-sm font-semibold">{facts.title}</h2>
        <p id={`report-${report}-about`} className="sr-only">
          {REPORT_COMMANDS[report].description}
        </p>
        {series.isPending ? (
          <p role="status" className="h-20 text-sm text-zinc-500">
            Loading…
          </p>
        ) : series.isError ? (
          <p role="alert" className="h-20 text-sm text-red-600 dark:text-red-400">
            Could not be loaded: {series.error.message}
          </p>
        ) : (
          <>
            <dl className="flex flex-wrap gap-x-4 gap-y-1" data-headline={report}>
              {reportHeadline(report, 'day', series.data).map(({ column, value }) => (
                <div key={column.key}>
                  <dt className="text-xs text-zinc-500 dark:text-zinc-400">{column.label}</dt>
                  <dd className="font-semibold tabular-nums">{formatCell(column, value)}</dd>
                </div>
              ))}
            </dl>
            {series.data.length === 0 ? (
              <p className="h-20 text-sm text-zinc-500">Nothing in this range.</p>
            ) : (
              <ReportBars rows={series.data} column={chartColumn} label={`${facts.title}: ${chartColumn.label.toLowerCase()} by day`} height={80} compact />
            )}
          </>
        )}
      </Link>
    </li>
  );
}
