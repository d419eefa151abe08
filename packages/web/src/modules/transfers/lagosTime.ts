import { formatDateTime } from '../ui/formatDateTime';

const timeOfDay = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Africa/Lagos' });
const lagosDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' });

/** A moment in a sentence: `10:42` when it is today in Lagos, else `21 Nov 2026, 10:42`. */
export function lagosTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return lagosDay.format(at) === lagosDay.format(now) ? timeOfDay.format(at) : formatDateTime(iso);
}
