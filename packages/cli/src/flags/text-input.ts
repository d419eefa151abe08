import { openAsBlob } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { coerceTextInput, parseNairaToKobo, type AnyCommand } from '@traction/core';
import type { z } from 'zod';
import type { InputField } from './input-fields';

/** A value as it arrives from a flag (text, or true/false for switches) or a CSV cell (text). */
export type TextValue = string | boolean | undefined;

export interface TextInputResult {
  input: Record<string, unknown>;
  /** What could not be read before the schema even looked at it (bad Naira, bad JSON, missing file). */
  problems: string[];
}

/**
 * Turns text from flags or CSV cells into a command's input: numbers, booleans and lists through
 * core's `coerceTextInput`, amounts typed in Naira into kobo, JSON for nested objects, and file
 * paths (relative to `baseDir`) into Blobs. The schema is left to judge the result.
 */
export async function inputFromText(
  command: AnyCommand,
  fields: readonly InputField[],
  raw: Readonly<Record<string, TextValue>>,
  options: { baseDir: string; label: (field: InputField) => string },
): Promise<TextInputResult> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      values[field.name] = value;
      continue;
    }
    if (field.format === 'kobo') {
      try {
        const kobo = parseNairaToKobo(value);
        values[field.name] = Number.isSafeInteger(Number(kobo)) ? Number(kobo) : kobo;
      } catch (error) {
        problems.push(`${options.label(field)}: ${(error as Error).message}`);
      }
    } else if (field.type === 'object') {
      try {
        values[field.name] = JSON.parse(value);
      } catch {
        problems.push(`${options.label(field)}: must be JSON, e.g. '{"role":"staff"}'`);
      }
    } else if (field.type === 'file') {
      const path = isAbsolute(value) ? value : resolve(options.baseDir, value);
      try {
        // A File, not a bare Blob, so the upload keeps the name it has on disk.
        values[field.name] = new File([(await openAsBlob(path)) as unknown as Blob], basename(path));
      } catch {
        problems.push(`${options.label(field)}: cannot read the file ${path}`);
      }
    } else if (field.choices?.length) {
      values[field.name] =
        field.type === 'array'
          ? value
              .split(',')
              .map((item) => choiceAsDefined(item, field.choices!))
              .join(',')
          : choiceAsDefined(value, field.choices);
    } else {
      values[field.name] = value;
    }
  }
  return { input: coerceTextInput(command.input, values), problems };
}

/**
 * An enum value in the case the contract defines it (`pending` → `PENDING`), so people need not
 * remember which enums shout. Only a value that matches exactly one choice is changed; anything
 * else is left for the schema to refuse with the list of choices.
 */
function choiceAsDefined(typed: string, choices: readonly string[]): string {
  const text = typed.trim();
  if (choices.includes(text)) return text;
  const matching = choices.filter((choice) => choice.toLowerCase() === text.toLowerCase());
  return matching.length === 1 ? matching[0]! : typed;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Issues that mean "no value" when the value is absent: a type, an enum choice or a union that nothing matched. */
const ABSENT_VALUE_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

/**
 * zod's messages, each under the name the person typed (`--user-id`, or a CSV column), one per
 * field: the first thing wrong with it (zod also reports the checks after a failed format, which
 * would say the same thing again in other words). A field left out reads "is required" rather
 * than zod's "expected number, received undefined" or "Invalid option: expected one of …".
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[], input: unknown, label: (name: string) => string): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    // Inside a field: list items by their position as people count (1, 2…), object keys by name.
    const inner = rest.map((part) => (typeof part === 'number' ? `item ${part + 1}` : String(part))).join(', ');
    const where = head === undefined ? '' : `${label(String(head))}${inner ? ` (${inner})` : ''}`;
    if (where && seen.has(where)) continue;
    seen.add(where);
    const missing = ABSENT_VALUE_CODES.has(issue.code) && valueAt(input, issue.path) === undefined;
    const message = missing ? 'is required' : issue.message;
    messages.push(where ? `${where}: ${message}` : message);
  }
  return messages;
}

/** Parses input with the command's schema; the messages when it does not pass. */
export function validateInput(
  command: AnyCommand,
  input: Record<string, unknown>,
  label: (name: string) => string,
): { ok: true; data: Record<string, unknown> } | { ok: false; messages: string[] } {
  const result = command.input.safeParse(input);
  if (result.success) return { ok: true, data: result.data as Record<string, unknown> };
  return { ok: false, messages: issueMessages(result.error.issues, input, label) };
}
