import { dateTimeParam, type AnyCommand } from '@traction/core';
import type { z } from 'zod';
import type { FieldKind, FormField } from './FormField';
import { labelFromName } from './labelFromName';
import { defOf, unwrapSchema, type UnwrappedSchema } from './unwrapSchema';

const SELECTION = ['ids', 'matching', 'except'] as const;

/**
 * The fields a command's generated form shows: every input field except those the caller fixed
 * (a table selection, a page's record id), a list's `download` switch (CSV goes through the
 * table's export), its `after` and `limit` (paging for scripts), and optional nested objects. A bulk selection opened without one shows `ids`
 * as a required list; `matching`/`except` only make sense with a table's filters.
 */
export function fieldsOfCommand(command: AnyCommand, fixed: Record<string, unknown> = {}): FormField[] {
  const shape = command.input.shape as Record<string, z.ZodType>;
  const bulk = SELECTION.every((name) => name in shape);
  const selectionFixed = bulk && (fixed.ids !== undefined || fixed.matching !== undefined);
  const fields: FormField[] = [];
  for (const [name, schema] of Object.entries(shape)) {
    if (name in fixed) continue;
    if (command.list && (name === 'download' || name === 'after' || name === 'limit')) continue;
    if (bulk && (selectionFixed ? (SELECTION as readonly string[]).includes(name) : name === 'matching' || name === 'except')) continue;
    const field = describeField(command, name, schema);
    if (!field) continue;
    if (bulk && name === 'ids') field.required = true;
    fields.push(field);
  }
  return fields;
}

function describeField(command: AnyCommand, name: string, schema: z.ZodType): FormField | null {
  const unwrapped = unwrapSchema(schema);
  const kind = kindOf(command, name, unwrapped);
  if (kind === null) return null;
  if (kind.kind === 'json' && unwrapped.optional) return null;
  const field: FormField = {
    name,
    label: unwrapped.meta.label ?? labelFromName(name),
    kind: kind.kind,
    required: !unwrapped.optional,
  };
  if ('defaultValue' in unwrapped) field.defaultValue = unwrapped.defaultValue;
  if (kind.options) field.options = kind.options;
  if (unwrapped.meta.words) field.optionWords = unwrapped.meta.words;
  if (kind.itemKind) field.itemKind = kind.itemKind;
  const maxLength = (unwrapped.base as unknown as { maxLength?: number | null }).maxLength;
  // A business named by id or email takes up to 254 characters, and is still one line.
  if (kind.kind === 'text' && typeof maxLength === 'number' && maxLength > 254) field.multiline = true;
  return field;
}

type Described = { kind: FieldKind; options?: readonly (string | number)[]; itemKind?: FormField['itemKind'] };

function kindOf(command: AnyCommand, name: string, field: UnwrappedSchema): Described | null {
  if (field.meta.format === 'kobo') return { kind: 'naira' };
  if (field.meta.format === 'file') return { kind: 'file' };
  if (field.meta.format === 'date') return { kind: 'day' };
  if (field.meta.format === 'honeypot') return { kind: 'honeypot' };
  const def = defOf(field.base);
  switch (field.type) {
    case 'string':
      if (field.email) return { kind: 'email' };
      if (field.base === dateTimeParam) return { kind: rangeBound(command, name) };
      if (command.secrets.includes(name) || /password/i.test(name)) return { kind: 'secret' };
      return { kind: 'text' };
    case 'number':
      return { kind: (field.base as unknown as { isInt?: boolean }).isInt ? 'integer' : 'number' };
    case 'int':
    case 'bigint':
      return { kind: 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', options: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'enum', options: (def.values ?? []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number') };
    case 'file':
      return { kind: 'file' };
    case 'date':
      return { kind: 'day' };
    case 'array':
      return arrayKind(def.element);
    case 'object':
    case 'record':
    case 'union':
      return { kind: 'json' };
    default:
      return null;
  }
}

function arrayKind(element: z.ZodType | undefined): Described {
  if (!element) return { kind: 'json' };
  const item = unwrapSchema(element);
  if (item.type === 'enum') return { kind: 'enumSet', options: Object.values(defOf(item.base).entries ?? {}) };
  if (item.type === 'number' || item.type === 'int') {
    return { kind: 'list', itemKind: (item.base as unknown as { isInt?: boolean }).isInt || item.type === 'int' ? 'integer' : 'number' };
  }
  if (item.type === 'string') return { kind: 'list', itemKind: 'text' };
  return { kind: 'json' };
}

/**
 * A date-time range bound: the list spec names its range fields; otherwise the words of the
 * name tell (`from`, `startDate`, `enddatetime`, `created_to`). Anything else is a date-time.
 */
function rangeBound(command: AnyCommand, name: string): FieldKind {
  if (command.list?.dateRange?.from === name) return 'rangeStart';
  if (command.list?.dateRange?.to === name) return 'rangeEnd';
  const words = labelFromName(name).toLowerCase().split(' ');
  if (words.includes('start') || words.includes('from')) return 'rangeStart';
  if (words.includes('end') || words.includes('to')) return 'rangeEnd';
  return 'dateTime';
}
