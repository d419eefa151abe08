import { parseDateInput } from '@traction/core/format';

/**
 * `--from` / `--to` as the list's range parameter. What core's date parser reads (`today`,
 * `yesterday` and `7d` — handy in crontab lines — and `01/10/2026` or `2026-10-01`) becomes that
 * Lagos day; anything else is passed on for the schema to judge (a date-time, Lagos time unless
 * it carries an offset). A bare date is its whole day on the server, so
 * `--from yesterday --to yesterday` is all of yesterday.
 */
export function resolveDateBound(text: string, now: Date): string {
  const parsed = parseDateInput(text, now);
  return parsed.ok ? parsed.day : text.trim();
}
