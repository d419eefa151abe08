import type { ScheduleDateRange } from '@traction/core';

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** `HH:MM` as minutes after midnight. */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes after midnight as `HH:MM`. */
export const timeOfDay = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The instant of `minute` on the Lagos day `day` (`2026-11-28`). */
export function lagosInstant(day: string, minute: number): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - LAGOS_OFFSET_MS + minute * 60_000);
}

/** The Lagos day an instant falls on. */
export const lagosDay = (instant: Date) => new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The first run at `minute` (Lagos) strictly after `after`, and the Lagos day it is for. */
export function nextRun(minute: number, after: Date): { at: Date; day: string } {
  const today = lagosDay(after);
  const at = lagosInstant(today, minute);
  if (at.getTime() > after.getTime()) return { at, day: today };
  const tomorrow = new Date(Date.parse(`${today}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return { at: lagosInstant(tomorrow, minute), day: tomorrow };
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The date range a run for Lagos day `day` exports, as the list's range bounds (Lagos time,
 * `…T00:00:00.000` to `…T23:59:59.999`), or none. "Last 7 days" ends yesterday: a nightly run
 * exports whole days only.
 */
export function runDateRange(range: ScheduleDateRange, day: string): { from: string; to: string } | null {
  const bounds = (first: string, last: string) => ({ from: `${first}T00:00:00.000`, to: `${last}T23:59:59.999` });
  const yesterday = addDays(day, -1);
  const monthStart = `${day.slice(0, 8)}01`;
  switch (range) {
    case 'NONE':
      return null;
    case 'TODAY':
      return bounds(day, day);
    case 'YESTERDAY':
      return bounds(yesterday, yesterday);
    case 'LAST_7_DAYS':
      return bounds(addDays(day, -7), yesterday);
    case 'LAST_30_DAYS':
      return bounds(addDays(day, -30), yesterday);
    case 'THIS_MONTH':
      return bounds(monthStart, day);
    case 'LAST_MONTH': {
      const lastMonthEnd = addDays(monthStart, -1);
      return bounds(`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd);
    }
  }
}
