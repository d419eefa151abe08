import { fieldFormat, type AnyCommand, type FieldFormat } from '@traction/core';
import type { z } from 'zod';

/** The base type of an input field, as a flag or a CSV column takes it. */
export type FieldType = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'file' | 'other';

/** One field of a command's input, described for flags, CSV columns, help and completion. */
export interface InputField {
  /** Key in the input object (`user_id`, `firstName`). */
  name: string;
  /** Flag without dashes, kebab-case (`user-id`, `first-name`). */
  flag: string;
  type: FieldType;
  /** For arrays: the type of one item. */
  itemType?: FieldType;
  /** Allowed values of an enum (or of an array of enums). */
  choices?: readonly string[];
  /** Neither optional nor defaulted. */
  required: boolean;
  defaultValue?: unknown;
  format?: FieldFormat;
  description?: string;
  /** Never echoed (passwords, codes, tokens). */
  secret: boolean;
}

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

/** `user_id` → `user-id`, `firstName` → `first-name`. */
export const toFlag = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();

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

/** Every field of a command's input except the list plumbing (`download`). */
export function inputFields(command: AnyCommand): InputField[] {
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

/** The placeholder a flag's help shows for its value. */
export function valueHint(field: InputField): string {
  if (field.format === 'kobo') return 'naira';
  if (field.format === 'date') return 'YYYY-MM-DD';
  switch (field.type) {
    case 'number':
      return field.name === 'id' || /_id$|Id$/.test(field.name) ? 'id' : 'n';
    case 'enum':
      return field.flag;
    case 'array':
      return field.itemType === 'number' ? 'n,...' : `${field.flag.replace(/s$/, '')},...`;
    case 'object':
      return 'json';
    case 'file':
      return 'path';
    default:
      return /email/i.test(field.name) ? 'email' : field.flag;
  }
}

/** One line of help for a field: what it is, its default, whether it is needed. */
export function fieldHelp(field: InputField): string {
  const parts: string[] = [];
  if (field.description) parts.push(field.description);
  else
    parts.push(
      field.name
        .replace(/_/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    );
  if (field.format === 'kobo') parts.push('amount in Naira, e.g. 1,500.00');
  if (field.type === 'array') parts.push('comma-separated, or repeat the flag');
  if (field.type === 'object') parts.push('as JSON');
  if (field.required) parts.push('(required)');
  const shownDefault = defaultText(field.defaultValue);
  if (shownDefault !== undefined) parts.push(`(default: ${shownDefault})`);
  return parts.join('; ').replace(/; \(/g, ' (');
}

/** A default as it would be typed on the command line; none for an empty list or object. */
function defaultText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : undefined;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0 ? JSON.stringify(value) : undefined;
  return String(value);
}

/** The columns a command's bulk file takes, for help and messages. */
export function describeColumns(fields: readonly InputField[]): string {
  return fields.map((field) => `${field.name}${field.required ? ' (required)' : ''}`).join(', ');
}
