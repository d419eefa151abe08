import { Text } from 'ink';
import { formatCount, formatDuration, progressStats } from './progress-stats';

export interface ProgressProps {
  /** What is being done ("Exporting audit log"). */
  label: string;
  done: number;
  /** Unknown totals show a count and a rate, without a bar. */
  total?: number;
  elapsedMs: number;
  /** Unit of the count, plural ("rows"). */
  unit?: string;
  /** Extra text after the figures ("3 failed"). */
  detail?: string;
  /** Width of the bar in cells. */
  barWidth?: number;
}

/** A progress bar with the count, the rate and the time left. */
export function Progress({ label, done, total, elapsedMs, unit = 'rows', detail, barWidth = 24 }: ProgressProps) {
  const stats = progressStats(done, total, elapsedMs);
  const filled = stats.fraction === undefined ? 0 : Math.round(stats.fraction * barWidth);
  const figures = [
    total === undefined ? `${formatCount(done)} ${unit}` : `${formatCount(done)}/${formatCount(total)} ${unit}`,
    `${formatCount(stats.perSecond)} ${unit}/s`,
    stats.remainingMs === undefined ? 'estimating…' : `${formatDuration(stats.remainingMs)} left`,
  ];
  if (detail) figures.push(detail);
  // One Text with inline parts: a long line wraps as text instead of squeezing flex boxes.
  return (
    <Text>
      {label}{' '}
      {stats.fraction === undefined ? null : (
        <>
          <Text color="green">{'█'.repeat(filled)}</Text>
          <Text dimColor>{'░'.repeat(barWidth - filled)}</Text>
          {` ${String(Math.floor(stats.fraction * 100)).padStart(3)}% `}
        </>
      )}
      <Text dimColor>{figures.join(' · ')}</Text>
    </Text>
  );
}
