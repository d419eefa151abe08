const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;

/** Today's date in Lagos (WAT, UTC+1 all year). */
export function lagosToday(now: Date): string {
  return new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * `--from` / `--to` as the list's range parameter: `today`, `yesterday` and `7d` (seven days
 * ago) are Lagos dates, handy in crontab lines; anything else is passed on for the schema to
 * judge (a date, or a date-time, Lagos time unless it carries an offset). A bare date is its
 * whole day on the server, so `--from yesterday --to yesterday` is all of yesterday.
 */
export function resolveDateBound(text: string, now: Date): string {
  const value = text.trim().toLowerCase();
  const today = Date.parse(`${lagosToday(now)}T00:00:00Z`);
  const daysAgo = (days: number) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);
  if (value === 'today') return daysAgo(0);
  if (value === 'yesterday') return daysAgo(1);
  const relative = /^(\d{1,4})d$/.exec(value);
  if (relative) return daysAgo(Number(relative[1]));
  return text.trim();
}
