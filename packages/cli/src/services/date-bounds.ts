import { lagosDate } from '@traction/core/format';

const DAY_MS = 86_400_000;

/**
 * `--from` / `--to` as the list's range parameter: `today`, `yesterday` and `7d` (seven days
 * ago) are Lagos dates, handy in crontab lines; anything else is passed on for the schema to
 * judge (a date, or a date-time, Lagos time unless it carries an offset). A bare date is its
 * whole day on the server, so `--from yesterday --to yesterday` is all of yesterday.
 */
export function resolveDateBound(text: string, now: Date): string {
  const value = text.trim().toLowerCase();
  const today = Date.parse(`${lagosDate(now)}T00:00:00Z`);
  const daysAgo = (days: number) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);
  if (value === 'today') return daysAgo(0);
  if (value === 'yesterday') return daysAgo(1);
  const relative = /^(\d{1,4})d$/.exec(value);
  if (relative) return daysAgo(Number(relative[1]));
  return text.trim();
}
