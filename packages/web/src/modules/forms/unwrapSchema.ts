import type { FieldMeta } from '@traction/core';
import type { z } from 'zod';

/** The parts of zod 4's internal definition this module reads (`schema._zod.def`). */
interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  defaultValue?: unknown;
}

export interface UnwrappedSchema {
  /** The schema under optional, default, nullable, readonly and the input side of pipes. */
  base: z.ZodType;
  /** `base`'s definition type: `string`, `number`, `enum`, `array`, `custom`, … */
  type: string;
  /** Absent input is accepted (optional, or defaulted). */
  optional: boolean;
  /** The default, when the schema has one. */
  defaultValue?: unknown;
  /** `.meta()` found on the way down; outer wrappers win. */
  meta: FieldMeta;
  /** A pipe on the way ends in an email format (`emailField` trims, then checks as email). */
  email: boolean;
}

export const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Looks through the wrappers zod puts around a field. Reads `_zod.def` because zod 4's public
 * classes do not say "this is optional with a default" in one place; `z.toJSONSchema` would, but
 * it refuses `instanceof(Blob)` uploads and loses the identity of shared schemas (dateTimeParam).
 */
export function unwrapSchema(schema: z.ZodType): UnwrappedSchema {
  let current = schema;
  let optional = false;
  let email = false;
  let defaultValue: unknown;
  let hasDefault = false;
  const meta: FieldMeta = {};
  for (let depth = 0; depth < 12; depth++) {
    const found = (current.meta() ?? {}) as FieldMeta;
    meta.format ??= found.format;
    meta.label ??= found.label;
    meta.words ??= found.words;
    const def = defOf(current);
    if (def.type === 'optional' && def.innerType) {
      optional = true;
      current = def.innerType;
    } else if ((def.type === 'default' || def.type === 'prefault') && def.innerType) {
      optional = true;
      if (!hasDefault) {
        hasDefault = true;
        defaultValue = def.defaultValue;
      }
      current = def.innerType;
    } else if (['nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type) && def.innerType) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      if (def.out && (def.out as unknown as { format?: string }).format === 'email') email = true;
      current = def.in;
    } else break;
  }
  if ((current as unknown as { format?: string }).format === 'email') email = true;
  const result: UnwrappedSchema = { base: current, type: defOf(current).type, optional, meta, email };
  if (hasDefault) result.defaultValue = defaultValue;
  return result;
}
