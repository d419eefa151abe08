import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { usageError } from '../errors';

/** What zod schemas show of themselves, enough to list an object's keys. */
interface SchemaLike {
  shape?: Record<string, unknown>;
  element?: unknown;
  options?: readonly unknown[];
  unwrap?: () => unknown;
}

/** Keys of an object schema (every option's, for a union); null when the schema is no object. */
function objectKeys(schema: unknown): string[] | null {
  const s = schema as SchemaLike | undefined;
  if (!s) return null;
  if (s.shape) return Object.keys(s.shape);
  if (Array.isArray(s.options)) {
    const keys = s.options.map(objectKeys);
    return keys.every((k) => k !== null) ? [...new Set(keys.flat() as string[])] : null;
  }
  if (typeof s.unwrap === 'function') return objectKeys(s.unwrap());
  return null;
}

/** The fields `--json a,b` may name: a list's row fields, or the keys of a command's answer; null when they cannot be known before it comes. */
export function jsonFieldsOf(command: AnyCommand): string[] | null {
  const shape = (command.output as SchemaLike).shape;
  // A list, or an answer that is only `items` (printed as rows): the fields of one row.
  if (command.list || (shape && Object.keys(shape).join() === 'items')) return objectKeys((shape?.items as SchemaLike | undefined)?.element);
  return objectKeys(command.output);
}

/** `--json` as given: true for every field, or `a,b` — checked against the command's fields (exit 2 naming the valid ones). */
export function chosenJsonFields(command: AnyCommand, value: unknown, invocation: string): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const fields = value
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  if (fields.length === 0) return undefined;
  const valid = jsonFieldsOf(command);
  if (valid) {
    const unknown = fields.filter((field) => !valid.includes(field));
    if (unknown.length) {
      throw usageError(
        `${unknown.length === 1 ? 'Unknown JSON field' : 'Unknown JSON fields'} for ${invocation}: ${unknown.join(', ')}\nFields: ${valid.join(', ')}`,
      );
    }
  }
  return fields;
}

/** Only the chosen fields of a row or answer, in the order they were named (absent ones as null, so every line has them all). */
export function pickFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
}

/**
 * `--json` takes an optional list of fields, so `traction --json admins list` would read
 * `admins` as fields. A bare `--json` followed by a subcommand of the command reached so far
 * becomes `--json=`, which commander reads as the flag alone.
 */
export function separateJsonFlag(argv: readonly string[], program: Command): string[] {
  let current = program;
  return argv.map((arg, index) => {
    const sub = current.commands.find((command) => command.name() === arg || command.aliases().includes(arg));
    if (sub) current = sub;
    const next = argv[index + 1];
    const nextIsCommand = next !== undefined && current.commands.some((command) => command.name() === next || command.aliases().includes(next));
    return arg === '--json' && nextIsCommand ? '--json=' : arg;
  });
}

/** Commander's reading of `--json`'s value: `--json=` (see separateJsonFlag) is the flag alone. */
export const jsonFieldsArgument = (value: string): string | true => (value === '' ? true : value);
