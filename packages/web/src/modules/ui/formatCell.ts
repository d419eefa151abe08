import type { ListColumn } from '@traction/core';
import { formatNaira, tagText } from '@traction/core/format';
import { dateTimeFormat } from './dateTimeFormat';
import { humanize } from './humanize';

// Lagos time, like the date-range filters: a row filtered by a Lagos day shows that day, whatever
// the browser's zone.
const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const numberFormat = new Intl.NumberFormat('en-NG');

const EMPTY = '—';

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
      return column.words?.[String(value)] ?? humanize(String(value));
    case 'tags':
      return Array.isArray(value) && value.length > 0 ? value.map(tagText).join(', ') : Array.isArray(value) ? EMPTY : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
