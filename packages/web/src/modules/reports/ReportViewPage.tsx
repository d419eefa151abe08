import { REPORT_COMMANDS, REPORT_FACTS, REPORT_GROUPING_WORDS, REPORT_GROUPINGS, REPORT_KINDS, type ReportGrouping } from '@traction/core';
import { Link } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { CsvDownload } from '../list/CsvDownload';
import { Button } from '../ui/Button';
import { formatCell } from '../ui/formatCell';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { ShortcutKey } from '../ui/ShortcutKey';
import { ReportBars } from './ReportBars';
import { ReportHorizontalBars } from './ReportHorizontalBars';
import { reportHeadline } from './reportHeadline';
import { ReportNumbers } from './ReportNumbers';
import { ReportRange } from './ReportRange';
import { useReportRange } from './useReportRange';
import { useReportSeries } from './useReportSeries';

/** The grouping keys: d, s, c. */
const GROUPING_KEYS: Record<ReportGrouping, string> = { day: 'd', state: 's', category: 'c' };
const BUCKET_LABELS: Record<ReportGrouping, string> = { day: 'Day', state: 'State', category: 'Category' };

/**
 * One report (`?report=signups&by=day&startdatetime=…`, shareable as it stands): its chart with the
 * numbers beside it, grouped by day, state or category (d, s, c), and its CSV.
 */
export default function ReportViewPage() {
  const range = useReportRange();
  const { report, by } = range;
  const facts = REPORT_FACTS[report];
  const series = useReportSeries(report, { by, ...range.range });
  const chartColumn = facts.columns.find((column) => column.key === facts.chart) ?? facts.columns[0]!;
  // Days read left to right along time; states and categories are named bar by bar.
  const Chart = by === 'day' ? ReportBars : ReportHorizontalBars;
  const group = (grouping: ReportGrouping) => range.set('by', grouping === 'day' ? null : grouping);
  useShortcut('d', 'Group by day', () => group('day'));
  useShortcut('s', 'Group by state', () => group('state'));
  useShortcut('c', 'Group by category', () => group('category'));
  return (
    <div className="space-y-4" data-page="report" data-report={report} data-by={by}>
      <PageHeader
        title={facts.title}
        description={REPORT_COMMANDS[report].description}
        actions={
          <Link
            className={linkClass}
            to={`/reporting-page${range.range.startdatetime || range.range.enddatetime ? `?${new URLSearchParams(range.range).toString()}` : ''}`}
          >
            All reports
          </Link>
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ReportRange range={range} />
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Report{' '}
            <select
              aria-label="Report"
              className="ml-1 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              value={report}
              onChange={(event) => range.set('report', event.target.value)}
            >
              {REPORT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {REPORT_FACTS[kind].title}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex gap-1" aria-label="Group by">
            {REPORT_GROUPINGS.map((grouping) => (
              <Button key={grouping} aria-pressed={grouping === by} variant={grouping === by ? 'primary' : 'secondary'} onClick={() => group(grouping)}>
                {REPORT_GROUPING_WORDS[grouping]} <ShortcutKey>{GROUPING_KEYS[grouping]}</ShortcutKey>
              </Button>
            ))}
          </fieldset>
          <CsvDownload command={REPORT_COMMANDS[report]} filters={{ by, ...range.range }} total={series.data?.length} />
        </div>
      </div>
      {series.isPending ? (
        <PageSpinner />
      ) : series.isError ? (
        <RecordNotLoaded valid error={series.error} missing="" failed="The report could not be loaded" retry={() => void series.refetch()} />
      ) : series.data.length === 0 ? (
        <p className="rounded-lg border border-zinc-200 p-6 text-center text-sm text-zinc-500 dark:border-zinc-800" data-empty-report>
          Nothing in this range.
        </p>
      ) : (
        <>
          <dl className="flex flex-wrap gap-x-6 gap-y-1" data-headline={report}>
            {reportHeadline(report, by, series.data).map(({ column, value }) => (
              <div key={column.key}>
                <dt className="text-xs text-zinc-500 dark:text-zinc-400">{column.label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCell(column, value)}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <div className="self-start rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
              <Chart
                rows={series.data}
                column={chartColumn}
                label={`${facts.title}: ${chartColumn.label.toLowerCase()} ${REPORT_GROUPING_WORDS[by].toLowerCase()}`}
              />
            </div>
            <div className="max-h-[28rem] overflow-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
              <ReportNumbers report={report} rows={series.data} bucketLabel={BUCKET_LABELS[by]} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
