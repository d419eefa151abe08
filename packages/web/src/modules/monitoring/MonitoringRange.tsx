import { DEFAULT_SUCCESS_THRESHOLD } from '@traction/core';
import { parseDateInput } from '@traction/core/format';
import { useSearchParamsUpdate } from '../../app/useSearchParamsUpdate';
import { withFilter } from '../list/filterFields';
import { LabelledDateInput } from '../ui/LabelledDateInput';
import { fieldControlClass } from '../ui/TextField';

/** The range and threshold of a monitoring page, kept in the URL so a view can be shared. */
export function useMonitoringRange() {
  const [params, updateParams] = useSearchParamsUpdate();
  // A shared link may say `30d` or `yesterday`: read as the day it means today.
  const day = (raw: string | null) => {
    if (!raw) return '';
    if (/T/.test(raw)) return raw;
    const read = parseDateInput(raw);
    return read.ok ? read.day : raw;
  };
  const startDate = day(params.get('startDate'));
  const endDate = day(params.get('endDate'));
  const threshold = Number(params.get('threshold') ?? DEFAULT_SUCCESS_THRESHOLD);
  const input = {
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    threshold: Number.isFinite(threshold) && threshold >= 1 && threshold <= 100 ? threshold : DEFAULT_SUCCESS_THRESHOLD,
  };
  const set = (key: string, value: string | null) => updateParams((current) => withFilter(current, key, value));
  return { input, startDate, endDate, set };
}

/** From, to (free-typed days: `7d`, `yesterday`, `01/11/2026`) and the threshold; the last seven days when empty. */
export function MonitoringRange({ range }: { range: ReturnType<typeof useMonitoringRange> }) {
  return (
    <div className="flex flex-wrap items-end gap-3" data-monitoring-range>
      <LabelledDateInput label="From" value={range.startDate} onCommit={(day) => range.set('startDate', day)} placeholder="7 days ago" />
      <LabelledDateInput label="To" value={range.endDate} onCommit={(day) => range.set('endDate', day)} placeholder="now" />
      <label className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Stands out below
        <select
          aria-label="Success-rate threshold"
          className={`${fieldControlClass} mt-1 w-28`}
          value={String(range.input.threshold)}
          onChange={(event) => range.set('threshold', event.target.value)}
        >
          {[70, 75, 80, 85, 90, 95].map((value) => (
            <option key={value} value={value}>
              {value}%
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
