import type { AnyCommand, FieldFormat } from '@traction/core';
import { indexedFields } from './command-index';

export { toFlag } from './flag-name';

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

/**
 * Every field of a registry command's input except the list plumbing (`download`), as flags,
 * CSV columns, help and completion take them: read from the command index, so building the
 * command tree never walks a zod schema. A fresh copy each time: callers rename flags that clash.
 */
export function inputFields(command: Pick<AnyCommand, 'id'>): InputField[] {
  const fields = indexedFields(command.id);
  if (!fields) throw new Error(`${command.id} is not in the command index; describe other commands with schemaFields()`);
  return structuredClone(fields) as InputField[];
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
