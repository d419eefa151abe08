import { DateInput } from '../ui/DateInput';
import { fieldControlClass } from '../ui/TextField';
import type { useReportRange } from './useReportRange';

/** From and to (free-typed days: `7d`, `yesterday`, `01/11/2026`); the last 30 days when empty, a year at most. */
export function ReportRange({ range }: { range: ReturnType<typeof useReportRange> }) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-report-range>
      <div className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        <span aria-hidden="true">From</span>
        <DateInput
          aria-label="From"
          value={range.startdatetime}
          onCommit={(value) => range.set('startdatetime', value)}
          className={`${fieldControlClass} mt-1 w-36`}
          placeholder="30 days ago"
        />
      </div>
      <div className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        <span aria-hidden="true">To</span>
        <DateInput
          aria-label="To"
          value={range.enddatetime}
          onCommit={(value) => range.set('enddatetime', value)}
          className={`${fieldControlClass} mt-1 w-36`}
          placeholder="today"
        />
      </div>
    </div>
  );
}
