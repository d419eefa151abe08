import { formatNaira, lagosDateTime } from '@traction/core/format';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * An answer as indented `key: value` lines, the way a person reads a record: nested objects
 * indented, lists of plain values on one line, lists of objects as `-` items.
 */
export function describeValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return `${indent}—\n`;
  if (typeof value !== 'object') return `${indent}${String(value)}\n`;
  if (Array.isArray(value)) return describeArray(value, indent);
  let out = '';
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (inner !== null && typeof inner === 'object' && !(Array.isArray(inner) && inner.every(isScalar))) {
      const isEmpty = Array.isArray(inner) ? inner.length === 0 : Object.keys(inner).length === 0;
      out += isEmpty ? `${indent}${key}: ${Array.isArray(inner) ? '(none)' : '{}'}\n` : `${indent}${key}:\n${describeValue(inner, `${indent}  `)}`;
    } else {
      out += `${indent}${key}: ${scalarText(inner, key)}\n`;
    }
  }
  return out;
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** A value as people read it: amounts in kobo as Naira, instants as Lagos time like the tables. */
function scalarText(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => scalarText(item)).join(', ') : '(none)';
  if (/Kobo$/.test(key) && (typeof value === 'number' || typeof value === 'bigint') && Number.isSafeInteger(Number(value))) return formatNaira(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return lagosDateTime(value);
  return String(value);
}

function describeArray(items: readonly unknown[], indent: string): string {
  if (items.every(isScalar)) return `${indent}${scalarText(items)}\n`;
  return items
    .map((item) => {
      const text = describeValue(item, `${indent}  `);
      return `${indent}- ${text.slice(indent.length + 2)}`;
    })
    .join('');
}
