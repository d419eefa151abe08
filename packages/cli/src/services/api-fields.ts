import { usageError } from '../errors';

/** A value `-f`/`-F` can build: what JSON can say. */
export type FieldValue = string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue };

/** One `-f key=value` (a string) or `-F key=value` (typed), as typed on the command line. */
export interface FieldArgument {
  text: string;
  typed: boolean;
}

/** Reads `@path` (`@-`: standard input) for a `-F` value. */
export type ReadValue = (source: string) => Promise<string>;

/** A decimal number JSON can carry exactly: no leading zeros (`0803…` is a phone number, not a number), within the safe integers. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * `-F`'s typing, as gh's: `true`, `false` and `null` are JSON's, a decimal number is a number,
 * `@file` is the file's text as it is (`@-`: standard input); anything else stays a string.
 */
export async function typedValue(text: string, read: ReadValue): Promise<FieldValue> {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (NUMBER.test(text)) {
    const number = Number(text);
    // An id past 2^53 would arrive as another id: it stays text, which the server reads exactly.
    if (Number.isFinite(number) && (text.includes('.') || Number.isSafeInteger(number))) return number;
    return text;
  }
  if (text.startsWith('@')) return read(text.slice(1));
  return text;
}

/** `tags[]` → `['tags', '']`; `matching[search]` → `['matching', 'search']`; `name` → `['name']`. */
function keyPath(key: string, flag: string, original: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw usageError(`${flag} ${original}: "${key}" is not a field name (name, name[] for a list, name[key] for an object)`);
  const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  const appendAt = segments.indexOf('', 1);
  if (appendAt !== -1 && appendAt !== segments.length - 1) throw usageError(`${flag} ${original}: [] may only end a field name (tags[]=a)`);
  return segments;
}

const isObject = (value: FieldValue | undefined): value is { [key: string]: FieldValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `-f`/`-F` arguments → one object. `key[]=v` appends to a list (`key[]` alone is an empty list),
 * `key[sub]=v` sets a field of an object; a plain key given twice is refused rather than one
 * value silently dropped. `-f` values come first, then `-F`'s, each in the order typed.
 */
export async function parseFields(fields: readonly FieldArgument[], read: ReadValue): Promise<Record<string, FieldValue>> {
  const out: Record<string, FieldValue> = {};
  const ordered = [...fields.filter((field) => !field.typed), ...fields.filter((field) => field.typed)];
  for (const { text, typed } of ordered) {
    const flag = typed ? '-F' : '-f';
    const equals = text.indexOf('=');
    const key = equals === -1 ? text : text.slice(0, equals);
    const path = keyPath(key, flag, text);
    const appends = path.at(-1) === '' && path.length > 1;
    if (equals === -1 && !appends) throw usageError(`${flag} ${text}: expected key=value (or key[] for an empty list)`);
    const value = equals === -1 ? undefined : typed ? await typedValue(text.slice(equals + 1), read) : text.slice(equals + 1);

    let container: Record<string, FieldValue> = out;
    const names = appends ? path.slice(0, -1) : path;
    for (const [index, name] of names.entries()) {
      const last = index === names.length - 1;
      const shown = `${path[0]}${path
        .slice(1, index + 1)
        .map((segment) => `[${segment}]`)
        .join('')}`;
      if (!last) {
        const existing = container[name];
        if (existing === undefined) container[name] = {};
        else if (!isObject(existing)) throw usageError(`${flag} ${text}: ${shown} is already given as a value, not an object`);
        container = container[name] as Record<string, FieldValue>;
        continue;
      }
      if (appends) {
        const existing = container[name];
        if (existing === undefined) container[name] = [];
        else if (!Array.isArray(existing)) throw usageError(`${flag} ${text}: ${shown} is already given as a single value; give every value as ${shown}[]=…`);
        if (value !== undefined) (container[name] as FieldValue[]).push(value);
      } else {
        if (container[name] !== undefined) throw usageError(`${flag} ${text}: ${shown} is given twice; repeat it as ${shown}[]=… to send a list`);
        container[name] = value as FieldValue;
      }
    }
  }
  return out;
}

/**
 * Fields as a query string's pairs, as the server reads them: a list as the key repeated (an empty
 * list as `key=`), `null` as an empty value. Objects have no form in a query string.
 */
export function queryPairs(fields: Record<string, FieldValue>): [string, string][] {
  const pairs: [string, string][] = [];
  const scalar = (key: string, value: FieldValue): string => {
    if (value === null) return '';
    if (typeof value === 'object')
      throw usageError(`${key}: an object or a nested list cannot go in a query string; send it in a body (-X POST) or as JSON text with -f`);
    return String(value);
  };
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      if (value.length === 0) pairs.push([key, '']);
      for (const item of value) pairs.push([key, scalar(key, item)]);
    } else pairs.push([key, scalar(key, value)]);
  }
  return pairs;
}

/** `-H 'Name: value'` → `['Name', 'value']`. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  if (!name || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw usageError(`-H ${text}: expected "Name: value"`);
  return [name, text.slice(colon + 1).trim()];
}
