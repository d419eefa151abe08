import { formatNaira } from '@traction/core';
import type { FieldValue, FormField, FormValues } from './FormField';

/** What each input starts with: the caller's `initial` value, else the schema's default, as text. */
export function initialFormValues(fields: readonly FormField[], initial: Record<string, unknown> = {}): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const source = initial[field.name] !== undefined ? initial[field.name] : field.defaultValue;
    values[field.name] = toFieldValue(field, source);
  }
  return values;
}

function toFieldValue(field: FormField, source: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return source === true;
    case 'file':
      return typeof File !== 'undefined' && source instanceof File ? source : null;
    case 'enumSet':
      return Array.isArray(source) ? source.map(String) : [];
    case 'list':
      return Array.isArray(source) ? source.join(', ') : source == null ? '' : String(source);
    case 'naira':
      return nairaText(source);
    case 'day':
    case 'rangeStart':
    case 'rangeEnd':
      return typeof source === 'string' ? source.slice(0, 10) : '';
    case 'dateTime':
      return typeof source === 'string' ? source.slice(0, 16) : '';
    case 'json':
      return source === undefined ? '' : JSON.stringify(source, null, 2);
    default:
      return source == null ? '' : String(source);
  }
}

/** Kobo shown as the Naira an admin would type: 1234550 → "12,345.50". */
export function nairaText(kobo: unknown): string {
  if (typeof kobo === 'bigint' || (typeof kobo === 'number' && Number.isSafeInteger(kobo))) {
    return formatNaira(kobo, { symbol: '' });
  }
  return '';
}
