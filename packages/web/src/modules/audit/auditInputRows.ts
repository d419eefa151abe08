import type { AnyCommand } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import type { z } from 'zod';
import { labelFromName } from '../forms/labelFromName';
import { unwrapSchema } from '../forms/unwrapSchema';

export interface AuditInputRow {
  /** The field's path in the input, `device.deviceModel`. */
  key: string;
  /** As the command's form labels it: "Mark as fraud (untick to clear)", "Device › Device model". */
  label: string;
  value: string;
}

const REDACTED = '[redacted]';

/** The schema of each field of an object schema, when it is one (through optional, default, pipes). */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (!schema) return undefined;
  const { base, type } = unwrapSchema(schema);
  return type === 'object' ? ((base as z.ZodObject).shape as Record<string, z.ZodType>) : undefined;
}

function text(value: unknown, schema: z.ZodType | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === REDACTED) return 'Hidden (a secret)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (schema && unwrapSchema(schema).meta.format === 'kobo' && (typeof value === 'number' || typeof value === 'string')) {
    try {
      return formatNaira(BigInt(value));
    } catch {
      return String(value);
    }
  }
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => (item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  return String(value);
}

/**
 * A stored command input as labelled fields, the way the command's form names them; nested
 * objects (a sign-in's device, a bulk run's `matching` filters) as one row per field. Fields the
 * command no longer has (entries from an older version) are labelled from their names.
 */
export function auditInputRows(command: AnyCommand | undefined, input: Record<string, unknown>): AuditInputRow[] {
  const rows: AuditInputRow[] = [];
  const walk = (value: Record<string, unknown>, shape: Record<string, z.ZodType> | undefined, path: string, prefix: string) => {
    for (const [name, inner] of Object.entries(value)) {
      const schema = shape?.[name];
      const label = `${prefix}${(schema && unwrapSchema(schema).meta.label) || labelFromName(name)}`;
      const key = path ? `${path}.${name}` : name;
      if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length > 0) {
        walk(inner as Record<string, unknown>, shapeOf(schema), key, `${label} › `);
      } else {
        rows.push({ key, label, value: text(inner, schema) });
      }
    }
  };
  walk(input, command ? (command.input.shape as Record<string, z.ZodType>) : undefined, '', '');
  return rows;
}
