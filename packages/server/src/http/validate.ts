import { badRequest, type AnyCommand, type FieldIssue } from '@traction/core';
import type { z } from 'zod';

/** Parses input against the command's schema; a 400 names every failing field. */
export function validateInput(command: AnyCommand, raw: Record<string, unknown>): Record<string, unknown> {
  const result = command.input.safeParse(raw);
  if (result.success) return result.data as Record<string, unknown>;
  const fields = issuesToFields(result.error.issues, raw);
  const summary = fields.map((f) => `${f.field} ${f.message}`).join('; ');
  throw badRequest(`Invalid input: ${summary}`, fields);
}

export function issuesToFields(issues: readonly z.core.$ZodIssue[], raw: unknown): FieldIssue[] {
  return issues.slice(0, 20).map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : 'body',
    message: humanise(issue, valueAt(raw, issue.path)),
  }));
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let current = raw;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

// zod's own messages start like this; anything else was written in the contract and is kept.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

function humanise(issue: z.core.$ZodIssue, given: unknown): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return given === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'too_big':
      if (issue.exact && issue.origin === 'string') return `must be exactly ${issue.maximum} characters`;
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `must have at most ${issue.maximum} items`
          : `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.exact && issue.origin === 'string') return `must be exactly ${issue.minimum} characters`;
      return issue.origin === 'string'
        ? Number(issue.minimum) === 1
          ? 'must not be empty'
          : `must be at least ${issue.minimum} characters`
        : issue.origin === 'array'
          ? `must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
          : `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

function article(type: string): string {
  if (type === 'int') return 'a whole number';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
