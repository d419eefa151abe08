import { fieldFormat, LIST_PAGING_FIELDS, parseNairaToKobo, type AnyCommand } from '@traction/core';
import { rangeEnd, rangeStart } from '@traction/core/format';
import type { z } from 'zod';
import { humanize } from '../ui/humanize';

/** One filter control a list command's input calls for. */
export type FilterField =
  | { kind: 'search'; key: string; label: string }
  | { kind: 'text'; key: string; label: string }
  | { kind: 'id'; key: string; label: string }
  /** An amount in kobo that people type in Naira ("1,500" or "₦1,500.50"); the URL keeps what they typed. */
  | { kind: 'naira'; key: string; label: string }
  | { kind: 'enum'; key: string; label: string; options: readonly string[]; defaultValue?: string }
  | { kind: 'boolean'; key: string; label: string; defaultValue?: boolean }
  /** A day: the first or last millisecond of it for a range bound, or the day itself (a tracker's "as of"). */
  | { kind: 'date'; key: string; label: string; bound: 'start' | 'end' | 'day' };

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  defaultValue?: unknown;
  entries?: Record<string, string>;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** Looks through optional, default and pipes to the type the field holds, keeping its default. */
function unwrap(schema: z.ZodType): { def: Def; defaultValue?: unknown; label?: string } {
  let current: z.ZodType | undefined = schema;
  let defaultValue: unknown;
  let label: string | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    label ??= (current.meta() as { label?: string } | undefined)?.label;
    const def = defOf(current);
    if (def.type === 'default') defaultValue = def.defaultValue;
    const inner: z.ZodType | undefined = def.innerType ?? def.in;
    if (!inner) return { def, defaultValue, ...(label ? { label } : {}) };
    current = inner;
  }
  return { def: defOf(schema) };
}

/** `adminId` → `Admin ID`, `startdatetime` → `Startdatetime` (fields may say better with a meta label). */
function labelFor(key: string): string {
  return humanize(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()).replace(/\bid\b/gi, 'ID');
}

/** The filters of a list command, in the order its input declares them. */
export function describeFilters(command: AnyCommand): FilterField[] {
  const list = command.list;
  if (!list) throw new Error(`${command.id} is not a list command`);
  const fields: FilterField[] = [];
  for (const [key, schema] of Object.entries(command.input.shape as Record<string, z.ZodType>)) {
    if (LIST_PAGING_FIELDS.has(key)) continue;
    const { def, defaultValue, label: metaLabel } = unwrap(schema);
    const label = metaLabel ?? labelFor(key);
    if (key === list.searchField) fields.push({ kind: 'search', key, label });
    else if (key === list.dateRange?.from) fields.push({ kind: 'date', key, label: 'From', bound: 'start' });
    else if (key === list.dateRange?.to) fields.push({ kind: 'date', key, label: 'To', bound: 'end' });
    else if (def.type === 'enum' && def.entries) {
      fields.push({ kind: 'enum', key, label, options: Object.values(def.entries), ...(typeof defaultValue === 'string' ? { defaultValue } : {}) });
    } else if (fieldFormat(schema) === 'kobo') fields.push({ kind: 'naira', key, label });
    // Another range of the list (deployed from/to): a date box too, its end by its name.
    else if (fieldFormat(schema) === 'range-bound') fields.push({ kind: 'date', key, label, bound: /(to|end|enddatetime)$/i.test(key) ? 'end' : 'start' });
    else if (fieldFormat(schema) === 'date') fields.push({ kind: 'date', key, label, bound: 'day' });
    else if (def.type === 'number') fields.push({ kind: 'id', key, label });
    else if (def.type === 'boolean') fields.push({ kind: 'boolean', key, label, ...(typeof defaultValue === 'boolean' ? { defaultValue } : {}) });
    else fields.push({ kind: 'text', key, label });
  }
  return fields;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function inputValue(field: FilterField, text: string): unknown {
  switch (field.kind) {
    case 'id':
      return /^\d+$/.test(text) ? Number(text) : text;
    case 'naira':
      return nairaAsKobo(text);
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'date':
      // The URL keeps the plain day people picked; the server gets the bounds spec §5 asks for.
      if (!DAY.test(text) || field.bound === 'day') return text;
      return field.bound === 'start' ? rangeStart(text) : rangeEnd(text);
    default:
      return text;
  }
}

/**
 * The list command's filter input from the URL. Values the command would refuse (a hand-edited
 * `?role=owner`) are left out rather than turning the page into a 400.
 */
export function filtersFromParams(command: AnyCommand, fields: readonly FilterField[], params: URLSearchParams): Record<string, unknown> {
  return readFilters(command, fields, params).filters;
}

/** A filter in the URL the list cannot apply, with the schema's reason. */
export interface IgnoredFilter {
  key: string;
  label: string;
  value: string;
  message: string;
}

/**
 * The URL's filters as the list's input, and those that do not pass its schema (`status=BOGUS`,
 * a 31st of February): the list runs without them, and the page says so rather than showing
 * rows the link did not ask for. One parse per filter serves both.
 */
export function readFilters(
  command: AnyCommand,
  fields: readonly FilterField[],
  params: URLSearchParams,
): { filters: Record<string, unknown>; ignored: IgnoredFilter[] } {
  const shape = command.input.shape as Record<string, z.ZodType>;
  const filters: Record<string, unknown> = {};
  const ignored: IgnoredFilter[] = [];
  for (const field of fields) {
    const text = params.get(field.key)?.trim();
    if (!text) continue;
    const parsed = shape[field.key]?.safeParse(inputValue(field, text));
    if (!parsed) continue;
    if (parsed.success) {
      if (parsed.data !== undefined) filters[field.key] = parsed.data;
    } else {
      ignored.push({ key: field.key, label: field.label, value: text, message: parsed.error.issues[0]?.message ?? 'is not valid' });
    }
  }
  return { filters, ignored };
}

/** The URL with one filter set, or removed when `value` is empty. */
export function withFilter(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value.trim() === '') next.delete(key);
  else next.set(key, value);
  return next;
}

/** The URL without any of the list's filters (other parameters stay). */
export function withoutFilters(params: URLSearchParams, fields: readonly FilterField[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of fields) next.delete(field.key);
  return next;
}

/** How many of the list's filters the URL sets. */
export function countFilters(params: URLSearchParams, fields: readonly FilterField[]): number {
  return fields.filter((field) => (params.get(field.key) ?? '').trim() !== '').length;
}

/** "1,500.50" → 150050 kobo; text that is not an amount goes as typed, for the server to name the field. */
function nairaAsKobo(text: string): unknown {
  try {
    const kobo = parseNairaToKobo(text);
    return Number.isSafeInteger(Number(kobo)) ? Number(kobo) : text;
  } catch {
    return text;
  }
}
