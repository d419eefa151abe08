import { fieldFormat, type AnyCommand } from '@traction/core';
import type { z } from 'zod';
import { toFlag } from './flag-name';
import type { FieldType, InputField } from './input-fields';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Looks through optional, default, nullable and pipes to the type that takes the value. */
function describeType(schema: z.ZodType): { type: FieldType; choices?: string[]; required: boolean; defaultValue?: unknown; description?: string } {
  let current: z.ZodType | undefined = schema;
  let required = true;
  let defaultValue: unknown;
  let description: string | undefined;
  for (let depth = 0; current && depth < 12; depth++) {
    description ??= current.description;
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
        required = false;
        current = def.innerType;
        continue;
      case 'default':
      case 'prefault':
        required = false;
        defaultValue ??= def.defaultValue;
        current = def.innerType;
        continue;
      case 'nullable':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        current = def.innerType;
        continue;
      case 'pipe':
        current = def.in;
        continue;
      case 'string':
        return { type: 'string', required, defaultValue, description };
      case 'number':
      case 'int':
      case 'bigint':
        return { type: 'number', required, defaultValue, description };
      case 'boolean':
        return { type: 'boolean', required, defaultValue, description };
      case 'enum':
        return { type: 'enum', choices: Object.values(def.entries ?? {}).map(String), required, defaultValue, description };
      case 'literal':
        return { type: 'enum', choices: (def.values ?? []).map(String), required, defaultValue, description };
      case 'array':
        return { type: 'array', required, defaultValue, description };
      case 'object':
      case 'record':
        return { type: 'object', required, defaultValue, description };
      default:
        return { type: 'other', required, defaultValue, description };
    }
  }
  return { type: 'other', required, defaultValue, description };
}

function elementOf(schema: z.ZodType): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 12; depth++) {
    const def = defOf(current);
    if (def.type === 'array') return def.element;
    current = def.innerType ?? def.in;
  }
  return undefined;
}

/**
 * Every field of a command's input except the list plumbing (`download`), read from its zod
 * schema. The command index is made with it (at bundle time for the bin); other code asks
 * `inputFields`, which reads the index.
 */
export function schemaFields(command: AnyCommand): InputField[] {
  const fields: InputField[] = [];
  for (const [name, schema] of Object.entries(command.input.shape as Record<string, z.ZodType>)) {
    if (command.list && name === 'download') continue;
    const described = describeType(schema);
    const format = fieldFormat(schema);
    const field: InputField = {
      name,
      flag: toFlag(name),
      type: format === 'file' ? 'file' : described.type,
      required: described.required,
      secret: command.secrets.includes(name),
    };
    if (described.choices) field.choices = described.choices;
    if (described.defaultValue !== undefined) field.defaultValue = described.defaultValue;
    if (described.description) field.description = described.description;
    if (format) field.format = format;
    if (described.type === 'array') {
      const element = elementOf(schema);
      if (element) {
        const item = describeType(element);
        field.itemType = fieldFormat(element) === 'file' ? 'file' : item.type;
        if (item.choices) field.choices = item.choices;
      }
    }
    fields.push(field);
  }
  return fields;
}
