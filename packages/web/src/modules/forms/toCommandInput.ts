import { parseNairaToKobo, rangeEnd, rangeStart } from '@traction/core';
import type { FieldValue, FormField, FormValues } from './FormField';

export interface ConvertedInput {
  /** The command input: the caller's fixed values and the converted fields. */
  input: Record<string, unknown>;
  /** Per field, why its text could not be read (before the schema has its say). */
  errors: Record<string, string>;
}

/**
 * Turns what the admin typed into the command's input: Naira into whole kobo, days into range
 * bounds, lists into arrays. Empty optional fields are left out so the schema's defaults apply;
 * empty required ones are reported here, in words, rather than as zod's type errors.
 */
export function toCommandInput(fields: readonly FormField[], values: FormValues, fixed: Record<string, unknown> = {}): ConvertedInput {
  const input: Record<string, unknown> = { ...fixed };
  const errors: Record<string, string> = {};
  for (const field of fields) {
    try {
      const value = convertField(field, values[field.name] ?? null);
      if (value === undefined) {
        if (field.required) errors[field.name] = 'is required';
      } else input[field.name] = value;
    } catch (error) {
      errors[field.name] = error instanceof Error ? error.message : String(error);
    }
  }
  return { input, errors };
}

const text = (value: FieldValue) => (typeof value === 'string' ? value : '');

/** One field's value as the schema expects it; undefined for "not given"; throws with a reason. */
export function convertField(field: FormField, value: FieldValue): unknown {
  switch (field.kind) {
    case 'boolean':
      return value === true;
    case 'file':
      return typeof Blob !== 'undefined' && value instanceof Blob ? value : undefined;
    case 'enumSet':
      return Array.isArray(value) ? [...value] : [];
    case 'enum': {
      const chosen = text(value);
      if (chosen === '') return undefined;
      return field.options?.find((option) => String(option) === chosen) ?? chosen;
    }
    case 'list': {
      const items = text(value)
        .split(/[\s,;]+/)
        .filter(Boolean);
      if (items.length === 0) return undefined;
      if (field.itemKind === 'text') return items;
      return items.map((item) => readNumber(item, field.itemKind === 'integer'));
    }
    case 'naira':
      return nairaToKobo(text(value));
    case 'integer':
    case 'number': {
      const typed = text(value).trim();
      return typed === '' ? undefined : readNumber(typed, field.kind === 'integer');
    }
    case 'rangeStart':
      return text(value) === '' ? undefined : rangeStart(text(value));
    case 'rangeEnd':
      return text(value) === '' ? undefined : rangeEnd(text(value));
    case 'dateTime':
      return text(value) === '' ? undefined : `${text(value).slice(0, 16)}:00.000`;
    case 'json': {
      const typed = text(value).trim();
      if (typed === '') return undefined;
      try {
        return JSON.parse(typed) as unknown;
      } catch {
        throw new Error('must be JSON');
      }
    }
    default:
      return text(value) === '' ? undefined : text(value);
  }
}

function readNumber(typed: string, integer: boolean): number {
  const pattern = integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
  if (!pattern.test(typed)) throw new Error(integer ? `"${typed}" is not a whole number` : `"${typed}" is not a number`);
  const number = Number(typed);
  if (integer && !Number.isSafeInteger(number)) throw new Error(`"${typed}" is too large`);
  return number;
}

/** "₦1,234.50" → 123450 kobo, as the JSON number koboField expects; undefined when empty. */
export function nairaToKobo(typed: string): number | undefined {
  if (typed.trim() === '') return undefined;
  let kobo: bigint;
  try {
    kobo = parseNairaToKobo(typed);
  } catch {
    throw new Error('must be an amount in Naira with at most 2 decimals, e.g. 1,250.50');
  }
  const number = Number(kobo);
  if (!Number.isSafeInteger(number)) throw new Error('is too large');
  return number;
}
