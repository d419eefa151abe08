export interface ProgressStats {
  /** 0…1, or undefined when the total is unknown. */
  fraction?: number;
  /** Items per second since the start. */
  perSecond: number;
  /** Time left at the current rate, or undefined when it cannot be told yet. */
  remainingMs?: number;
}

/** Rate and time left from the count so far; no guess before anything is done. */
export function progressStats(done: number, total: number | undefined, elapsedMs: number): ProgressStats {
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const stats: ProgressStats = { perSecond };
  if (total !== undefined && total > 0) {
    stats.fraction = Math.min(1, done / total);
    if (perSecond > 0) stats.remainingMs = (Math.max(0, total - done) / perSecond) * 1000;
  }
  return stats;
}

/** `45s`, `3m 20s`, `1h 05m`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** `1,234`: counts grouped by thousands (no ICU needed). */
export const formatCount = (value: number): string =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
