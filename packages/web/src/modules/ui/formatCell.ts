import type { ListColumn } from '@traction/core';
import { formatNaira, tagText } from '@traction/core/format';

// Lagos time, like the date-range filters: a row filtered by a Lagos day shows that day, whatever
// the browser's zone.
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
/** Lagos date and time as the console shows it everywhere: `21 Nov 2026, 10:00`. */
export const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });
const numberFormat = new Intl.NumberFormat('en-NG');

const EMPTY = '—';
const ACRONYMS = new Set(['NIN', 'BVN', 'PND', 'CAC', 'VFD', 'KYC', 'ID', 'POS', 'RC', 'BN', 'NGN', 'OTP', 'SIM', 'MSO', 'DSR', 'ISA', 'CSV', 'TIN']);

/** `super_admin` → `Super admin`, `PENDING` → `Pending`, `DRIVERS_LICENSE` → `Drivers license`, `PND` → `PND`. */
export function humanize(value: string): string {
  let spaced = value.replace(/[._-]+/g, ' ').trim();
  // Enum values written in capitals (`DRIVERS_LICENSE`, `PENDING`) read as words, except the
  // acronyms people know in capitals.
  if (/[A-Z]/.test(spaced) && spaced === spaced.toUpperCase()) {
    spaced = spaced
      .split(' ')
      .map((word) => (ACRONYMS.has(word) ? word : word.toLowerCase()))
      .join(' ');
  }
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function formatDate(value: unknown, format: Intl.DateTimeFormat): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : format.format(date);
}

function formatMoney(value: unknown): string {
  try {
    return formatNaira(BigInt(value as string | number | bigint));
  } catch {
    return String(value);
  }
}

/** A cell as the table shows it: Naira for kobo, Lagos dates, Yes/No, tags joined, — for nothing. */
export function formatCell(column: ListColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (column.kind) {
    case 'money':
      return formatMoney(value);
    case 'date':
      return formatDate(value, dateFormat);
    case 'datetime':
      return formatDate(value, dateTimeFormat);
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'boolean':
      return value === true || value === 'true' ? 'Yes' : 'No';
    case 'enum':
      return humanize(String(value));
    case 'tags':
      return Array.isArray(value) && value.length > 0 ? value.map(tagText).join(', ') : Array.isArray(value) ? EMPTY : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
