import type { MonitoringSeries } from '@traction/core';
import { useState } from 'react';
import { useShortcut } from '../keyboard/useShortcut';
import { Button } from '../ui/Button';
import { ShortcutKey } from '../ui/ShortcutKey';
import { SeriesChart } from './SeriesChart';
import { SeriesTable } from './SeriesTable';

/** Success rate and volume over time as charts, or (t) the numbers behind them. */
export function ChartsOrNumbers({
  series,
  bucket,
  threshold,
  what,
}: {
  series: readonly MonitoringSeries[];
  bucket: 'hour' | 'day';
  threshold: number;
  what: string;
}) {
  const [numbers, setNumbers] = useState(false);
  useShortcut('t', 'Charts or the numbers behind them', () => setNumbers((shown) => !shown));
  return (
    <section
      aria-label="Over time"
      className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      data-over-time={numbers ? 'numbers' : 'charts'}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">
          {what}, {bucket === 'hour' ? 'hour by hour' : 'day by day'}
        </h2>
        <Button onClick={() => setNumbers((shown) => !shown)}>
          {numbers ? 'Charts' : 'Numbers'} <ShortcutKey>t</ShortcutKey>
        </Button>
      </div>
      {series.length === 0 ? (
        <p className="text-sm text-zinc-500">No payments in this range.</p>
      ) : numbers ? (
        <SeriesTable series={series} bucket={bucket} />
      ) : (
        <>
          <SeriesChart
            series={series}
            value="successRate"
            threshold={threshold}
            label={`Success rate of ${what.toLowerCase()} over time, with the ${threshold}% threshold`}
          />
          <SeriesChart series={series} value="payments" height={150} label={`Payments of ${what.toLowerCase()} over time`} />
        </>
      )}
    </section>
  );
}
