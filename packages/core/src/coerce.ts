import type { z } from 'zod';

type Scalar = 'number' | 'boolean' | 'array' | 'other';

interface ZodDefLike {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
}

/** The base kind of a field, looking through optional, default, nullable and pipes. */
export function fieldKind(schema: z.ZodType): Scalar {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def: ZodDefLike = (current as unknown as { def: ZodDefLike }).def;
    switch (def.type) {
      case 'number':
      case 'int':
      case 'bigint':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array':
        return 'array';
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType;
        break;
      case 'pipe':
        current = def.in;
        break;
      default:
        return 'other';
    }
  }
  return 'other';
}

/**
 * Turns text from a query string, a path or a CLI flag into the types the schema expects, so
 * the schema itself decides what is valid. Anything that does not look like the target type is
 * left as text for the schema to refuse with its own message.
 */
export function coerceTextInput(schema: z.ZodObject, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  for (const [key, value] of Object.entries(raw)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    if (!field) continue;
    const kind = fieldKind(field);
    if (kind === 'array') {
      if (typeof value === 'string') out[key] = value === '' ? [] : value.split(',').map((v) => v.trim());
      const element = elementOf(field);
      if (element && Array.isArray(out[key])) {
        out[key] = (out[key] as unknown[]).map((item) => coerceScalar(fieldKind(element), item));
      }
      continue;
    }
    out[key] = coerceScalar(kind, value);
  }
  return out;
}

function coerceScalar(kind: Scalar, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (kind === 'number') {
    const trimmed = value.trim();
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
  }
  if (kind === 'boolean') {
    // Spreadsheets write TRUE/FALSE, people write yes/no.
    const word = value.trim().toLowerCase();
    if (word === 'true' || word === '1' || word === 'yes') return true;
    if (word === 'false' || word === '0' || word === 'no') return false;
  }
  return value;
}

function elementOf(schema: z.ZodType): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth++) {
    const def: ZodDefLike & { element?: z.ZodType } = (current as unknown as { def: ZodDefLike & { element?: z.ZodType } }).def;
    if (def.type === 'array') return def.element;
    current = def.innerType ?? def.in;
  }
  return undefined;
}
