/** Suffix of a range's start time (spec §5, §9). */
export const RANGE_START_SUFFIX = ':00.000';
/** Suffix of a range's end time, the last millisecond of its minute (spec §5, §9). */
export const RANGE_END_SUFFIX = ':59.999';

/** Lagos keeps West Africa Time all year: UTC+1, no daylight saving. */
export const LAGOS_OFFSET = '+01:00';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

function check(date: string, time: string): void {
  if (!DATE.test(date)) throw new RangeError(`"${date}" is not a date (YYYY-MM-DD)`);
  if (!TIME.test(time)) throw new RangeError(`"${time}" is not a time (HH:mm)`);
}

/** `2026-11-21`, `08:30` → `2026-11-21T08:30:00.000`. */
export function rangeStart(date: string, time = '00:00'): string {
  check(date, time);
  return `${date}T${time}${RANGE_START_SUFFIX}`;
}

/** `2026-11-21`, `17:45` → `2026-11-21T17:45:59.999`; without a time, the day's last millisecond. */
export function rangeEnd(date: string, time = '23:59'): string {
  check(date, time);
  return `${date}T${time}${RANGE_END_SUFFIX}`;
}

/**
 * Reads a range bound as an instant. A bare date is the start or the end of that day; a
 * date-time without an offset is Lagos time.
 */
export function rangeBoundToDate(value: string, bound: 'start' | 'end'): Date {
  let text = value.trim();
  if (DATE.test(text)) text = bound === 'start' ? rangeStart(text) : rangeEnd(text);
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(text)) text += LAGOS_OFFSET;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`"${value}" is not a date-time`);
  return instant;
}

/**
 * Years a date may name. Nothing this back office records is older than 1900 or later than
 * 2999, and PostgreSQL has no year 0: `0000-01-01` must be a 400, not a database error.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2999;

/** Whether a date or date-time's year is one this back office records (see EARLIEST_YEAR). */
export function isSupportedYear(value: string): boolean {
  const year = Number(/^\s*(\d{4})-/.exec(value)?.[1]);
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

const PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * Whether a date or date-time names a moment that exists: month 1–12, a day the month has
 * (no 31 February), hours 0–23, minutes and seconds 0–59, an offset within ±14:00. `Date.parse`
 * is not enough: it rolls 2026-02-31 over into March.
 */
export function isRealDateTime(value: string): boolean {
  const match = PARTS.exec(value.trim());
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , , offsetHours, offsetMinutes] = match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return false;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > daysInMonth) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59)) return false;
  if (second !== undefined && Number(second) > 59) return false;
  if (offsetHours !== undefined && (Number(offsetHours) > 14 || Number(offsetMinutes) > 59)) return false;
  return true;
}

/**
 * The span of a range in milliseconds (negative when the end is before the start), or undefined
 * when either bound is missing or not a real date-time: a range check runs even when a bound's own
 * check failed, and must leave the refusal to that check rather than throw.
 */
export function rangeSpanMs(start: string | undefined, end: string | undefined): number | undefined {
  const sound = (text: string | undefined): text is string => text !== undefined && isRealDateTime(text) && isSupportedYear(text);
  if (!sound(start) || !sound(end)) return undefined;
  return rangeBoundToDate(end, 'end').getTime() - rangeBoundToDate(start, 'start').getTime();
}
