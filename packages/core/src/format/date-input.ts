import { EARLIEST_YEAR, isRealDateTime, LATEST_YEAR } from './date-range';
import { lagosDate } from './lagos';

const DAY_MS = 86_400_000;

/** What a typed date came to: a Lagos calendar day, or why it could not be read. */
export type DateInputResult =
  | {
      ok: true;
      /** The day, `2026-10-01`. */
      day: string;
    }
  | {
      ok: false;
      /** A sentence saying what to type instead. */
      message: string;
    };

/** Says what the parser reads, for placeholders and error messages. */
export const DATE_INPUT_HINT = 'Type a date such as 01/10/2026 or 2026-10-01, or today, yesterday, 7d';

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// Day first, as Nigerians write dates: 01/10/2026 is the 1st of October.
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const DAYS_AGO = /^(\d{1,4})\s*d$/;

const pad = (value: string) => value.padStart(2, '0');

function checkedDay(iso: string, typed: string): DateInputResult {
  const y = Number(iso.slice(0, 4));
  if (y < EARLIEST_YEAR || y > LATEST_YEAR) return { ok: false, message: `${typed}: the year must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}` };
  if (!isRealDateTime(iso)) return { ok: false, message: `${typed} is not a real date` };
  return { ok: true, day: iso };
}

/**
 * Reads a date as people type it, resolving words against the Lagos calendar: `01/10/2026` (day
 * first, `/`, `.` or `-` between), `2026-10-01`, `today`, `yesterday`, `7d` (seven days ago).
 * Years run from 1900 to 2999, as everywhere in the back office; two-digit years are refused
 * rather than guessed.
 */
export function parseDateInput(text: string, now: Date = new Date()): DateInputResult {
  const typed = text.trim();
  const value = typed.toLowerCase();
  if (value === '') return { ok: false, message: DATE_INPUT_HINT };
  const today = Date.parse(`${lagosDate(now)}T00:00:00Z`);
  const daysAgo = (days: number) => checkedDay(new Date(today - days * DAY_MS).toISOString().slice(0, 10), typed);
  if (value === 'today') return daysAgo(0);
  if (value === 'yesterday') return daysAgo(1);
  const relative = DAYS_AGO.exec(value);
  if (relative) return daysAgo(Number(relative[1]));
  const iso = ISO.exec(value);
  if (iso) return checkedDay(`${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`, typed);
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) return checkedDay(`${dayFirst[3]}-${pad(dayFirst[2]!)}-${pad(dayFirst[1]!)}`, typed);
  return { ok: false, message: `"${typed}" is not a date. ${DATE_INPUT_HINT}` };
}

/** `2026-10-01` as Nigerians write it, `01/10/2026`: what a date field shows once read. */
export function formatDayAsTyped(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-10-01` spelt out so day and month cannot be mistaken: `Thu 1 Oct 2026` (sentences the server writes). */
export function spellDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, date));
  return `${WEEKDAYS[instant.getUTCDay()]} ${date} ${MONTHS[month - 1]} ${year}`;
}

/**
 * `2026-10-01` spelt out so day and month cannot be mistaken, `Thu 1 Oct 2026`, with `today` or
 * `yesterday` when it is one of those in Lagos.
 */
export function describeLagosDay(day: string, now: Date = new Date()): string {
  const spelt = spellDay(day);
  const today = lagosDate(now);
  if (day === today) return `${spelt}, today`;
  if (day === lagosDate(new Date(now.getTime() - DAY_MS))) return `${spelt}, yesterday`;
  return spelt;
}
