import { LabelledDateInput } from '../ui/LabelledDateInput';
import type { useReportRange } from './useReportRange';

/** From and to (free-typed days: `7d`, `yesterday`, `01/11/2026`); the last 30 days when empty, a year at most. */
export function ReportRange({ range }: { range: ReturnType<typeof useReportRange> }) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-report-range>
      <LabelledDateInput label="From" value={range.startdatetime} onCommit={(value) => range.set('startdatetime', value)} placeholder="30 days ago" />
      <LabelledDateInput label="To" value={range.enddatetime} onCommit={(value) => range.set('enddatetime', value)} placeholder="today" />
    </div>
  );
}
