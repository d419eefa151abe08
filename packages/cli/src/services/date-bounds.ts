import { parseDateInput } from '@traction/core/format';
import { usageError } from '../errors';

/** A date-time as the list's range parameter takes it (Lagos time unless it carries an offset); the schema judges the rest. */
const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}[T ]\d/;

/**
 * `--from` / `--to` as the list's range parameter. What core's date parser reads (`today`,
 * `yesterday` and `7d` — handy in crontab lines — and `01/10/2026` or `2026-10-01`) becomes that
 * Lagos day; a date-time is passed on for the schema to judge. Anything else is refused with
 * core's own sentence of what to type (exit 2), which lists every form once. A bare date is its
 * whole day on the server, so `--from yesterday --to yesterday` is all of yesterday.
 */
export function resolveDateBound(text: string, now: Date, flag = '--from'): string {
  const parsed = parseDateInput(text, now);
  if (parsed.ok) return parsed.day;
  if (LOOKS_LIKE_DATE_TIME.test(text.trim())) return text.trim();
  throw usageError(`${flag}: ${parsed.message}; or a date-time such as 2026-10-01T14:30 (Lagos time).`);
}
